import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createConnection, createServer } from 'node:net';
import Redis from 'ioredis';

export interface TestRedis {
  readonly url: string;
  /** Unique per call: a suite namespacing its keys under it never meets another suite's keys. */
  readonly prefix: string;
  stop(): Promise<void>;
}

export interface StartRedisOptions {
  /** Spawn a private server even when REDIS_URL is set (for tests that stop the server). */
  readonly spawn?: boolean;
}

const READY_TIMEOUT_MS = 10_000;

/**
 * A Redis for one test file: the server named by REDIS_URL (keys under a random prefix, deleted
 * by stop()), or else a private redis-server on a free loopback port, killed by stop().
 */
/**
 * A private redis-server that keeps its data in `dir` (append-only file, fsync always) on a
 * fixed port, so a test can kill it and start it again with its data, as an operator would.
 */
export async function startPersistentRedis(dir: string, port?: number): Promise<TestRedis & { port: number }> {
  const chosen = port ?? (await freePort());
  const { url, stop } = await launch(chosen, ['--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always']);
  return { url, prefix: `test-${randomUUID()}`, stop, port: chosen };
}

export async function startRedis(options: StartRedisOptions = {}): Promise<TestRedis> {
  const prefix = `test-${randomUUID()}`;
  const external = process.env.REDIS_URL;
  if (external && !options.spawn) {
    return { url: external, prefix, stop: () => deleteKeys(external, prefix) };
  }
  const { url, stop } = await spawnRedis();
  return { url, prefix, stop };
}

async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined); // failing commands reject; no need for ioredis to log too
  try {
    let cursor = '0';
    do {
      // `${prefix}*`, not `${prefix}:*`: suites also derive prefixes such as `${prefix}-2`.
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      // One DEL per key: on a Cluster a multi-key DEL across slots would be refused.
      if (keys.length > 0) await Promise.all(keys.map((key) => redis.del(key)));
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

async function spawnRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  // The free port can be taken between our probe and redis-server's bind: try a few.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await launch(port);
    } catch (error) {
      if (attempt >= 3 || !/address already in use/i.test(String(error))) throw error;
    }
  }
}

export async function launch(
  port: number,
  persistence = ['--save', '', '--appendonly', 'no'],
): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A test runner that dies without stop() must not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error('redis-server is not installed: run `apt-get install -y redis-server`') : error),
    );
    child.once('exit', (code, signal) => reject(new Error(`redis-server exited early (code ${code}, signal ${signal}):\n${output}`)));
  });
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await Promise.race([failed, waitForPing(port, () => output)]);
  } catch (error) {
    await stop();
    throw error;
  }
  failed.catch(() => undefined); // the server exiting later, at stop(), is expected
  return { url: `redis://127.0.0.1:${port}`, stop };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPing(port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await ping(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/** A raw PING, so that no client library retries or logs while the server is starting. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}
