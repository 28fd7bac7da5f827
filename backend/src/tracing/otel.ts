import * as api from '@opentelemetry/api';
import FastifyOtelInstrumentation from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { BatchSpanProcessor, ConsoleSpanExporter, NodeTracerProvider, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { currentCorrelation } from './correlation';
import { CORRELATION_ATTRIBUTE, tracingStarted } from './traces';
import type { SpanExporterName } from './tracing-env';

/**
 * Every span of a request carries the request's correlation id: from the async context where the app has
 * one (a write's handler, its command and append), else from its parent span (the request span has it
 * from `requestHook` below; Nest's handler and Redis spans of a read inherit it).
 */
const correlationProcessor: SpanProcessor = {
  onStart(span, parentContext) {
    const parent = api.trace.getSpan(parentContext) as unknown as { attributes?: api.Attributes } | undefined;
    const id = currentCorrelation()?.correlationId ?? parent?.attributes?.[CORRELATION_ATTRIBUTE];
    if (id !== undefined) span.setAttribute(CORRELATION_ATTRIBUTE, id);
  },
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

/**
 * Starts OpenTelemetry's SDK (docs/design/operating.md, "Traces"): the standard OTEL_* variables configure
 * the exporter (OTLP over HTTP with JSON bodies, or the console), the batch processor, the sampler and the
 * resource (`service.name` from OTEL_SERVICE_NAME, default `techtube`). Instrumented: Fastify's requests
 * (@fastify/otel, registered on each Fastify instance as it is made), Nest's handlers, ioredis commands
 * made inside a span. Returns what flushes and stops it.
 *
 * @public required by register.ts only when tracing is on, never imported
 */
export function startTracing(exporters: readonly SpanExporterName[]): () => Promise<void> {
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'techtube' }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [
      correlationProcessor,
      ...exporters.map((name) => new BatchSpanProcessor(name === 'console' ? new ConsoleSpanExporter() : new OTLPTraceExporter())),
    ],
  });
  provider.register();
  new FastifyOtelInstrumentation({
    registerOnInitialization: true,
    // The request span and the handler's; not one per hook of every request.
    instrumentHooks: false,
    requestHook: (span, request) => span.setAttribute(CORRELATION_ATTRIBUTE, request.id),
  });
  new NestInstrumentation();
  // Redis commands of a request, a command or a projection batch; not the background polls outside any span.
  new IORedisInstrumentation({ requireParentSpan: true });
  tracingStarted(api, api.trace.getTracer('techtube'));
  return () => provider.shutdown();
}
