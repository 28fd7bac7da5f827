import { PinoLogger } from 'nestjs-pino';
import type { StoredEvent } from '../events/event';
import { correlationOf, traceparentOf } from '../tracing/correlation';
import { CORRELATION_ATTRIBUTE, inLinkedSpan, tracing } from '../tracing/traces';

/** Where a partition's lines about the events it applies go: the projector's logger (debug lines are optional). */
export interface ProjectionLog {
  debug?(fields: Record<string, unknown>): void;
}

/** Links a projection span keeps at most (OpenTelemetry's default limit). */
const MAX_LINKS = 128;

/**
 * Applies one batch of a partition's events (docs/design/operating.md): when tracing is on, in a
 * `project partition <k>` span linked to the span that appended each event (its `traceparent`) and
 * carrying their correlation ids; then one debug line per event applied, with its correlation id.
 */
export function projectBatch<T>(
  partition: number,
  events: readonly StoredEvent[],
  log: ProjectionLog,
  apply: () => Promise<T>,
): Promise<T> {
  const applyAndLog = async () => {
    const result = await apply();
    // Inside the span: the lines name its trace_id and span_id too.
    if (log.debug && debugLines()) for (const event of events) log.debug(appliedLine(partition, event));
    return result;
  };
  if (!tracing() || events.length === 0) return applyAndLog();
  return inLinkedSpan(
    `project partition ${partition}`,
    events.flatMap((event) => traceparentOf(event.metadata) ?? []).slice(0, MAX_LINKS),
    applyAndLog,
    { [CORRELATION_ATTRIBUTE]: correlationIdsOf(events), 'techtube.partition': partition, 'techtube.event_count': events.length },
  );
}

function appliedLine(partition: number, event: StoredEvent): Record<string, unknown> {
  const { correlationId, causedBy } = correlationOf(event.metadata);
  return {
    msg: `Projected ${event.type} at ${event.position} in partition ${partition}`,
    position: event.position.toString(),
    type: event.type,
    partition,
    ...(correlationId !== undefined && { correlationId }),
    ...(causedBy !== undefined && { causedBy }),
  };
}

/**
 * Whether the root logger writes debug lines: a line per event is made only then (a replay applies
 * thousands a second). A process without the pino root logger (`npm run projector` logs through Nest's
 * console logger, at log level and above) writes none.
 */
function debugLines(): boolean {
  return PinoLogger.root?.isLevelEnabled('debug') ?? false;
}

/** The distinct correlation ids of these events, in order. */
export function correlationIdsOf(events: readonly StoredEvent[]): string[] {
  return [...new Set(events.flatMap((event) => correlationOf(event.metadata).correlationId ?? []))];
}
