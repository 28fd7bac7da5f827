import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, launch } from './redis-server';

const run = promisify(execFile);

export interface TestRedisCluster {
  /** REDIS_CLUSTER_NODES: every master as `127.0.0.1:port`. */
  readonly nodes: string;
  readonly ports: readonly number[];
  /** Unique per call, as TestRedis's. */
  readonly prefix: string;
  /** Moves `slots` slots from the master on `fromPort` to the one on `toPort` (redis-cli --cluster reshard). */
  reshard(fromPort: number, toPort: number, slots: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A private Redis Cluster for one test file: `masters` redis-servers with `--cluster-enabled yes` on free
 * loopback ports (each with its own nodes.conf in a temp dir), joined by `redis-cli --cluster create` with
 * no replicas, resolved once every node reports `cluster_state:ok`. stop() kills them all.
 */
export async function startRedisCluster(masters = 3): Promise<TestRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'techtube-cluster-'));
  const servers: { port: number; stop(): Promise<void> }[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < masters; i++) {
      const port = await freePort();
      const args = ['--appendonly', 'no', '--dir', dir, '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`];
      servers.push({ port, ...(await launch(port, [...args, '--cluster-node-timeout', '3000'])) });
    }
    const ports = servers.map((s) => s.port);
    await cli(['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes']);
    await Promise.all(ports.map((port) => waitForClusterOk(port)));
    return {
      nodes: ports.map((p) => `127.0.0.1:${p}`).join(','),
      ports,
      prefix: `test-${randomUUID()}`,
      reshard: async (fromPort, toPort, slots) => {
        const [from, to] = await Promise.all([nodeId(fromPort), nodeId(toPort)]);
        await cli([
          '--cluster',
          'reshard',
          `127.0.0.1:${fromPort}`,
          '--cluster-from',
          from,
          '--cluster-to',
          to,
          '--cluster-slots',
          String(slots),
          '--cluster-yes',
          '--cluster-pipeline',
          '100',
        ]);
        await Promise.all(ports.map((port) => waitForClusterOk(port)));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function cli(args: string[]): Promise<string> {
  try {
    return (await run('redis-cli', args, { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const e = error as { code?: string; stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error('redis-cli is not installed: run `apt-get install -y redis-server`');
    throw new Error(`redis-cli ${args.slice(0, 2).join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

async function nodeId(port: number): Promise<string> {
  return (await cli(['-p', String(port), 'cluster', 'myid'])).trim();
}

async function waitForClusterOk(port: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const info = await cli(['-p', String(port), 'cluster', 'info']).catch(() => '');
    if (/cluster_state:ok/.test(info) && /cluster_slots_ok:16384/.test(info)) return;
    if (Date.now() > deadline) throw new Error(`Redis Cluster node on port ${port} did not reach cluster_state:ok:\n${info}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
