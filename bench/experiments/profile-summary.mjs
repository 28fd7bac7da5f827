// Summary of a V8 .cpuprofile (node --cpu-prof): self time per function and per package, the
// inclusive time of every frame whose function or file matches a pattern, and each sample charged to
// the innermost matching pattern (stages that add up to 100 %).
//   node bench/experiments/profile-summary.mjs <file.cpuprofile> [top=30] [pattern …]
import { readFileSync } from 'node:fs';

const [file, top = '30', ...patterns] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
// PROFILE_SKIP_MS: leave out the first milliseconds (start-up, warm-up).
const skipUs = Number(process.env.PROFILE_SKIP_MS ?? 0) * 1000;
let clock = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  clock += profile.timeDeltas[i] ?? 0;
  if (clock < skipUs) continue;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const where = (cf) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(cf.url);
  if (m) return m[1];
  if (cf.url.includes('/out/') || cf.url.includes('/dist/')) return 'app';
  return cf.url ? 'node:' + cf.url.replace(/^node:/, '').split('/')[0] : `(${cf.functionName || 'native'})`;
};
const add = (map, key, v) => map.set(key, (map.get(key) ?? 0) + v);
const fn = new Map();
const pkg = new Map();
for (const [id, us] of self) {
  const cf = byId.get(id).callFrame;
  add(fn, `${cf.functionName || '(anonymous)'} ${cf.url.split('/').slice(-2).join('/')}:${cf.lineNumber + 1}`, us);
  add(pkg, where(cf), us);
}
console.log(`total ${(total / 1000).toFixed(0)} ms sampled`);
console.log('\nself time by package:');
for (const [k, v] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(v)}  ${k}`);
console.log('\nself time by function:');
for (const [k, v] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${pct(v)}  ${k}`);
if (patterns.length) {
  console.log('\ninclusive time of frames matching:');
  for (const pattern of patterns) {
    const re = new RegExp(pattern);
    let inclusive = 0;
    for (const [id, us] of self) {
      // Counted once per sample even when the pattern recurs up the stack.
      for (let at = id; at !== undefined; at = parent.get(at)) {
        const cf = byId.get(at).callFrame;
        if (re.test(cf.functionName) || re.test(cf.url)) {
          inclusive += us;
          break;
        }
      }
    }
    console.log(`${pct(inclusive)}  ${pattern}`);
  }
}
if (patterns.length) {
  console.log('\nsamples charged to the innermost matching pattern:');
  const res = patterns.map((p) => new RegExp(p));
  const stage = new Map();
  for (const [id, us] of self) {
    let charged = '(none)';
    for (let at = id; at !== undefined && charged === '(none)'; at = parent.get(at)) {
      const cf = byId.get(at).callFrame;
      const i = res.findIndex((re) => re.test(cf.functionName) || re.test(cf.url));
      if (i >= 0) charged = patterns[i];
    }
    add(stage, charged, us);
  }
  for (const [k, v] of [...stage].sort((a, b) => b[1] - a[1])) console.log(`${pct(v)}  ${k}`);
}
