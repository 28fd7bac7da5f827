import { requestedSpanExporters } from './tracing-env';

/**
 * Imported first by the processes that trace (main.ts, projector.main.ts), before Nest, Fastify or ioredis
 * is loaded, so that their instrumentations can wrap them. With tracing off (no OTEL_* asking for it)
 * nothing of OpenTelemetry's SDK is required.
 */
const exporters = requestedSpanExporters(process.env);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const stop = exporters.length > 0 ? (require('./otel') as typeof import('./otel')).startTracing(exporters) : undefined;

/** Ends tracing once the app has closed: the spans still buffered are sent first. */
export async function shutdownTracing(): Promise<void> {
  await stop?.();
}
