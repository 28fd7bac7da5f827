import Redis, { Cluster, ClusterNode, RedisOptions } from 'ioredis';

/**
 * Where the shared Redis is: one server (`REDIS_URL`) or a Redis Cluster (`REDIS_CLUSTER_NODES`, any
 * of its masters as seeds). Every Redis user of the app connects through connectRedis, so that each
 * works on both.
 */
export type RedisTarget = { readonly url: string } | { readonly clusterNodes: readonly { readonly host: string; readonly port: number }[] };

/** A connection to either: the commands we use exist on both, with the same signatures. */
export type RedisClient = Redis | Cluster;

export function isCluster(redis: RedisClient): redis is Cluster {
  return redis instanceof Cluster;
}

/**
 * Opens a client. `options` are per-connection settings (retries, timeouts); on a cluster they apply to
 * every node's connection, and MOVED/ASK redirections (a slot migrating, `redis-cli --cluster reshard`)
 * are followed by ioredis itself.
 */
export function connectRedis(target: RedisTarget, options: RedisOptions = {}): RedisClient {
  if ('url' in target) return new Redis(target.url, options);
  // enableAutoPipelining is not passed on: ioredis groups a tick's commands per node, and once a slot has
  // moved, a group whose other commands succeeded answers MOVED for that slot's without re-reading the
  // slot map, so the same commands fail on every retry until something else refreshes it (ioredis #2075;
  // test/shared/redis-cluster-routing.test.ts). Sent one by one, each MOVED is followed and learnt.
  const { enableAutoPipelining: _grouped, lazyConnect, enableOfflineQueue, retryStrategy: _perNode, ...redisOptions } = options;
  return new Cluster(target.clusterNodes as ClusterNode[], {
    redisOptions,
    lazyConnect,
    enableOfflineQueue,
    maxRedirections: 32,
    // A slot migrating answers TRYAGAIN for multi-key commands: retry shortly, as for MOVED.
    retryDelayOnTryAgain: 50,
    retryDelayOnClusterDown: 100,
    retryDelayOnMoved: 0,
    // CLUSTER SLOTS within a second (the default) fails a start on a busy machine: "None of startup nodes is available".
    slotsRefreshTimeout: 5000,
  });
}

/**
 * Every master of a cluster (SCAN and KEYS are per node), or the one server. A cluster client knows its
 * nodes only once it has read the slot map: until then the list would be empty, so this waits for it.
 */
export async function masters(redis: RedisClient, timeoutMs = 10_000): Promise<Redis[]> {
  if (!isCluster(redis)) return [redis];
  if (redis.status !== 'ready') {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the Redis Cluster is not ready after ${timeoutMs} ms`)), timeoutMs);
      redis.once('ready', () => (clearTimeout(timer), resolve()));
    });
  }
  return redis.nodes('master');
}

/** `host:port,host:port` → seed nodes; undefined when empty. Throws a readable message on a bad entry. */
export function parseClusterNodes(raw: string): { host: string; port: number }[] {
  return raw.split(',').map((entry) => {
    const match = /^\s*([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})\s*$/.exec(entry);
    const port = match ? Number(match[2]) : NaN;
    if (!match || port < 1 || port > 65535) throw new Error(`"${entry.trim()}" is not host:port`);
    return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
  });
}
