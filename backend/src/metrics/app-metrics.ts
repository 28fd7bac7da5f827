import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { FastHistogram } from './fast-histogram';

/** The token of this process's metrics: an AppMetrics when METRICS_PORT is set, `null` otherwise. */
export const METRICS = Symbol('METRICS');

/**
 * Buckets of the latencies we time (seconds): from a cached read (well under a millisecond,
 * bench/RESULTS.md) to a write waiting out READ_YOUR_WRITES_TIMEOUT_MS.
 */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A Redis command or an event-store call is mostly sub-millisecond: finer buckets at the low end. */
const FAST_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/** Seconds since `start` (a `process.hrtime.bigint()`). */
export const secondsSince = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e9;

/**
 * Every metric of docs/design/operating.md's table, in one registry of its own (not prom-client's global
 * one, so that two apps in one test process never share counts). It exists only when METRICS_PORT is set:
 * otherwise every hook that would feed it is not installed at all (see METRICS), and nothing is counted.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly beforeScrape: (() => void | Promise<void>)[] = [];

  /** Every answer of the public port: a FastHistogram, one observation per request. */
  readonly httpRequestDuration = new FastHistogram(
    'http_request_duration_seconds',
    'HTTP answers of the public port, by method, route pattern and status',
    ['method', 'route', 'status'],
    LATENCY_BUCKETS,
    this.registry,
  );
  readonly commandsTotal = new Counter({
    name: 'techtube_commands_total',
    help: 'Commands handled, by command and outcome (ok, refused, conflict, error)',
    labelNames: ['command', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly commandDuration = new Histogram({
    name: 'techtube_command_duration_seconds',
    help: 'Commands from the CommandBus to the append, by command and outcome',
    labelNames: ['command', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly eventsAppended = new Counter({
    name: 'techtube_events_appended_total',
    help: 'Events written to the store, by event type',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });
  readonly eventStoreDuration = new Histogram({
    name: 'techtube_event_store_duration_seconds',
    help: 'Calls of the event store: append, read_stream, head',
    labelNames: ['operation'] as const,
    buckets: FAST_BUCKETS,
    registers: [this.registry],
  });
  /** Every Redis command: a FastHistogram too, a list read sending one. */
  readonly redisCommandDuration = new FastHistogram(
    'techtube_redis_command_duration_seconds',
    'Redis commands (read model, limits, keys), by lower-case command name',
    ['command'],
    FAST_BUCKETS,
    this.registry,
  );
  readonly projectionCheckpoint = new Gauge({
    name: 'techtube_projection_checkpoint',
    help: 'Position each partition has been projected up to, as this instance knows',
    labelNames: ['partition'] as const,
    registers: [this.registry],
  });
  readonly projectionLagEvents = new Gauge({
    name: 'techtube_projection_lag_events',
    help: "Store head minus the partition's checkpoint (events on the embedded store, log bytes on EventStoreDB)",
    labelNames: ['partition'] as const,
    registers: [this.registry],
  });
  readonly projectionLagSeconds = new Gauge({
    name: 'techtube_projection_lag_seconds',
    help: 'How long the oldest event not yet projected in the partition has waited; 0 when none',
    labelNames: ['partition'] as const,
    registers: [this.registry],
  });
  readonly projectedEvents = new Counter({
    name: 'techtube_projected_events_total',
    help: 'Events applied by this instance, by partition',
    labelNames: ['partition'] as const,
    registers: [this.registry],
  });
  readonly readYourWritesWait = new Histogram({
    name: 'techtube_read_your_writes_wait_seconds',
    help: 'A write waiting for its own event to show: shown, or timeout (answered 202)',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly refusals = new Counter({
    name: 'techtube_refusals_total',
    help: 'Requests refused by a rate limit or a cap, by limit',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  readonly idempotentReplays = new Counter({
    name: 'techtube_idempotent_replays_total',
    help: 'Answers replayed for a repeated Idempotency-Key',
    registers: [this.registry],
  });
  readonly idempotencyConflicts = new Counter({
    name: 'techtube_idempotency_conflicts_total',
    help: 'Idempotency-Key refusals: in_flight (409) and mismatch (422)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  readonly liveStreams = new Gauge({
    name: 'techtube_live_streams',
    help: 'Open live changes streams on this instance: user, catalogue',
    labelNames: ['stream'] as const,
    registers: [this.registry],
  });
  readonly liveStreamsBehind = new Counter({
    name: 'techtube_live_streams_behind_total',
    help: 'Live changes streams ended with a reset because their client read slower than its changes came: user, catalogue',
    labelNames: ['stream'] as const,
    registers: [this.registry],
  });

  constructor() {
    // process_* and nodejs_* (CPU, memory, heap, event-loop lag, GC): only here, so only with the port on.
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Runs `refresh` before each scrape: gauges of what the app already knows (projection progress, open
   * streams) are set then, rather than on every change of what they count.
   */
  onScrape(refresh: () => void | Promise<void>): void {
    this.beforeScrape.push(refresh);
  }

  /** The Prometheus text of every metric, after the gauges are refreshed (one failing refresh keeps its last values). */
  async scrape(): Promise<string> {
    await Promise.allSettled(this.beforeScrape.map(async (refresh) => refresh()));
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
