// What-if builds (not used by `npm run bench`): compiles one variant of backend/src into
// backend/.perf/dist/<name>/out, so that variants run side by side (ab.mjs "name@<name>") without
// touching backend/dist, which other suites run. The tree lives under a `dist/` folder: git ignores it.
//   node bench/experiments/build-variant.mjs <name> [<git ref> [<file of the working tree> …]]
// With a ref, the sources are that commit's, overlaid with the listed working-tree files (so a
// variant isolates one's own change from other edits in progress); without one, the working tree.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/util.mjs';

const [name, ref, ...overlay] = process.argv.slice(2);
if (!name || !/^[\w.-]+$/.test(name)) throw new Error('usage: build-variant.mjs <name> [<git ref> [files…]]');
const dir = join(ROOT, 'backend', '.perf', 'dist', name);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
if (ref) {
  const tar = execFileSync('git', ['archive', ref, 'backend/src'], { cwd: ROOT, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir, '--strip-components=1'], { input: tar });
  for (const file of overlay) cpSync(join(ROOT, file), join(dir, file.replace(/^backend\//, '')));
} else {
  cpSync(join(ROOT, 'backend', 'src'), join(dir, 'src'), { recursive: true });
}
writeFileSync(
  join(dir, 'tsconfig.json'),
  JSON.stringify({
    extends: join(ROOT, 'tsconfig.json'),
    compilerOptions: { rootDir: 'src', outDir: 'out', types: ['node'], incremental: false, noEmitOnError: false },
    include: ['src/**/*.ts'],
    exclude: ['src/**/*.spec.ts', 'src/**/*.spec-helper.ts'],
  }),
);
try {
  execFileSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: dir, stdio: 'inherit' });
} catch {
  console.error(`${name}: type errors above (emitted anyway)`);
}
console.log(join(dir, 'out'));
