// Generates a realistic event log straight into an embedded (SQLite) event store file: the logic of
// test/support/event-generator.ts (same seed, same users, same events), ported to plain JavaScript.
//
//   node bench/generate-events.mjs <events.sqlite> [targetEvents=1000000] [seed=42]
//
// The rows are exactly those SqliteEventStore.appendToStream writes (schema, id, revision, JSON
// data and metadata, created_at); the file is created by the adapter itself. Only the bulk load
// differs: many streams per transaction with synchronous=OFF, so that a million events take seconds
// instead of one fsync per stream. The file is left in WAL mode with synchronous FULL for its readers.
import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './lib/util.mjs';

const require = createRequire(import.meta.url);
// BACKEND_DIST: another build of the backend (bench/experiments/ builds variants elsewhere).
const DIST = process.env.BACKEND_DIST || process.env.BENCH_BACKEND_DIST || join(ROOT, 'backend/dist');
const { VIDEOS } = require(join(DIST, 'catalogue/catalogue.data.js'));
const { streams } = require(join(DIST, 'events/app-events.js'));
const { SqliteEventStore } = require(join(DIST, 'event-store/sqlite/sqlite-event-store.js'));
const Database = require(require.resolve('better-sqlite3', { paths: [join(ROOT, 'backend')] }));

const VIDEO_IDS = VIDEOS.map((v) => v._id);

/** A deterministic pseudo-random source, so a generated log is the same on every run. */
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const uuid = (name) => {
  const h = createHash('sha1').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * test/support/event-generator.ts's generateActivity, with `append(stream, events)` in place of
 * `store.appendToStream(stream, events, 'no_stream')` (every stream is new and written once).
 */
export function generateActivity(append, targetEvents, seed = 42) {
  const next = random(seed);
  const pick = () => VIDEO_IDS[Math.floor(next() * VIDEO_IDS.length)];
  const userIds = [];
  let events = 0;
  for (let u = 0; events < targetEvents; u++) {
    const userId = uuid(`generated-user-${seed}-${u}`);
    userIds.push(userId);
    const email = `user${u}@generated.example`;
    append(streams.user(userId), [
      {
        type: 'UserSignedUp',
        data: {
          userId,
          email,
          passwordHash: 'scrypt$generated',
          firstName: `User${u}`,
          lastName: 'Generated',
          createdAt: '2026-11-21T10:00:00+00:00',
        },
      },
    ]);
    events += 1;
    const toggles = (added, removed, count, cleared) => {
      const present = new Set();
      const out = [];
      for (let i = 0; i < count; i++) {
        const videoId = pick();
        if (cleared && next() < 0.03) {
          out.push({ type: cleared, data: { userId } });
          present.clear();
        } else if (present.has(videoId)) {
          out.push({ type: removed, data: { userId, videoId } });
          present.delete(videoId);
        } else {
          out.push({ type: added, data: { userId, videoId } });
          present.add(videoId);
        }
      }
      return out;
    };
    for (const [stream, list] of [
      [streams.likes(userId), toggles('VideoLiked', 'VideoUnliked', 30)],
      [streams.watchLater(userId), toggles('VideoAddedToWatchLater', 'VideoRemovedFromWatchLater', 20)],
      [streams.history(userId), toggles('VideoWatched', 'VideoRemovedFromHistory', 30, 'HistoryCleared')],
    ]) {
      append(stream, list);
      events += list.length;
    }
    for (let p = 0; p < 2; p++) {
      const playlistId = uuid(`generated-playlist-${seed}-${u}-${p}`);
      const created = { type: 'PlaylistCreated', data: { playlistId, userId, title: `Playlist ${p} of user ${u}` } };
      const videos = toggles('VideoAddedToPlaylist', 'VideoRemovedFromPlaylist', 8).map((e) => ({ ...e, data: { ...e.data, playlistId } }));
      const deleted = p === 1 && next() < 0.2 ? [{ type: 'PlaylistDeleted', data: { playlistId, userId } }] : [];
      const all = [created, ...videos, ...deleted];
      append(streams.playlist(playlistId), all);
      events += all.length;
    }
  }
  return { userIds, events };
}

/**
 * Opens (creating it with the adapter) an event-store file for bulk loading. `append(stream, events)`
 * writes a new stream from revision 0; `flush()` commits; `close()` commits and closes.
 */
export async function openBulkWriter(file, { rowsPerTransaction = 20_000 } = {}) {
  await SqliteEventStore.open(file).close(); // the adapter creates the schema and WAL mode
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const revisions = new Map();
  let pending = [];
  let pendingRows = 0;
  const writeAll = db.transaction((batches) => {
    for (const [stream, events, createdAt] of batches) {
      let revision = revisions.get(stream) ?? -1;
      for (const event of events) {
        revision += 1;
        insert.run(randomUUID(), stream, revision, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata ?? {}), createdAt);
      }
      revisions.set(stream, revision);
    }
  });
  const flush = () => {
    if (pending.length > 0) writeAll(pending);
    pending = [];
    pendingRows = 0;
  };
  return {
    append(stream, events) {
      pending.push([stream, events, new Date().toISOString()]);
      pendingRows += events.length;
      if (pendingRows >= rowsPerTransaction) flush();
    },
    flush,
    close() {
      flush();
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

/** Generates about `targetEvents` events of realistic activity into `file`. */
export async function generateInto(file, targetEvents, seed = 42) {
  const writer = await openBulkWriter(file);
  const started = performance.now();
  const result = generateActivity(writer.append, targetEvents, seed);
  writer.close();
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, target = '1000000', seed = '42'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/generate-events.mjs <events.sqlite> [targetEvents] [seed]');
    process.exit(2);
  }
  const { events, userIds, seconds } = await generateInto(file, Number(target), Number(seed));
  console.log(`generated ${events} events for ${userIds.length} users in ${seconds.toFixed(1)} s into ${file}`);
}
