// `npm run migrate` (README, "Migrating a store of the previous form"): node backend/dist/entry-points/migrate.main.js, without its build step, on a generated
// store of the previous form (plaintext profiles, UUIDv5 ids, unversioned events: bench/generate-events.mjs).
// Then the copy is checked, and any failure stops the bench with a non-zero exit:
//   - the read model rebuilt from the old store and from the new one are the same for every user, a user of
//     the copy found by their email read through the codec (decrypted): verifyMigration, the check of
//     `npm run migrate -- --verify`, built on the rebuild the tests compare with (backend/src/replay/rebuild-in-memory.ts);
//   - no file of the new DATA_DIR holds, as bytes, the email (any case), first or last name or password hash of
//     any user; the same search over the old store must find every one of them (so the search itself works).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateInto } from '../generate-events.mjs';
import { run } from '../lib/processes.mjs';
import { DIST } from '../lib/util.mjs';

const require = createRequire(import.meta.url);

const ENV = {
  NODE_ENV: 'production',
  EMAIL_INDEX_SECRET: 'bench-email-index-secret-'.padEnd(48, 'x'),
  EVENTSTORE_CONNECTION_STRING: '',
  KEY_STORE_URL: '',
};

/** Each user's personal data as the old store holds it, in plain text. */
async function profilesOf(file) {
  const { SqliteEventStore } = require(join(DIST, 'event-store/sqlite/sqlite-event-store.js'));
  const store = SqliteEventStore.open(file);
  const profiles = [];
  const head = await store.headPosition();
  const stop = new AbortController();
  for await (const batch of store.subscribeToAll({ signal: stop.signal, maxBatch: 5000 })) {
    for (const { type, data } of batch) if (type === 'UserSignedUp') profiles.push(data);
    if (batch[batch.length - 1].position >= head) stop.abort();
  }
  await store.close();
  return profiles;
}

function lowerAscii(bytes) {
  const lower = Buffer.from(bytes);
  for (let i = 0; i < lower.length; i++) if (lower[i] >= 65 && lower[i] <= 90) lower[i] += 32;
  return lower;
}

/**
 * Which of `needles` (strings of 4 bytes or more) occur in `bytes`, in one pass: a position is a candidate
 * when its first 4 bytes begin some needle, and then only the needles of those 4 bytes' lengths are looked
 * up (generated emails all begin with "user", as does every "userId" of the new store).
 */
function occurring(bytes, needles) {
  const asBytes = (needle) => Buffer.from(needle, 'utf8').toString('latin1'); // one char per byte, like the slices below
  const wanted = new Set(needles.map(asBytes));
  const lengthsByHead = new Map();
  const firstTwo = new Uint8Array(65536); // most positions are ruled out here, without a Map lookup
  for (const needle of wanted) {
    if (needle.length < 4) throw new Error(`"${needle}" is too short to search for`);
    const head = Buffer.from(needle, 'latin1').readUInt32BE(0);
    lengthsByHead.set(head, new Set([...(lengthsByHead.get(head) ?? []), needle.length]));
    firstTwo[head >>> 16] = 1;
  }
  const found = new Set();
  for (let start = 0; start + 4 <= bytes.length; start++) {
    if (!firstTwo[(bytes[start] << 8) | bytes[start + 1]]) continue;
    for (const length of lengthsByHead.get(bytes.readUInt32BE(start)) ?? []) {
      const slice = bytes.toString('latin1', start, start + length);
      if (wanted.has(slice)) found.add(Buffer.from(slice, 'latin1').toString('utf8'));
    }
  }
  return found;
}

/** Every needle of every user found in the files: emails in any case, names and hashes as written. */
function plaintextIn(files, profiles) {
  const emails = profiles.map((p) => p.email.toLowerCase());
  const exact = profiles.flatMap((p) => [p.firstName, p.lastName, p.passwordHash]);
  const found = new Set();
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const needle of occurring(lowerAscii(bytes), emails)) found.add(needle);
    for (const needle of occurring(bytes, exact)) found.add(needle);
  }
  return { found, needles: new Set([...emails, ...exact]).size };
}

export async function migrateBenchmark({ cfg, jwtSecret, log }) {
  const dir = mkdtempSync(join(tmpdir(), 'techtube-bench-migrate-'));
  const [from, to] = [join(dir, 'old'), join(dir, 'new')];
  try {
    const generated = await generateInto(join(from, 'events.sqlite'), cfg.migrateEvents);
    log(`migrate: generated ${generated.events} events of ${generated.userIds.length} users in the previous form`);

    const env = { ...process.env, ...ENV, JWT_SECRET: jwtSecret };
    const started = performance.now();
    const output = await run(process.execPath, [join(DIST, 'entry-points', 'migrate.main.js'), from, to], { env });
    const wallSeconds = (performance.now() - started) / 1000;
    const done = /migrated (\d+) events of (\d+) users in ([\d.]+) s: (\d+) events\/s \(CPU ([\d.]+) s\)/.exec(output);
    if (!done) throw new Error(`npm run migrate printed no result:\n${output}`);
    const [events, users, seconds, eventsPerSecond, cpuSeconds] = done.slice(1).map(Number);
    log(
      `migrate: ${events} events of ${users} users in ${seconds} s = ${eventsPerSecond} events/s (CPU ${cpuSeconds} s; ${wallSeconds.toFixed(1)} s with start-up and publishing)`,
    );
    if (events !== generated.events) throw new Error(`npm run migrate copied ${events} of ${generated.events} events`);

    const checkStarted = performance.now();
    const { loadConfig } = require(join(DIST, 'config/app-config.js'));
    const { openEventStore } = require(join(DIST, 'storage/storage.providers.js'));
    const { SqliteEventStore } = require(join(DIST, 'event-store/sqlite/sqlite-event-store.js'));
    const { verifyMigration } = require(join(DIST, 'migrate/verify-migration.js'));
    const config = loadConfig({ ...env, DATA_DIR: to });
    const copy = openEventStore(config);
    // The old store read as the app reads it: nothing in it is sealed, so the copy's key store is never asked.
    const original = openEventStore(config, { raw: SqliteEventStore.open(join(from, 'events.sqlite')) });
    let check;
    try {
      check = await verifyMigration(original, copy);
    } finally {
      await Promise.all([original.close(), copy.close()]);
    }
    log(`migrate: read models compared for ${check.users} users: ${check.mismatches.length} differ`);
    if (check.mismatches.length > 0)
      throw new Error(`migrate: ${check.mismatches.length} users differ:\n${check.mismatches.slice(0, 20).join('\n')}`);
    if (check.users !== generated.userIds.length)
      throw new Error(`migrate: ${check.users} users compared, ${generated.userIds.length} generated`);

    const profiles = await profilesOf(join(from, 'events.sqlite'));
    const control = plaintextIn([join(from, 'events.sqlite')], profiles);
    if (control.found.size !== control.needles)
      throw new Error(`migrate: the byte search found ${control.found.size} of ${control.needles} needles in the old store`);
    const files = readdirSync(to).map((name) => join(to, name));
    const leaked = plaintextIn(files, profiles);
    log(
      `migrate: ${leaked.needles} emails, names and hashes searched in ${files.length} files of the new DATA_DIR: ${leaked.found.size} found`,
    );
    if (leaked.found.size > 0)
      throw new Error(`migrate: plaintext personal data in the new DATA_DIR: ${[...leaked.found].slice(0, 10).join(', ')}`);

    return {
      events,
      users,
      seconds,
      eventsPerSecond,
      cpuSeconds,
      wallSeconds,
      generatedSeconds: generated.seconds,
      usersCompared: check.users,
      needles: leaked.needles,
      files: files.map((file) => file.slice(to.length + 1)),
      checkSeconds: (performance.now() - checkStarted) / 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
