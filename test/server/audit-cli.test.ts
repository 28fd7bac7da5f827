import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';
import { ensureBuilt } from '../support/server-process';
import { signUpOperator } from '../support/operators';

const ROOT = join(__dirname, '..', '..');
const AUDIT = join(ROOT, 'backend', 'dist', 'entry-points', 'audit.main.js');
const [V1, V2, V3] = ['BJrsmM6aEYE', 'yoigsHYc77s', '9XdS9sShG5Q'];
const video = (id: string) => ({ _id: id });

/** Runs `node backend/dist/entry-points/audit.main.js …args` (what `npm run audit -- <email>` runs after building). */
function audit(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Asynchronous: the server under test runs in this very process and must keep answering.
    execFile(process.execPath, [AUDIT, ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

const LINE =
  /^(\d+) {2}(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z) {2}(\S+) {2}(\S+) {2}(\{.*\}) {2}correlationId=(\S+) {2}causedBy=(\S+)(?: {2}undoes=\S+)?$/;

describe('npm run audit -- <email>: one user’s full event history from the store', () => {
  let dataDir: string;
  let server: RunningApp;
  let email: string;
  let userId: string;
  let playlistIds: string[];

  beforeAll(async () => {
    ensureBuilt(AUDIT);
    dataDir = mkdtempSync(join(tmpdir(), 'techtube-audit-'));
    server = await startApp({ dataDir });
    const guest = new ApiClient(server.url);
    const signedUp = await guest.signUpUser('Audited');
    ({ email, userId } = signedUp);
    const user = signedUp.client;
    const other = (await guest.signUpUser('Bystander')).client;
    // The bystander's events interleave with the user's and must never be printed.
    await other.post('/user/likes', { video: video(V1) });
    await user.post('/user/likes', { video: video(V1) });
    await user.post('/user/watchlater', { video: video(V2) });
    await other.post('/user/playlists', { playlist: { title: 'Not theirs' } });
    await user.post('/user/history', { video: video(V3) });
    await user.delete('/user/history/all');
    const first = (await user.post('/user/playlists', { playlist: { title: 'Desk setup', description: 'monitors' } })).body.playlists[0]
      ._id;
    await user.post(`/user/playlists/${first}`, { video: video(V1) });
    await other.post('/user/history', { video: video(V1) });
    await user.delete(`/user/playlists/${first}/${V1}`);
    await user.delete(`/user/playlists/${first}`);
    const second = (await user.post('/user/playlists', { playlist: { title: 'Second' } })).body.playlists[0]._id;
    await user.delete(`/user/likes/${V1}`);
    playlistIds = [first, second];
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('prints every event of the user’s streams, oldest first, one line each, without the password hash', async () => {
    const { code, stdout, stderr } = await audit([email], { DATA_DIR: dataDir });
    expect({ code, stderr: stderr.trim() }).toEqual({ code: 0, stderr: expect.stringMatching(/^11 events of user /) });
    const lines = stdout.trimEnd().split('\n');
    const parsed = lines.map((line) => {
      const match = LINE.exec(line);
      if (!match) throw new Error(`not an audit line: ${line}`);
      const [, position, at, stream, type, data] = match;
      return { position: BigInt(position!), at: at!, stream: stream!, type: type!, data: JSON.parse(data!) as Record<string, unknown> };
    });
    const [first, second] = playlistIds;
    expect(parsed.map((e) => `${e.stream} ${e.type}`)).toEqual([
      `user-${userId} UserSignedUp`,
      `likes-${userId} VideoLiked`,
      `watchlater-${userId} VideoAddedToWatchLater`,
      `history-${userId} VideoWatched`,
      `history-${userId} HistoryCleared`,
      `playlist-${first} PlaylistCreated`,
      `playlist-${first} VideoAddedToPlaylist`,
      `playlist-${first} VideoRemovedFromPlaylist`,
      `playlist-${first} PlaylistDeleted`,
      `playlist-${second} PlaylistCreated`,
      `likes-${userId} VideoUnliked`,
    ]);
    // Global position order, and times in order with it.
    for (let i = 1; i < parsed.length; i++) {
      expect(parsed[i]!.position).toBeGreaterThan(parsed[i - 1]!.position);
      expect(parsed[i]!.at >= parsed[i - 1]!.at).toBe(true);
    }
    expect(parsed[0]!.data).toEqual({ userId, email, firstName: 'Audited', lastName: 'User', createdAt: expect.any(String) });
    expect(parsed[5]!.data).toEqual({ playlistId: first, userId, title: 'Desk setup', description: 'monitors' });
    expect(parsed[6]!.data).toEqual({ playlistId: first, userId, videoId: V1 });
    expect(stdout).not.toMatch(/passwordHash|scrypt|password123/);
    expect(stdout).not.toContain('Not theirs');
  });

  test('an operator’s changes to the catalogue and a viewer’s counted views are part of their history', async () => {
    const { client, email: operatorEmail, userId: operatorId } = await signUpOperator(server, 'Curator');
    const published = await client.post('/admin/videos', {
      video: { _id: 'AuditVid001', title: 'Audited video', category: 'monitor', channel: 'Audit Channel', duration: '1:00' },
    });
    expect(published.status).toBe(201);
    expect((await client.delete('/admin/videos/AuditVid001')).status).toBe(200);
    expect((await client.post(`/video/${V1}/views`, {})).status).toBe(200);
    const { code, stdout } = await audit([operatorEmail], { DATA_DIR: dataDir });
    expect(code).toBe(0);
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => LINE.exec(line)!.slice(3, 5).join(' '));
    expect(lines).toEqual([
      `user-${operatorId} UserSignedUp`,
      `user-${operatorId} OperatorGranted`,
      'video-AuditVid001 VideoPublished',
      'video-AuditVid001 VideoRetired',
      `views-${operatorId} VideoViewed`,
    ]);
  });

  test('the email is matched trimmed and case-insensitively, as at login', async () => {
    const exact = await audit([email], { DATA_DIR: dataDir });
    const loose = await audit([`  ${email.toUpperCase()} `], { DATA_DIR: dataDir });
    expect(loose.code).toBe(0);
    expect(loose.stdout).toBe(exact.stdout);
  });

  test('an erased account (DELETE /api/user): found by its user id, every event printed as [erased] with its type and time', async () => {
    const guest = new ApiClient(server.url);
    const leaving = await guest.signUpUser('Leaving');
    await leaving.client.post('/user/likes', { video: video(V2) });
    expect((await leaving.client.request('DELETE', '/user', { password: 'password123' })).status).toBe(200);
    // The email is released with the account: it names nobody now.
    expect((await audit([leaving.email], { DATA_DIR: dataDir })).code).toBe(1);
    const { code, stdout, stderr } = await audit([leaving.userId], { DATA_DIR: dataDir });
    expect(code).toBe(0);
    expect(stderr).toMatch(/^3 events of user .* \(erased account/);
    const ERASED =
      /^(\d+) {2}(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z) {2}(\S+) {2}(\S+) {2}\[erased\] {2}correlationId=\S+ {2}causedBy=\S+$/;
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => ERASED.exec(line)?.slice(3, 5).join(' ') ?? `not erased: ${line}`);
    expect(lines).toEqual([
      `user-${leaving.userId} UserSignedUp`,
      `likes-${leaving.userId} VideoLiked`,
      `user-${leaving.userId} AccountDeleted`,
    ]);
    expect(stdout.toLowerCase()).not.toContain(leaving.email.toLowerCase());
  });

  test('an unknown email: one line and exit code 1; no email: usage', async () => {
    const unknown = await audit(['nobody@example.com'], { DATA_DIR: dataDir });
    expect(unknown).toEqual({ code: 1, stdout: '', stderr: 'No user signed up with the email nobody@example.com\n' });
    const usage = await audit([], { DATA_DIR: dataDir });
    expect(usage).toEqual({ code: 2, stdout: '', stderr: 'Usage: npm run audit -- <email or user id>\n' });
  });

  test('a data directory without a store is reported, not created', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'techtube-audit-empty-'));
    try {
      const res = await audit([email], { DATA_DIR: empty });
      expect(res.code).toBe(1);
      expect(res.stderr).toBe(`No event store in ${empty}: set DATA_DIR (or EVENTSTORE_CONNECTION_STRING)\n`);
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
