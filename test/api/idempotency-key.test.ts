import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDEMPOTENCY_MESSAGES } from '../../backend/src/http/idempotency-keys';
import { ApiClient, ApiResponse } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';
import { READ_MODEL_VARIANTS_WITH_CLUSTER, useAppOn } from '../support/read-models';
import { TestRedis, startRedis } from '../support/redis-server';

/**
 * Idempotency-Key (IETF httpapi draft) on POST, PATCH and DELETE of /api/user/*: the same key and
 * request within 24 h answers the first answer again and appends nothing; the same key with another
 * request is a 422; concurrent requests with one key append once.
 */
const keyed = (key: string) => ({ 'idempotency-key': key });
const ids = (list: { _id: string }[]) => list.map((v) => v._id);

describe.each(READ_MODEL_VARIANTS_WITH_CLUSTER)('Idempotency-Key on the %s read model', (variant) => {
  const app = useAppOn(variant);

  test('a retried POST with the same key answers the first answer again and appends nothing', async () => {
    const { client } = await app.guest.signUpUser('Retry');
    const body = { playlist: { title: 'Desk setup' } };
    const first: ApiResponse = await client.request('POST', '/user/playlists', body, keyed('create-desk-setup'));
    expect(first.status).toBe(201);
    expect(first.body.playlists).toHaveLength(1);
    const head = await app.server.store.headPosition();

    // Same request again (keys in another order make the same body), once and then twice at once.
    const again: ApiResponse = await client.request(
      'POST',
      '/user/playlists',
      { playlist: { title: 'Desk setup' } },
      keyed('create-desk-setup'),
    );
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/application\/json/);
    const parallel = await Promise.all([1, 2].map(() => client.request('POST', '/user/playlists', body, keyed('create-desk-setup'))));
    for (const res of parallel) expect(res).toMatchObject({ status: 201, body: first.body });
    expect(await app.server.store.headPosition()).toBe(head);
    expect((await client.get('/user/playlists')).body.playlists).toHaveLength(1);

    // A new key is a new request.
    expect((await client.request('POST', '/user/playlists', body, keyed('create-desk-setup-2'))).status).toBe(201);
    expect((await client.get('/user/playlists')).body.playlists).toHaveLength(2);
  });

  test('the same key with another body, method or path is a 422 with a clear message, and changes nothing', async () => {
    const { client } = await app.guest.signUpUser('Mismatch');
    const [a, b] = app.videoIds;
    expect((await client.request('POST', '/user/likes', { video: { _id: a } }, keyed('k-1'))).status).toBe(201);
    const head = await app.server.store.headPosition();
    for (const [method, path, body] of [
      ['POST', '/user/likes', { video: { _id: b } }],
      ['POST', '/user/watchlater', { video: { _id: a } }],
      ['DELETE', `/user/likes/${a}`, undefined],
    ] as const) {
      const res: ApiResponse = await client.request(method, path, body, keyed('k-1'));
      expect(res).toMatchObject({ status: 422, body: { errors: [IDEMPOTENCY_MESSAGES.mismatch] } });
    }
    expect(await app.server.store.headPosition()).toBe(head);
    expect(ids((await client.get('/user/likes')).body.likes)).toEqual([a]);
  });

  test('concurrent requests with one key append once: the others get the first answer or a 409 to retry', async () => {
    const { client, userId } = await app.guest.signUpUser('Race');
    const [a] = app.videoIds;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.request('POST', '/user/history', { video: { _id: a } }, keyed('race-1'))),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(res.body).toEqual({ errors: [IDEMPOTENCY_MESSAGES.inProgress] });
      expect(res.headers.get('retry-after')).toBe('1');
    }
    expect(await app.server.store.readStream(`history-${userId}`)).toHaveLength(1);
  });

  test('PATCH and DELETE honour the key too; an error answer is kept like any other; keys are per user', async () => {
    const { client } = await app.guest.signUpUser('Patch');
    const other = (await app.guest.signUpUser('Other')).client;
    const created: ApiResponse = await client.request('POST', '/user/playlists', { playlist: { title: 'Old' } }, keyed('p-1'));
    const id = created.body.playlists[0]._id;
    const renamed: ApiResponse = await client.request('PATCH', `/user/playlists/${id}`, { title: 'New' }, keyed('p-2'));
    expect(renamed.status).toBe(200);
    const head = await app.server.store.headPosition();
    expect(await client.request('PATCH', `/user/playlists/${id}`, { title: 'New' }, keyed('p-2'))).toMatchObject({
      status: 200,
      body: renamed.body,
    });
    const deleted: ApiResponse = await client.request('DELETE', `/user/playlists/${id}`, undefined, keyed('p-3'));
    expect(deleted).toMatchObject({ status: 200, body: { playlists: [] } });
    const headAfterDelete = await app.server.store.headPosition();
    expect(headAfterDelete).not.toBe(head);
    expect(await client.request('DELETE', `/user/playlists/${id}`, undefined, keyed('p-3'))).toMatchObject({
      status: 200,
      body: { playlists: [] },
    });
    // A 409 (already liked) is an answer too: repeated as it was.
    const [a] = app.videoIds;
    await client.post('/user/likes', { video: { _id: a } });
    const duplicate: ApiResponse = await client.request('POST', '/user/likes', { video: { _id: a } }, keyed('p-4'));
    expect(duplicate.status).toBe(409);
    expect(await client.request('POST', '/user/likes', { video: { _id: a } }, keyed('p-4'))).toMatchObject({
      status: 409,
      body: duplicate.body,
    });
    // Another user's identical key is theirs alone.
    expect((await other.request('POST', '/user/playlists', { playlist: { title: 'Old' } }, keyed('p-1'))).status).toBe(201);
    expect((await other.get('/user/playlists')).body.playlists).toHaveLength(1);
  });

  test('a malformed key is a 400; requests without a key, and reads, are untouched', async () => {
    const { client } = await app.guest.signUpUser('Bad');
    const [a, b] = app.videoIds;
    for (const bad of ['', 'x'.repeat(256), 'with space', 'é']) {
      const res: ApiResponse = await client.request('POST', '/user/likes', { video: { _id: a } }, keyed(bad));
      if (bad === '') continue; // fetch may drop an empty header: then it is a keyless request
      expect(res).toMatchObject({ status: 400, body: { errors: [IDEMPOTENCY_MESSAGES.badKey] } });
    }
    await client.delete(`/user/likes/${a}`);
    expect((await client.post('/user/likes', { video: { _id: b } })).status).toBe(201);
    expect((await client.post('/user/likes', { video: { _id: b } })).status).toBe(409);
    // A quoted key (a structured-field string, as the draft writes it) is the same key.
    const quoted: ApiResponse = await client.request('POST', '/user/watchlater', { video: { _id: a } }, keyed('"q-1"'));
    expect(quoted.status).toBe(201);
    expect(await client.request('POST', '/user/watchlater', { video: { _id: a } }, keyed('q-1'))).toMatchObject({
      status: 201,
      body: quoted.body,
    });
  });
});

test('keys are shared by two instances on one store and one Redis, and survive a restart', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-idem-'));
  const redis: TestRedis = await startRedis();
  const options = { dataDir, redisUrl: redis.url, redisPrefix: redis.prefix, env: { PROJECTOR_LEASE_TTL_MS: '1000' } };
  let a: RunningApp | undefined = await startApp(options);
  let b: RunningApp | undefined = await startApp(options);
  try {
    const { client } = await new ApiClient(a.url).signUpUser('Twin');
    const viaA = new ApiClient(a.url, client.token);
    const viaB = new ApiClient(b.url, client.token);
    const first: ApiResponse = await viaA.request('POST', '/user/playlists', { playlist: { title: 'Shared' } }, keyed('twin-1'));
    expect(first.status).toBe(201);
    const head = await a.store.headPosition();
    const fromB: ApiResponse = await viaB.request('POST', '/user/playlists', { playlist: { title: 'Shared' } }, keyed('twin-1'));
    expect(fromB).toMatchObject({ status: 201, body: first.body });
    expect((await viaB.request('POST', '/user/playlists', { playlist: { title: 'Other' } }, keyed('twin-1'))).status).toBe(422);
    expect(await b.store.headPosition()).toBe(head);

    await a.close();
    a = undefined;
    await b.close();
    b = undefined;
    a = await startApp(options);
    const afterRestart: ApiResponse = await new ApiClient(a.url, client.token).request(
      'POST',
      '/user/playlists',
      { playlist: { title: 'Shared' } },
      keyed('twin-1'),
    );
    expect(afterRestart).toMatchObject({ status: 201, body: first.body });
    expect((await new ApiClient(a.url, client.token).get('/user/playlists')).body.playlists).toHaveLength(1);
  } finally {
    await a?.close();
    await b?.close();
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('embedded (no Redis): keys live in DATA_DIR/idempotency.sqlite and survive a restart', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-idem-sqlite-'));
  let server: RunningApp | undefined = await startApp({ dataDir });
  try {
    const { client } = await new ApiClient(server.url).signUpUser('Embedded');
    const first: ApiResponse = await client.request('POST', '/user/playlists', { playlist: { title: 'Kept' } }, keyed('e-1'));
    expect(first.status).toBe(201);
    await server.close();
    server = await startApp({ dataDir });
    const again: ApiResponse = await new ApiClient(server.url, client.token).request(
      'POST',
      '/user/playlists',
      { playlist: { title: 'Kept' } },
      keyed('e-1'),
    );
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect((await new ApiClient(server.url, client.token).get('/user/playlists')).body.playlists).toHaveLength(1);
  } finally {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
