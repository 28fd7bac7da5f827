import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { RedisTarget, parseClusterNodes } from '../shared/redis-connection';

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** EventStoreDB / KurrentDB event store when set; the embedded SQLite one otherwise. */
  readonly eventStoreConnectionString?: string;
  /** Redis read model when set; the in-memory one otherwise. */
  readonly redisUrl?: string;
  /**
   * The shared Redis, from REDIS_URL (one server) or REDIS_CLUSTER_NODES (a Redis Cluster); undefined for
   * the in-memory read model. Every Redis user connects to it with shared/redis-connection.ts.
   */
  readonly redis?: RedisTarget;
  /** Projection partitions (PROJECTION_PARTITIONS): users hashed by slot, each partition with its own lease and progress. */
  readonly projectionPartitions: number;
  readonly redisKeyPrefix: string;
  readonly jwtSecret: string;
  /**
   * Server secret of the email index: signup reserves, and login looks up, HMAC-SHA256(secret, email),
   * so the log never names an email. Kept like the JWT secret (DATA_DIR/email-index-secret when unset).
   */
  readonly emailIndexSecret: string;
  /** Where the per-person data keys live: `DATA_DIR/keys.sqlite` when unset, else this Redis (`redis://…`). */
  readonly keyStoreUrl?: string;
  readonly jwtExpiresInSeconds: number;
  readonly production: boolean;
  /** Built frontend served at `/`, when present. */
  readonly staticDir: string;
  /** Origins allowed to call the API from a browser (CORS); none by default. */
  readonly corsOrigins: readonly string[];
  /**
   * PUBLIC_ORIGIN: the origin users reach the app at (`https://techtube.example`), for the absolute URLs of
   * link previews; unset, the request's own (README, "Link previews").
   */
  readonly publicOrigin?: string;
  /**
   * TRUST_PROXY: addresses and CIDRs of the reverse proxies whose `X-Forwarded-For` names the client
   * (the address the login and signup limits count); empty by default: the client is the TCP peer.
   */
  readonly trustProxy: readonly string[];
  /** Failed logins allowed per email and per client address within the window, then 429. */
  readonly loginRateLimit: { readonly perEmail: number; readonly perAddress: number; readonly windowSeconds: number };
  /** Signups allowed per client address within the window, then 429. */
  readonly signupRateLimit: { readonly perAddress: number; readonly windowSeconds: number };
  /** Writes (POST, PUT, PATCH, DELETE of /api/user/*) allowed per user within the window, then 429. */
  readonly writeRateLimit: { readonly perUser: number; readonly windowSeconds: number };
  /** Anonymous public reads (GET /api/playlists, GET /api/playlists/:id) allowed per client address within the window, then 429. */
  readonly publicReadRateLimit: { readonly perAddress: number; readonly windowSeconds: number };
  /** What one user's library may hold (422 once reached), and the entries one import may carry (413). */
  readonly libraryCaps: { readonly playlistsPerUser: number; readonly videosPerPlaylist: number; readonly importEntries: number };
  /** `auto`: take part in projecting (one lease holder at a time); `off`: serve only. */
  readonly projector: 'auto' | 'off';
  readonly projectorLeaseTtlMs: number;
  /** A library checkpoint (time-travel, export, undo) every this many of a user's events. */
  readonly libraryCheckpointEvery: number;
  /**
   * How often the projector role removes history entries older than each user's auto-delete setting
   * (HISTORY_RETENTION_SWEEP_MS, a day by default; tests shorten it). Only instances that hold
   * projection partitions sweep, each its own partitions' users.
   */
  readonly historyRetentionSweepMs: number;
  /** How long a write's answer waits for the read model to show it before answering 202 (saved, still updating). */
  readonly readYourWritesTimeoutMs: number;
  /**
   * The changes streams (docs/design/live-updates.md): the heartbeat's interval, the streams one
   * user may hold on this instance (an extra one closes their oldest), all streams this instance holds (past
   * it 503), the catalogue streams per client address (past it 429), and what each instance remembers of
   * every user's recent changes for a reconnect's Last-Event-ID (count per user, age).
   */
  readonly live: {
    readonly heartbeatMs: number;
    readonly streamsPerUser: number;
    readonly streamsMax: number;
    readonly publicStreamsPerAddress: number;
    readonly memoryPerUser: number;
    readonly memoryMs: number;
  };
  /**
   * The operators' port (docs/design/operating.md): `/metrics` (Prometheus text), `/health/live` and
   * `/health/ready` on METRICS_PORT, bound to METRICS_HOST; undefined port: no server, and no metrics kept.
   */
  readonly metrics: { readonly port?: number; readonly host: string };
  /** /api/health answers 503 "degraded" once the oldest event still waiting for projection is older than this. */
  readonly healthMaxLagMs: number;
  readonly logLevel: LogLevel;
  /** `json`: one JSON object per line (production default); `pretty`: for people (development default). */
  readonly logFormat: 'json' | 'pretty';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

const DAY_MS = 24 * 3600 * 1000;

/** A bad setting: main prints the message as one line and exits. */
export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** One origin, as CORS_ORIGINS takes each. */
function publicOrigin(raw: string): string {
  const mistake = 'PUBLIC_ORIGIN must be one origin such as https://techtube.example';
  const origins = originsIn(raw, mistake);
  if (origins.length !== 1) throw new ConfigError(`${mistake}, got "${raw}"`);
  return origins[0]!;
}

/** `https://app.example.com,http://localhost:5173` → exact origins (scheme, host, port; no path). */
function corsOrigins(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  return originsIn(raw, 'CORS_ORIGINS must be a comma-separated list of origins such as https://app.example.com');
}

function originsIn(raw: string, mistake: string): string[] {
  return raw.split(',').map((entry) => {
    const origin = entry.trim();
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin) {
      throw new ConfigError(`${mistake}, got "${origin}"`);
    }
    return origin;
  });
}

/**
 * `127.0.0.1,10.0.0.0/8` → the proxies trusted to name the client in `X-Forwarded-For` (README
 * "Configuration", SECURITY.md §5). Exact addresses and CIDRs only: `true`, a hop count or a /0 believe
 * the header from whoever connects, so a client reaching the app directly would choose its own address
 * and walk past every per-address limit. Unset or `false`: nothing is trusted, the client is the TCP peer.
 */
function trustedProxies(raw: string | undefined): string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return [];
  if (value === 'true') {
    throw new ConfigError('TRUST_PROXY=true would let every client choose its own address: list the proxy addresses or CIDRs instead');
  }
  if (/^\d+$/.test(value)) {
    throw new ConfigError(
      `TRUST_PROXY takes the proxy addresses or CIDRs, not a hop count (a hop count trusts whoever connects), got "${value}"`,
    );
  }
  return value.split(',').map((entry) => {
    const proxy = entry.trim();
    const [address = '', prefix, ...rest] = proxy.split('/');
    const version = isIP(address);
    const maxBits = version === 4 ? 32 : 128;
    const bits = prefix === undefined ? maxBits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
    // A /0 is every address: `true` by another name.
    if (version === 0 || rest.length > 0 || bits < 1 || bits > maxBits) {
      throw new ConfigError(
        `TRUST_PROXY must be a comma-separated list of proxy addresses or CIDRs such as 10.0.0.5,10.1.0.0/16, got "${proxy}"`,
      );
    }
    return proxy;
  });
}

/** The embedded default keeps a generated secret beside the data, so tokens survive restarts. */
function embeddedSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** REDIS_URL (one server) or REDIS_CLUSTER_NODES (`host:port,…`, seeds of a Redis Cluster), not both. */
function redisTarget(env: NodeJS.ProcessEnv, url: string | undefined): RedisTarget | undefined {
  const nodes = env.REDIS_CLUSTER_NODES?.trim();
  if (!nodes) return url ? { url } : undefined;
  if (url) throw new ConfigError('Set either REDIS_URL (one server) or REDIS_CLUSTER_NODES (a Redis Cluster), not both');
  try {
    return { clusterNodes: parseClusterNodes(nodes) };
  } catch (error) {
    throw new ConfigError(`REDIS_CLUSTER_NODES must be a comma-separated list of host:port (${(error as Error).message})`);
  }
}

function projectorMode(raw: string | undefined): 'auto' | 'off' {
  if (raw === undefined || raw === '' || raw === 'auto') return 'auto';
  if (raw === 'off') return 'off';
  throw new ConfigError(`PROJECTOR must be "auto" or "off", got "${raw}"`);
}

/**
 * METRICS_PORT (1–65535; unset or empty: off) and METRICS_HOST (an IP address). Unset, the metrics port
 * listens where the API does (`apiHost`, HOST): an API kept on loopback keeps its metrics and health there
 * too, and the default HOST (0.0.0.0) still lets a scraper on another host in (README "Configuration"). A
 * host name is refused in METRICS_HOST: a port apart from the API's is meant for one interface, chosen on purpose.
 */
function metricsEndpoint(env: NodeJS.ProcessEnv, apiHost: string): AppConfig['metrics'] {
  const host = env.METRICS_HOST || apiHost;
  if (env.METRICS_HOST && isIP(host) === 0)
    throw new ConfigError(`METRICS_HOST must be an IP address such as 0.0.0.0 or 127.0.0.1, got "${host}"`);
  const on = env.METRICS_PORT !== undefined && env.METRICS_PORT !== '';
  return { port: on ? integer(env, 'METRICS_PORT', 0, 1, 65535) : undefined, host };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(cwd, env.DATA_DIR || 'data');
  const eventStoreConnectionString = env.EVENTSTORE_CONNECTION_STRING || undefined;
  if (eventStoreConnectionString && !/^(esdb|kurrentdb|kurrent)(\+discover)?:\/\/.+/.test(eventStoreConnectionString)) {
    // Not echoed: the connection string may carry credentials.
    throw new ConfigError(
      'EVENTSTORE_CONNECTION_STRING must look like esdb://host:2113?tls=false (or esdb+discover://, kurrentdb://, kurrent+discover://)',
    );
  }
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\/.+/.test(redisUrl)) {
    // Not echoed: the URL may carry a password.
    throw new ConfigError('REDIS_URL must look like redis://host:port');
  }
  const redis = redisTarget(env, redisUrl);
  const projectionPartitions = integer(env, 'PROJECTION_PARTITIONS', 1, 1, 1024);
  if (projectionPartitions > 1 && !redis) {
    throw new ConfigError('PROJECTION_PARTITIONS above 1 needs a shared read model: set REDIS_URL or REDIS_CLUSTER_NODES');
  }
  const redisKeyPrefix = env.REDIS_KEY_PREFIX || 'tt';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(redisKeyPrefix)) {
    throw new ConfigError('REDIS_KEY_PREFIX may hold only letters, digits, "_", "." and "-" (1 to 64)');
  }
  let jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  if (!jwtSecret) {
    if (production) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
    jwtSecret = embeddedSecret(dataDir);
  }
  let emailIndexSecret = env.EMAIL_INDEX_SECRET || undefined;
  if (emailIndexSecret !== undefined && emailIndexSecret.length < 32)
    throw new ConfigError('EMAIL_INDEX_SECRET must be at least 32 characters');
  if (!emailIndexSecret) {
    if (production) throw new ConfigError('EMAIL_INDEX_SECRET is required when NODE_ENV=production');
    emailIndexSecret = embeddedSecret(dataDir, 'email-index-secret');
  }
  const host = env.HOST || '0.0.0.0';
  const keyStoreUrl = env.KEY_STORE_URL || undefined;
  // Not echoed: the URL may carry a password.
  if (keyStoreUrl && !/^rediss?:\/\/.+/.test(keyStoreUrl)) throw new ConfigError('KEY_STORE_URL must look like redis://host:port');
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host,
    dataDir,
    eventStoreConnectionString,
    redisUrl,
    redis,
    projectionPartitions,
    redisKeyPrefix,
    jwtSecret,
    emailIndexSecret,
    keyStoreUrl,
    jwtExpiresInSeconds: integer(env, 'JWT_EXPIRES_IN_SECONDS', 24 * 3600, 60, 90 * 24 * 3600),
    production,
    staticDir: resolve(cwd, env.STATIC_DIR || join(__dirname, '..', '..', '..', 'frontend', 'dist')),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    publicOrigin: env.PUBLIC_ORIGIN ? publicOrigin(env.PUBLIC_ORIGIN) : undefined,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    loginRateLimit: {
      perEmail: integer(env, 'LOGIN_LIMIT_PER_EMAIL', 10, 1, 1_000_000),
      perAddress: integer(env, 'LOGIN_LIMIT_PER_ADDRESS', 50, 1, 1_000_000),
      windowSeconds: integer(env, 'LOGIN_LIMIT_WINDOW_SECONDS', 15 * 60, 1, 24 * 3600),
    },
    signupRateLimit: {
      perAddress: integer(env, 'SIGNUP_LIMIT_PER_ADDRESS', 20, 1, 1_000_000),
      windowSeconds: integer(env, 'SIGNUP_LIMIT_WINDOW_SECONDS', 3600, 1, 24 * 3600),
    },
    writeRateLimit: {
      perUser: integer(env, 'WRITE_LIMIT_PER_USER', 60, 1, 1_000_000),
      windowSeconds: integer(env, 'WRITE_LIMIT_WINDOW_SECONDS', 3, 1, 3600),
    },
    publicReadRateLimit: {
      perAddress: integer(env, 'PUBLIC_READ_LIMIT_PER_ADDRESS', 300, 1, 1_000_000),
      windowSeconds: integer(env, 'PUBLIC_READ_LIMIT_WINDOW_SECONDS', 60, 1, 3600),
    },
    libraryCaps: {
      playlistsPerUser: integer(env, 'MAX_PLAYLISTS_PER_USER', 200, 1, 100_000),
      videosPerPlaylist: integer(env, 'MAX_VIDEOS_PER_PLAYLIST', 5000, 1, 1_000_000),
      importEntries: integer(env, 'MAX_IMPORT_ENTRIES', 10_000, 1, 1_000_000),
    },
    projector: projectorMode(env.PROJECTOR),
    projectorLeaseTtlMs: integer(env, 'PROJECTOR_LEASE_TTL_MS', 5000, 1000, 60_000),
    libraryCheckpointEvery: integer(env, 'LIBRARY_CHECKPOINT_EVERY', 500, 2, 100_000),
    historyRetentionSweepMs: integer(env, 'HISTORY_RETENTION_SWEEP_MS', DAY_MS, 100, 7 * DAY_MS),
    readYourWritesTimeoutMs: integer(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 10_000, 100, 120_000),
    healthMaxLagMs: integer(env, 'HEALTH_MAX_LAG_MS', 5_000, 100, 600_000),
    metrics: metricsEndpoint(env, host),
    live: {
      heartbeatMs: integer(env, 'LIVE_HEARTBEAT_MS', 15_000, 10, 300_000),
      streamsPerUser: integer(env, 'LIVE_STREAMS_PER_USER', 10, 1, 1000),
      streamsMax: integer(env, 'LIVE_STREAMS_MAX', 20_000, 1, 1_000_000),
      publicStreamsPerAddress: integer(env, 'LIVE_PUBLIC_STREAMS_PER_ADDRESS', 20, 1, 1_000_000),
      memoryPerUser: integer(env, 'LIVE_MEMORY_PER_USER', 100, 1, 100_000),
      memoryMs: integer(env, 'LIVE_MEMORY_MS', 15 * 60_000, 1000, DAY_MS),
    },
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'pretty'] as const, production ? 'json' : 'pretty'),
  };
}
