import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { ApiClient, ApiResponse } from '../support/api-client';
import type { RunningApp } from '../support/app';
import { signUpOperator } from '../support/operators';
import { signJwt } from '../support/raw-http';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';
import { ensureBuilt } from '../support/server-process';
import { useTwoInstances } from '../support/two-instances';

/**
 * SECURITY.md §2 (operators), §3 (tokens) and §6 (body limits), docs/compatibility.md ("Quoted tokens"): a
 * revoke printed by `npm run operator` is in force for every request sent after it, on every instance; an
 * import over its byte limit answers its own 413; a token sent as `JSON.stringify(token)` (one pair of double
 * quotes) is accepted, its signature still checked, and nothing else is.
 */

const ROOT = join(__dirname, '..', '..');
const OPERATOR_CLI = join(ROOT, 'backend', 'dist', 'entry-points', 'operator.main.js');
const errors = (code: keyof typeof ERRORS) => ({ errors: [ERRORS[code].message] });

/**
 * `node backend/dist/entry-points/operator.main.js …args` (what `npm run operator -- …` runs), with when its
 * line arrived on stdout (when an operator reads "Revoked …") and when it exited.
 */
function operatorCli(
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; stdout: string; stderr: string; printedAt: number; returnedAt: number }> {
  return new Promise((resolve, reject) => {
    // Asynchronous: the app under test runs in this very process and keeps answering meanwhile.
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' };
    const child = spawn(process.execPath, [OPERATOR_CLI, ...args], { cwd: ROOT, env, timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    let printedAt = Number.POSITIVE_INFINITY;
    child.stdout.on('data', (chunk: Buffer) => {
      printedAt = Math.min(printedAt, performance.now());
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, printedAt, returnedAt: performance.now() }));
  });
}

type Sent = { readonly sentAt: number; readonly server: string; readonly what: string; readonly status: number };

/**
 * Operator requests sent back to back to each client's server until stopped: two loops reading the
 * operators and one editing a video, each request recorded with when it was sent.
 */
function hammer(clients: readonly ApiClient[], videoId: string): { stop(): Promise<Sent[]> } {
  const sent: Sent[] = [];
  let running = true;
  let edit = 0;
  const loop = async (client: ApiClient, what: string, request: () => Promise<ApiResponse>) => {
    while (running) {
      const sentAt = performance.now();
      const { status } = await request();
      sent.push({ sentAt, server: client.baseUrl, what, status });
    }
  };
  const all = clients.flatMap((client) => [
    loop(client, 'GET /admin/operators', () => client.get('/admin/operators')),
    loop(client, 'GET /admin/operators', () => client.get('/admin/operators')),
    loop(client, 'PATCH /admin/videos/:id', () =>
      client.request('PATCH', `/admin/videos/${videoId}`, { video: { title: `Edited during a revoke ${++edit}` } }),
    ),
  ]);
  return {
    async stop() {
      running = false;
      await Promise.all(all);
      return sent;
    },
  };
}

/**
 * Revokes `email` with the CLI while `clients` hammer their servers, keeps hammering a moment after it
 * printed "Revoked …", and answers every request sent after that line arrived that was not refused (none
 * are expected), with how many requests were answered on each side of it.
 */
async function revokeUnderLoad(clients: readonly ApiClient[], dataDir: string, email: string, videoId: string) {
  const load = hammer(clients, videoId);
  // Let the load run before the revoke, so that requests are in flight when it lands.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const revoked = await operatorCli(['revoke', email], dataDir);
  await new Promise((resolve) => setTimeout(resolve, 150));
  const sent = await load.stop();
  expect(revoked).toMatchObject({ code: 0, stderr: '' });
  expect(revoked.stdout).toMatch(/^Revoked the operator role of /);
  const after = sent.filter((request) => request.sentAt > revoked.printedAt);
  return {
    before: sent.filter((request) => request.sentAt < revoked.printedAt && request.status === 200).length,
    after: after.length,
    letThrough: after.filter((request) => request.status !== 403),
  };
}

describe.each(READ_MODEL_VARIANTS)('operator revokes, import sizes and quoted tokens on the %s read model', (variantName) => {
  const app = useAppOn(variantName);
  beforeAll(() => ensureBuilt(OPERATOR_CLI), 180_000);

  test('a revoke from the CLI is in force once it has printed “Revoked”: with operator requests in flight, every one sent after is refused 403, and a grant from the CLI counts at once', async () => {
    const operator = await signUpOperator(app.server, 'Revoked');
    const videoId = app.videoIds[0]!;
    // Several rounds: with the role read from the projected profile, a request sent right after the line was
    // let through in some rounds, and a request right after the grant was still refused.
    for (let round = 0; round < 3; round++) {
      const outcome = await revokeUnderLoad([operator.client], app.server.dataDir, operator.email, videoId);
      expect({ round, letThrough: outcome.letThrough }).toEqual({ round, letThrough: [] });
      expect(outcome.before).toBeGreaterThan(0);
      expect(outcome.after).toBeGreaterThan(0);
      expect(await operator.client.get('/admin/operators')).toMatchObject({ status: 403, body: errors('NOT_AN_OPERATOR') });
      // Still a signed-in user: only the role is gone.
      expect((await operator.client.get('/user/likes')).status).toBe(200);

      const granted = await operatorCli(['grant', operator.email], app.server.dataDir);
      expect(granted).toMatchObject({ code: 0, stderr: '' });
      expect((await operator.client.get('/admin/operators')).status).toBe(200);
    }
  });

  test('an import over its 8 MB limit answers the import’s own 413 message; other routes over 100 kB keep theirs', async () => {
    const operator = await signUpOperator(app.server, 'Importer');
    const huge = { videos: [{ _id: 'x'.repeat(11), description: 'x'.repeat(8 * 1024 * 1024) }] };
    expect(await operator.client.post('/admin/videos/import', huge)).toMatchObject({
      status: 413,
      body: errors('CATALOGUE_IMPORT_TOO_LARGE'),
    });
    // The same without a content-length (chunked): refused while it is read, with the same message.
    const chunked = await fetch(`${app.server.url}/api/admin/videos/import`, {
      method: 'POST',
      headers: { authorization: operator.client.token!, 'content-type': 'application/json' },
      body: new Blob([JSON.stringify(huge)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect({ status: chunked.status, body: await chunked.json() }).toEqual({ status: 413, body: errors('CATALOGUE_IMPORT_TOO_LARGE') });
    // Other routes: the generic message, theirs.
    const large = { video: { _id: 'x'.repeat(11), title: 'Large', description: 'x'.repeat(200_000) } };
    expect(await operator.client.post('/admin/videos', large)).toMatchObject({ status: 413, body: errors('BODY_TOO_LARGE') });
    expect(await operator.client.post('/user/likes', large)).toMatchObject({ status: 413, body: errors('BODY_TOO_LARGE') });
    // The document names each route's own message.
    const doc = (await app.guest.get('/docs/json')).body;
    const described = (method: string, path: string) => String(doc.paths[path][method].responses['413'].description);
    expect(described('post', '/api/admin/videos/import')).toContain(ERRORS.CATALOGUE_IMPORT_TOO_LARGE.message);
    expect(described('post', '/api/admin/videos/import')).not.toContain(ERRORS.BODY_TOO_LARGE.message);
    expect(described('post', '/api/admin/videos')).toContain(ERRORS.BODY_TOO_LARGE.message);
  });

  test('a token in one pair of double quotes (a client keeping JSON.stringify(token)) is accepted with its signature checked; nothing else is relaxed', async () => {
    const user = await app.guest.signUpUser('Quoted');
    const token = user.client.token!;
    const quoted = new ApiClient(app.server.url, JSON.stringify(token));
    expect(JSON.stringify(token)).toBe(`"${token}"`);
    // Reads and writes, as the template client sends them after signup and login.
    expect(await quoted.get('/user/likes')).toMatchObject({ status: 200, body: { likes: [] } });
    const videoId = app.videoIds[1]!;
    expect((await quoted.post('/user/likes', { video: { _id: videoId } })).status).toBe(201);
    expect((await quoted.get('/user/likes')).body.likes.map((v: { _id: string }) => v._id)).toEqual([videoId]);
    const login = await app.guest.post('/auth/login', { email: user.email, password: 'password123' });
    expect((await new ApiClient(app.server.url, JSON.stringify(login.body.encodedToken)).get('/user/likes')).status).toBe(200);

    // The quotes change nothing else: a forged or tampered token is refused quoted as it is raw.
    const secret = readFileSync(join(app.server.dataDir, 'jwt-secret'), 'utf8').trim();
    const now = Math.floor(Date.now() / 1000);
    const claims = { _id: user.userId, email: user.email, iat: now, exp: now + 600 };
    const forged = signJwt({ alg: 'HS256', typ: 'JWT' }, claims, 'not-the-secret-'.repeat(3));
    expect((await new ApiClient(app.server.url, signJwt({ alg: 'HS256', typ: 'JWT' }, claims, secret)).get('/user/likes')).status).toBe(
      200,
    );
    const [head, body, signature] = token.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, _id: 'someone-else' })).toString('base64url')}.${signature}`;
    const expired = signJwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 700, exp: now - 100 }, secret);
    const refused = [
      `"${forged}"`,
      `"${tampered}"`,
      `"${expired}"`,
      `""${token}""`, // nested quotes
      `"${token}`, // one quote
      `${token}"`,
      `'${token}'`, // other quotes
      `"${head}.${body}".${signature}`,
      `"${token}""${token}"`,
      `Bearer "${token}"`, // the quotes are what JSON.stringify gives a raw token, not a Bearer scheme's
      `"Bearer ${token}"`,
      `" ${token} "`,
      `"${token}\\"`,
      '""',
    ];
    for (const authorization of refused) {
      const answer = await new ApiClient(app.server.url, authorization).get('/user/likes');
      expect({ authorization, status: answer.status, body: answer.body }).toEqual({
        authorization,
        status: 401,
        body: errors('INVALID_TOKEN'),
      });
    }
    // The holder's likes are as the accepted writes left them.
    expect((await user.client.get('/user/likes')).body.likes.map((v: { _id: string }) => v._id)).toEqual([videoId]);
  });
});

describe('a revoke from the CLI across two instances on one store and one Redis', () => {
  const twins = useTwoInstances('operator-revoke');
  beforeAll(() => ensureBuilt(OPERATOR_CLI), 180_000);

  test('once the CLI has printed “Revoked”, neither instance lets the revoked operator through, with their requests in flight on both; a grant counts on both at once', async () => {
    const { a, b } = twins;
    const operator = await signUpOperator(a, 'Twin');
    const videoId = (await new ApiClient(a.url).get('/videos')).body.videos[0]._id as string;
    const on = (server: RunningApp) => new ApiClient(server.url, operator.client.token);
    for (const server of [a, b]) expect((await on(server).get('/admin/operators')).status).toBe(200);
    for (let round = 0; round < 3; round++) {
      const outcome = await revokeUnderLoad([on(a), on(b)], a.dataDir, operator.email, videoId);
      expect({ round, letThrough: outcome.letThrough }).toEqual({ round, letThrough: [] });
      expect(outcome.before).toBeGreaterThan(0);
      expect(outcome.after).toBeGreaterThan(0);
      for (const server of [a, b]) {
        expect(await on(server).get('/admin/operators')).toMatchObject({ status: 403, body: errors('NOT_AN_OPERATOR') });
      }
      expect((await operatorCli(['grant', operator.email], a.dataDir)).code).toBe(0);
      for (const server of [a, b]) expect((await on(server).get('/admin/operators')).status).toBe(200);
    }
  });
});
