// What-if A/B for the replay (not used by `npm run bench`): one generated log, replayed by several
// builds (bench/experiments/build-variant.mjs) and node flags in interleaved rounds into one private
// Redis, each under its own prefix; then every variant's read model is compared key by key with the
// first's (type, value, members and scores).
//   node bench/experiments/replay-ab.mjs <events> "old@base" "new@wt" "new64@wt=--max-semi-space-size=64" …
// AB_ROUNDS (default 2). The log is generated once into a temp dir with the first variant's build.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateInto } from '../generate-events.mjs';
import { run, startRedis } from '../lib/processes.mjs';
import { ROOT, median } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const Redis = require(require.resolve('ioredis', { paths: [join(ROOT, 'backend')] }));
const [eventsArg, ...specs] = process.argv.slice(2);
const rounds = Number(process.env.AB_ROUNDS ?? 2);
const variants = specs.map((spec) => {
  const [label, ...flags] = spec.split('=');
  const [name, build] = label.split('@');
  return {
    name,
    main: join(ROOT, 'backend', '.perf', 'dist', build, 'out', 'entry-points/replay.main.js'),
    flags: flags.join('=').split(' ').filter(Boolean),
    rates: [],
  };
});

const dataDir = mkdtempSync(join(tmpdir(), 'techtube-replay-ab-'));
const redis = await startRedis();
const admin = new Redis(redis.url);
try {
  process.env.BACKEND_DIST = join(ROOT, 'backend', '.perf', 'dist', specs[0].split('=')[0].split('@')[1], 'out');
  const generated = await generateInto(join(dataDir, 'events.sqlite'), Number(eventsArg));
  console.error(`generated ${generated.events} events`);
  for (let r = 0; r < rounds; r++) {
    for (const v of r % 2 ? [...variants].reverse() : variants) {
      const prefix = `ab-${v.name}-${r}`;
      const output = await run(process.execPath, [...v.flags, v.main], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          JWT_SECRET: 'x'.repeat(48),
          EMAIL_INDEX_SECRET: 'e'.repeat(48),
          DATA_DIR: dataDir,
          REDIS_URL: redis.url,
          REDIS_KEY_PREFIX: prefix,
        },
      });
      const done = /replay done: (\d+) events, (\d+) events\/s/.exec(output);
      if (!done) throw new Error(`${v.name}: no result\n${output}`);
      v.rates.push(Number(done[2]));
      v.prefix = prefix;
      console.error(`round ${r + 1} ${v.name}: ${done[2]} events/s`);
    }
  }
  const reference = await dump(variants[0].prefix);
  for (const v of variants) {
    const model = await dump(v.prefix);
    const same = JSON.stringify(model) === JSON.stringify(reference);
    console.log(
      `replay ${v.name}: median ${Math.round(median(v.rates))} events/s (${v.rates.join(', ')}); ${Object.keys(model).length} keys, ${same ? 'identical to' : 'DIFFERENT from'} ${variants[0].name}`,
    );
  }
} finally {
  admin.disconnect();
  await redis.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Every key of the prefix's active namespace, by its name inside the namespace, with its content. */
async function dump(prefix) {
  const base = `${prefix}:${await admin.get(`${prefix}:active`)}`;
  const keys = [];
  let cursor = '0';
  do {
    const [next, batch] = await admin.scan(cursor, 'MATCH', `${base}:*`, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  const model = {};
  for (const key of keys.sort()) {
    const type = await admin.type(key);
    const value =
      type === 'string'
        ? await admin.get(key)
        : type === 'zset'
          ? await admin.zrange(key, 0, -1, 'WITHSCORES')
          : type === 'hash'
            ? Object.entries(await admin.hgetall(key)).sort()
            : `unexpected ${type}`;
    model[key.slice(base.length)] = [type, value];
  }
  return model;
}
