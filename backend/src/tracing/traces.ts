import type { Attributes, Link, Span, Tracer } from '@opentelemetry/api';
import type * as OtelApi from '@opentelemetry/api';

/**
 * The app's spans (docs/design/operating.md, "Traces"), through a tracer only when tracing is on: off,
 * each helper calls its work directly and nothing of OpenTelemetry is loaded (types only, here).
 * `otel.ts`, required by `register.ts` when OTEL_* asks for traces, hands over the API and the tracer.
 */
let on: { api: typeof OtelApi; tracer: Tracer } | undefined;

/** Called once by otel.ts when the SDK has started. */
export function tracingStarted(api: typeof OtelApi, tracer: Tracer): void {
  on = { api, tracer };
}

/** The attribute every span of a request carries. */
export const CORRELATION_ATTRIBUTE = 'techtube.correlation_id';

/** Runs `work` in a span named `name` (a child of the active one); the span ends when its promise settles. */
export function inSpan<T>(name: string, work: () => Promise<T>, attributes?: Attributes): Promise<T> {
  if (!on) return work();
  return on.tracer.startActiveSpan(name, { attributes }, (span) => endWhenSettled(span, work));
}

/**
 * Runs `work` in a new root span linked to the spans named by `traceparents` (W3C, as events keep them
 * in their metadata): a projection's batch follows from the requests that appended its events.
 */
export function inLinkedSpan<T>(
  name: string,
  traceparents: readonly string[],
  work: () => Promise<T>,
  attributes?: Attributes,
): Promise<T> {
  if (!on) return work();
  const links = traceparents.flatMap((traceparent): Link[] => {
    const context = parseTraceparent(traceparent);
    return context ? [{ context }] : [];
  });
  return on.tracer.startActiveSpan(name, { root: true, links, attributes }, (span) => endWhenSettled(span, work));
}

/** Whether spans are being made: callers skip gathering what only a span would use. */
export function tracing(): boolean {
  return on !== undefined;
}

async function endWhenSettled<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: 2 /* SpanStatusCode.ERROR */, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

/** The active span as a W3C `traceparent`, or undefined when tracing is off or no span is active. */
export function activeTraceparent(): string | undefined {
  const span = on?.api.trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

/** `trace_id` and `span_id` of the active span, for a log line; empty when there is none. */
export function activeSpanFields(): { trace_id?: string; span_id?: string } {
  const span = on?.api.trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

function parseTraceparent(traceparent: string): { traceId: string; spanId: string; traceFlags: number } | undefined {
  const match = TRACEPARENT.exec(traceparent);
  return match ? { traceId: match[1]!, spanId: match[2]!, traceFlags: parseInt(match[3]!, 16) } : undefined;
}
