import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';
import { ensureBuilt } from '../support/server-process';
import { HistoryRetentionSweep } from '../../backend/src/retention/history-retention-sweep';

/**
 * docs/design/operating.md, "Correlation and causation": every event a request's command appends carries
 * the request's id as `$correlationId`, the command as its cause (`$causationId`, `causedBy`), and an
 * undo's events name the undo and the event it reverted. `npm run audit` prints them, the activity API
 * returns them. A real app on a real SQLite file, and the audit tool as built.
 */
const ROOT = join(__dirname, '..', '..');
const AUDIT = join(ROOT, 'backend', 'dist', 'entry-points', 'audit.main.js');
const OPERATOR = join(ROOT, 'backend', 'dist', 'entry-points', 'operator.main.js');
const V1 = 'BJrsmM6aEYE';
const V2 = 'yoigsHYc77s';

function audit(who: string, dataDir: string): Promise<string[]> {
  return tool(AUDIT, [who], dataDir);
}

/** Runs a built command-line tool on the app's data directory; its stdout's lines. */
function tool(entry: string, args: string[], dataDir: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // Asynchronous: the server under test runs in this process and must keep answering.
    execFile(
      process.execPath,
      [entry, ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, timeout: 30_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${entry} failed: ${stderr}`)) : resolve(stdout.trimEnd().split('\n'))),
    );
  });
}

/** An audit line's type and what follows its data: correlation id, cause and (for an undo's) the event undone. */
const AUDIT_LINE = /^\d+ {2}\S+ {2}\S+ {2}(\S+) {2}\{.*\} {2}correlationId=(\S+) {2}causedBy=(\S+)(?: {2}undoes=(\S+))?$/;

function parsed(lines: string[]) {
  return lines.map((line) => {
    const match = AUDIT_LINE.exec(line);
    if (!match) throw new Error(`not an audit line with correlation: ${line}`);
    const [, type, correlationId, causedBy, undoes] = match;
    return { type: type!, correlationId: correlationId!, causedBy: causedBy!, undoes };
  });
}

describe('correlation and causation in every event’s metadata', () => {
  let server: RunningApp;

  beforeAll(async () => {
    ensureBuilt(AUDIT);
    ensureBuilt(OPERATOR);
    server = await startApp();
  });

  afterAll(async () => {
    await server?.close();
  });

  test('a like sent with X-Request-Id abc: its event carries abc and LikeVideo; its undo names UndoLastAction and the like’s event id', async () => {
    const { client: user, email, userId } = await new ApiClient(server.url).signUpUser('Correlated');
    const liked = await user.request('POST', '/user/likes', { video: { _id: V1 } }, { 'x-request-id': 'abc' });
    expect(liked.status).toBe(201);
    expect(liked.headers.get('x-request-id')).toBe('abc');

    const [signedUp, like] = parsed(await audit(email, server.dataDir));
    expect(signedUp).toMatchObject({ type: 'UserSignedUp', causedBy: 'SignUp' });
    expect(like).toEqual({ type: 'VideoLiked', correlationId: 'abc', causedBy: 'LikeVideo', undoes: undefined });

    // The stored metadata itself: EventStoreDB's keys, a command id of `<Command>:<uuid>`.
    const [stored] = await server.store.readStream(`likes-${userId}`);
    expect(stored!.metadata).toMatchObject({
      $correlationId: 'abc',
      $causationId: expect.stringMatching(/^LikeVideo:[0-9a-f-]{36}$/),
      causedBy: 'LikeVideo',
    });
    expect(JSON.stringify(stored!.metadata)).not.toContain(email);

    const activity = await user.get('/user/activity');
    expect(activity.body.activity[0]).toMatchObject({ type: 'VideoLiked', correlationId: 'abc', causedBy: 'LikeVideo' });

    const undone = await user.request('POST', '/user/undo', undefined, { 'x-request-id': 'undo-1' });
    expect(undone.status).toBe(200);
    const lines = parsed(await audit(email, server.dataDir));
    expect(lines[lines.length - 1]).toEqual({
      type: 'VideoUnliked',
      correlationId: 'undo-1',
      causedBy: 'UndoLastAction',
      undoes: stored!.id,
    });
    const [, unliked] = await server.store.readStream(`likes-${userId}`);
    expect(unliked!.metadata).toMatchObject({
      $correlationId: 'undo-1',
      $causationId: expect.stringMatching(/^UndoLastAction:/),
      causedBy: 'UndoLastAction',
      undoes: stored!.id,
    });
    expect((await user.get('/user/activity')).body.activity[0]).toMatchObject({
      type: 'VideoUnliked',
      correlationId: 'undo-1',
      causedBy: 'UndoLastAction',
    });
  });

  test('without X-Request-Id (or with one that is not plain), the events carry the id the answer echoed', async () => {
    const { client: user, userId } = await new ApiClient(server.url).signUpUser('Uncorrelated');
    const plain = await user.post('/user/watchlater', { video: { _id: V2 } });
    const ugly = await user.request('POST', '/user/likes', { video: { _id: V2 } }, { 'x-request-id': 'not plain <script>' });
    for (const answer of [plain, ugly]) expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const [watchLater] = await server.store.readStream(`watchlater-${userId}`);
    const [like] = await server.store.readStream(`likes-${userId}`);
    expect(watchLater!.metadata).toMatchObject({ $correlationId: plain.headers.get('x-request-id'), causedBy: 'AddToWatchLater' });
    expect(like!.metadata).toMatchObject({ $correlationId: ugly.headers.get('x-request-id'), causedBy: 'LikeVideo' });
    // Newest first: the like, the watch later, then the sign-up (whose request sent no id either).
    const activity = (await user.get('/user/activity')).body.activity;
    expect(activity.map((entry: { correlationId: string; causedBy: string }) => [entry.causedBy, entry.correlationId])).toEqual([
      ['LikeVideo', ugly.headers.get('x-request-id')],
      ['AddToWatchLater', plain.headers.get('x-request-id')],
      ['SignUp', expect.stringMatching(/^[0-9a-f-]{36}$/)],
    ]);
  });

  test('what no request caused correlates as a run of its own: start-up’s guest user, the operator tool', async () => {
    const [guestSignedUp] = parsed(await audit('guest@example.com', server.dataDir));
    expect(guestSignedUp).toMatchObject({
      type: 'UserSignedUp',
      correlationId: expect.stringMatching(/^startup:[0-9a-f-]{36}$/),
      causedBy: 'SignUp',
    });

    const { email, userId } = await new ApiClient(server.url).signUpUser('Promoted');
    await tool(OPERATOR, ['grant', email], server.dataDir);
    const account = await server.store.readStream(`user-${userId}`);
    expect(account[account.length - 1]).toMatchObject({
      type: 'OperatorGranted',
      metadata: {
        $correlationId: expect.stringMatching(/^cli:[0-9a-f-]{36}$/),
        $causationId: expect.stringMatching(/^GrantOperator:/),
        causedBy: 'GrantOperator',
      },
    });
  });

  test('a history auto-delete sweep: every expiry it appends shares its sweep:<uuid>, caused by ExpireEntries', async () => {
    let now = new Date('2026-01-10T12:00:00.000Z');
    const swept = await startApp({ clock: { now: () => new Date(now) } });
    try {
      const users = [];
      for (const name of ['SweptA', 'SweptB']) {
        const { client, userId } = await new ApiClient(swept.url).signUpUser(name);
        expect((await client.post(`/user/history/${V1}`)).status).toBe(201);
        expect((await client.request('PUT', '/user/settings', { historyRetention: 3 })).status).toBe(200);
        users.push(userId);
      }
      now = new Date('2026-06-01T12:00:00.000Z');
      expect(await swept.app.get(HistoryRetentionSweep).sweep()).toMatchObject({ users: 2, entries: 2 });
      const expiries = await Promise.all(
        users.map(async (userId) => (await swept.store.readStream(`history-${userId}`)).find((e) => e.type === 'HistoryEntriesExpired')!),
      );
      expect(expiries.map((e) => e.metadata)).toEqual([
        expect.objectContaining({ $correlationId: expect.stringMatching(/^sweep:[0-9a-f-]{36}$/), causedBy: 'ExpireEntries' }),
        expect.objectContaining({ $correlationId: expiries[0]!.metadata.$correlationId, causedBy: 'ExpireEntries' }),
      ]);
      // Each user's expiry is a command of its own.
      expect(expiries[0]!.metadata.$causationId).not.toBe(expiries[1]!.metadata.$causationId);
    } finally {
      await swept.close();
    }
  });
});
