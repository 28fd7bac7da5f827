import Redis from 'ioredis';
import type { AppMetrics } from './app-metrics';

type SendCommand = Redis['sendCommand'];
type SentCommand = Parameters<SendCommand>[0];
type Stream = Parameters<SendCommand>[1];

const observers = new Set<AppMetrics>();
let original: SendCommand | undefined;

/**
 * Times every Redis command of this process (the read model, the limits, the leases, the key store):
 * ioredis has no hooks, so this wraps `Redis.prototype.sendCommand`, through which every client sends,
 * a cluster's node connections and pipelines included (as the OpenTelemetry ioredis instrumentation does).
 * Installed only while some AppMetrics observes (METRICS_PORT set): without it Redis runs untouched.
 * Returns the undo, for the app's shutdown.
 */
export function timeRedisCommands(metrics: AppMetrics): () => void {
  observers.add(metrics);
  if (!original) {
    const unwrapped = Redis.prototype.sendCommand;
    original = unwrapped;
    Redis.prototype.sendCommand = function timedSendCommand(this: Redis, command: SentCommand, stream?: Stream) {
      // Timed only when sent on a ready connection: a command queued while Redis is away passes here again
      // when the queue is flushed, and is timed then, once (nothing is written on ioredis's own objects).
      if (this.status === 'ready' && observers.size > 0) {
        const start = process.hrtime.bigint();
        const name = command.name.toLowerCase();
        const observe = () => {
          const seconds = Number(process.hrtime.bigint() - start) / 1e9;
          for (const observer of observers) observer.redisCommandDuration.observe(seconds, name);
        };
        // Told through the command's own resolve and reject, not a `.then()`: a promise more per command
        // costs its async hooks too, which the request context (tracing/) keeps on.
        const { resolve, reject } = command;
        command.resolve = (result) => (observe(), resolve(result));
        command.reject = (error) => (observe(), reject(error));
      }
      return unwrapped.call(this, command, stream);
    } as SendCommand;
  }
  return () => {
    observers.delete(metrics);
    if (observers.size === 0 && original) {
      Redis.prototype.sendCommand = original;
      original = undefined;
    }
  };
}
