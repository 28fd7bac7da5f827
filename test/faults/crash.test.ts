import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '../../backend/src/events/app-events';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';
import { startRedis, TestRedis } from '../support/redis-server';
import { ensureBuilt, ServerProcess, startServerProcess } from '../support/server-process';

/**
 * Fault: the server is SIGKILLed in the middle of a write load and restarted on the same data.
 *
 * Four clients, one user each, write sequentially (like/unlike, watch later add/remove, history
 * add/remove) for about 1.5 s; then the process is killed without warning. Because each client
 * waits for every answer, each (user, list) has a total order of writes and at most one write
 * in flight at the kill. After the restart, for every list:
 *   - the state is the list of its last acknowledged answer, or that list with the one in-flight
 *     write applied (it may or may not have landed) — so every acknowledged write is present
 *     (none lost) and its order kept;
 *   - the stream holds exactly one event per acknowledged write (+1 if the in-flight one landed),
 *     and folding it never adds a present video or removes an absent one (none doubled);
 *   - no list holds a video twice;
 *   - the restarted server's read model equals a full rebuild: a second server started on a copy
 *     of the data directory answers every list identically.
 * Run once on the memory read model (rebuilt at start) and once on Redis, where the read model
 * and its checkpoint survive the crash and the projector must resume without loss or repeat.
 */

const LISTS = ['likes', 'watchlater', 'history'] as const;
type List = (typeof LISTS)[number];
const READ_PATH: Record<List, string> = { likes: '/user/likes', watchlater: '/user/watchlater/', history: '/user/history' };
const STREAM: Record<List, (userId: string) => string> = { likes: streams.likes, watchlater: streams.watchLater, history: streams.history };
const ADDS = new Set(['VideoLiked', 'VideoAddedToWatchLater', 'VideoWatched']);
const REMOVES = new Set(['VideoUnliked', 'VideoRemovedFromWatchLater', 'VideoRemovedFromHistory']);
const CLIENTS = 4;
const LOAD_MS = 1500;

interface Write {
  readonly list: List;
  readonly kind: 'add' | 'remove';
  readonly video: string;
  outcome: 'acknowledged' | 'rejected' | 'in-flight';
  status?: number;
  /** The list as the acknowledged answer showed it (ids, in order). */
  after?: string[];
}
interface User {
  readonly userId: string;
  readonly client: ApiClient;
  readonly writes: Write[];
}

const ids = (videos: Array<{ _id: string }>) => videos.map((v) => v._id);
const apply = (list: string[], w: Write) =>
  w.kind === 'add' ? (list.includes(w.video) ? list : [...list, w.video]) : list.filter((v) => v !== w.video);
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** One client: sequential writes chosen from its own acknowledged state, until the server dies. */
async function writeUntilKilled(user: User, videos: string[], stop: { now: boolean }): Promise<void> {
  const state: Record<List, string[]> = { likes: [], watchlater: [], history: [] };
  while (!stop.now) {
    const list = pick(LISTS);
    const video = pick(videos);
    const write: Write = { list, kind: state[list].includes(video) ? 'remove' : 'add', video, outcome: 'in-flight' };
    user.writes.push(write);
    try {
      const res =
        write.kind === 'add'
          ? await user.client.post(`/user/${list}`, { video: { _id: video } })
          : await user.client.delete(`/user/${list}/${video}`);
      write.status = res.status;
      if (res.status === 200 || res.status === 201) {
        write.outcome = 'acknowledged';
        write.after = ids(res.body[list]);
        state[list] = write.after;
      } else if (res.status >= 400 && res.status < 500) {
        write.outcome = 'rejected'; // refused by a rule: nothing stored
      } else {
        return; // a 5xx may or may not have stored it: stop here, it stays "in flight"
      }
    } catch {
      return; // the connection died with the server: this write is in flight
    }
  }
}

interface Verdict {
  checked: number;
  lost: number;
  doubled: number;
  inFlight: number;
  inFlightLanded: number;
  problems: string[];
}

/** Compares one list after the restart with what the answers before the kill proved. */
function judge(user: User, list: List, final: string[], events: Array<{ type: string; data: unknown }>, verdict: Verdict): void {
  const writes = user.writes.filter((w) => w.list === list);
  const acknowledged = writes.filter((w) => w.outcome === 'acknowledged');
  const inFlight = writes.filter((w) => w.outcome === 'in-flight');
  const lastAck = acknowledged.at(-1)?.after ?? [];
  const label = `${user.userId.slice(0, 8)}/${list}`;
  verdict.checked += acknowledged.length;
  verdict.inFlight += inFlight.length;
  if (inFlight.length > 1) verdict.problems.push(`${label}: ${inFlight.length} writes in flight (the harness allows one)`);

  const landed =
    inFlight.length === 1 &&
    JSON.stringify(final) === JSON.stringify(apply(lastAck, inFlight[0]!)) &&
    JSON.stringify(final) !== JSON.stringify(lastAck);
  if (landed) verdict.inFlightLanded++;
  const allowed = [lastAck, ...inFlight.map((w) => apply(lastAck, w))].map((l) => JSON.stringify(l));
  if (!allowed.includes(JSON.stringify(final)))
    verdict.problems.push(`${label}: after restart ${JSON.stringify(final)}, expected one of ${allowed.join(' | ')}`);

  // Lost: an acknowledged write whose effect is missing (and no later write on that video explains it).
  for (const [i, w] of acknowledged.entries()) {
    const later = [...acknowledged.slice(i + 1), ...inFlight].some((o) => o.video === w.video);
    if (later) continue;
    const present = final.includes(w.video);
    if ((w.kind === 'add' && !present) || (w.kind === 'remove' && present)) {
      verdict.lost++;
      verdict.problems.push(`${label}: acknowledged ${w.kind} ${w.video} is not in effect`);
    }
  }
  // Doubled: a video twice in the list, an event for a write that was already in effect, or more
  // events than acknowledged writes (+ the in-flight one if it landed).
  const duplicates = final.length - new Set(final).size;
  verdict.doubled += duplicates;
  if (duplicates > 0) verdict.problems.push(`${label}: ${duplicates} duplicate(s) in ${JSON.stringify(final)}`);
  let folded: string[] = [];
  for (const event of events) {
    const video = (event.data as { videoId?: string }).videoId!;
    if (ADDS.has(event.type) && folded.includes(video)) {
      verdict.doubled++;
      verdict.problems.push(`${label}: ${event.type} ${video} while already present`);
    } else if (REMOVES.has(event.type) && !folded.includes(video)) {
      verdict.doubled++;
      verdict.problems.push(`${label}: ${event.type} ${video} while absent`);
    }
    folded = ADDS.has(event.type)
      ? [...folded.filter((v) => v !== video), video]
      : REMOVES.has(event.type)
        ? folded.filter((v) => v !== video)
        : event.type === 'HistoryCleared'
          ? []
          : folded;
  }
  const expectedEvents = acknowledged.length + (landed ? 1 : 0);
  if (events.length > expectedEvents) {
    verdict.doubled += events.length - expectedEvents;
    verdict.problems.push(`${label}: ${events.length} events for ${expectedEvents} stored writes`);
  } else if (events.length < expectedEvents) {
    verdict.lost += expectedEvents - events.length;
    verdict.problems.push(`${label}: ${events.length} events for ${expectedEvents} stored writes`);
  }
  if (JSON.stringify(folded) !== JSON.stringify(final))
    verdict.problems.push(`${label}: the stream folds to ${JSON.stringify(folded)}, the API answers ${JSON.stringify(final)}`);
}

async function allLists(url: string, users: User[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const user of users) {
    const client = new ApiClient(url, user.client.token);
    const answers = await Promise.all([...LISTS.map((l) => client.get(READ_PATH[l])), client.get('/user/playlists')]);
    out[user.userId] = answers.map((a) => ({ status: a.status, body: a.body }));
  }
  return out;
}

/** Bounded wait until the projector has applied everything stored (the health endpoint's lag). */
async function caughtUp(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    const health = await new ApiClient(url).get('/health').catch((e: unknown) => ({ status: 0, body: String(e) }));
    last = health.body;
    if (health.status === 200 && (health.body as { projector?: { lag?: number } }).projector?.lag === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the restarted server did not catch up within ${timeoutMs} ms: ${JSON.stringify(last)}`);
}

describe.each(['memory', 'redis'] as const)('fault: SIGKILL under write load, then restart (%s read model)', (readModel) => {
  let dataDir: string;
  let copyDir: string;
  let redis: TestRedis | undefined;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'techtube-crash-'));
    copyDir = mkdtempSync(join(tmpdir(), 'techtube-crash-copy-'));
    if (readModel === 'redis') redis = await startRedis({ spawn: true });
  });
  afterAll(async () => {
    for (const p of processes) await p.kill('SIGKILL').catch(() => undefined);
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copyDir, { recursive: true, force: true });
  });

  test('every acknowledged write is kept exactly once, and the read model equals a full rebuild', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir };
    // A short lease, so that the restarted process takes over the dead one's projector promptly.
    if (redis) Object.assign(env, { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.prefix, PROJECTOR_LEASE_TTL_MS: '1000' });

    const first = await startServerProcess(env);
    processes.push(first);
    const api = new ApiClient(first.url);
    const videos: string[] = ids((await api.get('/videos')).body.videos);
    const users: User[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const { client, userId } = await api.signUpUser(`Crash${i}`);
      users.push({ client, userId, writes: [] });
    }

    const stop = { now: false };
    const load = Promise.all(users.map((u) => writeUntilKilled(u, videos, stop)));
    await new Promise((r) => setTimeout(r, LOAD_MS * (0.7 + Math.random() * 0.6)));
    await first.kill('SIGKILL');
    stop.now = true;
    await load;

    const second = await startServerProcess(env);
    processes.push(second);
    await caughtUp(second.url);
    const served = await allLists(second.url, users);
    await second.kill('SIGTERM');

    // The reference: a second server on a copy of the data, its memory read model rebuilt from scratch.
    cpSync(dataDir, copyDir, { recursive: true });
    const rebuilt = await startApp({ dataDir: copyDir });
    try {
      expect(await allLists(rebuilt.url, users)).toEqual(served);

      const verdict: Verdict = { checked: 0, lost: 0, doubled: 0, inFlight: 0, inFlightLanded: 0, problems: [] };
      for (const user of users) {
        const answers = served[user.userId] as Array<{ status: number; body: Record<string, Array<{ _id: string }>> }>;
        for (const [i, list] of LISTS.entries()) {
          expect(answers[i]!.status).toBe(200);
          const events = await rebuilt.store.readStream(STREAM[list](user.userId));
          judge(user, list, ids(answers[i]!.body[list]!), events, verdict);
        }
      }
      const rejected = users.flatMap((u) => u.writes).filter((w) => w.outcome === 'rejected').length;
      console.log(
        `crash (${readModel} read model): ${verdict.checked} acknowledged writes checked, ${verdict.lost} lost, ${verdict.doubled} doubled; ` +
          `${verdict.inFlight} in flight at the kill (${verdict.inFlightLanded} landed), ${rejected} rejected by a rule` +
          (verdict.problems.length ? `\n  ${verdict.problems.join('\n  ')}` : ''),
      );
      expect(verdict.checked).toBeGreaterThan(40); // the load really ran
      // Neither process logged a password or a password hash while signing up and serving the load.
      for (const output of [first.output(), second.output()]) expect(output).not.toMatch(/password123|scrypt\$/);
      expect(verdict.problems).toEqual([]);
      expect(verdict.lost).toBe(0);
      expect(verdict.doubled).toBe(0);
    } finally {
      await rebuilt.close();
    }
  }, 90_000);
});
