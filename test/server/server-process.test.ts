import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client';
import { ensureBuilt, freePort, runToExit, startServerProcess } from '../support/server-process';

describe('the server process, as npm start runs it', () => {
  let dataDir: string;

  beforeAll(() => ensureBuilt());
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'techtube-process-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test('every acknowledged write survives SIGKILL and a restart; the memory read model is rebuilt', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir });
    const { client, email } = await new ApiClient(first.url).signUpUser('Killed');
    const videos: string[] = (await client.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
    const acknowledged: string[] = [];
    for (const id of videos) {
      if ((await client.post('/user/likes', { video: { _id: id } })).status === 201) acknowledged.push(id);
    }
    await first.kill('SIGKILL');

    const second = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const after = new ApiClient(second.url, client.token);
      expect((await after.get('/user/likes')).body.likes.map((v: { _id: string }) => v._id)).toEqual(acknowledged);
      expect(acknowledged).toHaveLength(12);
      expect((await new ApiClient(second.url).post('/auth/login', { email, password: 'password123' })).status).toBe(200);
    } finally {
      await second.kill();
    }
  });

  test('SIGTERM shuts down cleanly with exit code 0', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    expect(await server.kill('SIGTERM')).toBe(0);
  });

  test.each([
    [{ NODE_ENV: 'production', JWT_SECRET: '' }, 'JWT_SECRET is required when NODE_ENV=production'],
    [{ PORT: 'eighty' }, 'PORT must be an integer from 0 to 65535, got "eighty"'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must look like redis://host:port'],
    [
      { EVENTSTORE_CONNECTION_STRING: 'http://admin:s3cret@localhost:2113' },
      'EVENTSTORE_CONNECTION_STRING must look like esdb://host:2113?tls=false (or esdb+discover://, kurrentdb://, kurrent+discover://)',
    ],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [
      { REDIS_CLUSTER_NODES: '127.0.0.1:7000,redis://127.0.0.1:7001' },
      'REDIS_CLUSTER_NODES must be a comma-separated list of host:port ("redis://127.0.0.1:7001" is not host:port)',
    ],
    [
      { REDIS_URL: 'redis://127.0.0.1:7000', REDIS_CLUSTER_NODES: '127.0.0.1:7000' },
      'Set either REDIS_URL (one server) or REDIS_CLUSTER_NODES (a Redis Cluster), not both',
    ],
    [{ PROJECTION_PARTITIONS: '4' }, 'PROJECTION_PARTITIONS above 1 needs a shared read model: set REDIS_URL or REDIS_CLUSTER_NODES'],
    [
      { REDIS_URL: 'redis://127.0.0.1:7000', PROJECTION_PARTITIONS: '0' },
      'PROJECTION_PARTITIONS must be an integer from 1 to 1024, got "0"',
    ],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY=true would let every client choose its own address: list the proxy addresses or CIDRs instead'],
  ])('a bad setting %j stops the start with one line', async (env, message) => {
    const { status, output } = runToExit({ DATA_DIR: dataDir, PORT: String(await freePort()), ...env });
    expect(status).toBe(1);
    expect(output.trim()).toBe(`Configuration error: ${message}`);
  });
});
