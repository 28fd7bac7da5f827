import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client';
import { ensureBuilt, startServerProcess } from '../support/server-process';

const SECRET = 'log-test-secret-0123456789abcdefghijklmnop';

test('production logs: one JSON line per request with its request id, and no secret in any line', async () => {
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-logs-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    JWT_SECRET: SECRET,
    EMAIL_INDEX_SECRET: 'e'.repeat(48),
    LOG_LEVEL: 'info',
  });
  const secrets = [SECRET, 'guestpass123', 'password123', 'wrong-password-1'];
  try {
    const api = new ApiClient(server.url);
    // A full tour of the API: every kind of route, success and failure.
    const { client } = await api.signUpUser('Logged');
    secrets.push(client.token!);
    const login = await api.post('/auth/login', { email: 'guest@example.com', password: 'guestpass123' });
    secrets.push(login.body.encodedToken);
    await api.post('/auth/login', { email: 'guest@example.com', password: 'wrong-password-1' });
    await api.get('/videos');
    await client.post('/user/likes', { video: { _id: 'BJrsmM6aEYE' } });
    await client.post('/user/likes', { video: { _id: 'BJrsmM6aEYE' } });
    await client.get('/user/watchlater/');
    const playlist = (await client.post('/user/playlists', { playlist: { title: 'Logs' } })).body.playlists[0]._id;
    await client.post(`/user/playlists/${playlist}`, { video: { _id: 'yoigsHYc77s' } });
    await client.delete('/user/history/all');
    await api.withToken('Bearer not-a-token').get('/user/likes');
    await client.post('/user/likes', '{"broken json');
    const traced = await client.request('GET', '/user/likes', undefined, { 'x-request-id': 'trace-me-42' });
    expect(traced.headers.get('x-request-id')).toBe('trace-me-42');
    const generated = await api.get('/categories');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 300)); // let the last lines flush
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }

  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '');
  const entries = lines.map((line) => {
    try {
      return JSON.parse(line) as Record<string, any>;
    } catch {
      throw new Error(`not a JSON log line: ${line}`);
    }
  });
  const requests = entries.filter((e) => e.req && e.res);
  expect(requests.length).toBeGreaterThanOrEqual(14);
  for (const entry of requests) {
    expect(entry).toMatchObject({
      req: { id: expect.any(String), method: expect.any(String), url: expect.stringMatching(/^\/api\//) },
      res: { statusCode: expect.any(Number) },
    });
    expect(typeof entry.responseTime).toBe('number');
  }
  expect(requests.some((e) => e.req.id === 'trace-me-42' && e.req.url === '/api/user/likes')).toBe(true);
  const all = lines.join('\n');
  for (const secret of secrets) expect(all.includes(secret)).toBe(false);
  expect(all).not.toMatch(/scrypt\$|passwordHash|authorization/i);
});
