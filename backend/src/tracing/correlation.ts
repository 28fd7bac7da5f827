import { randomUUID } from 'node:crypto';
import { ContextStorage } from '../shared/context-storage';
import { activeTraceparent } from './traces';

/**
 * What the events appended now were caused by (docs/design/operating.md, "Correlation and causation"):
 * the request's id (or a tool run's), the command being handled and its readable name, and for an undo
 * the id of the event it reverts. Ids and names only: never personal data.
 */
export interface Correlation {
  readonly correlationId: string;
  /** `<Command>:<uuid>`, made when the command is sent. */
  readonly causationId?: string;
  readonly causedBy?: string;
  /** An undo's events: the id of the event undone. */
  readonly undoes?: string;
}

/** Open only while a request's write, a command or a tool run is at work (context-storage.ts). */
const current = new ContextStorage<Correlation>();

/** The correlation of the code running now, wherever it is (a handler, the event store), or undefined outside any. */
export function currentCorrelation(): Correlation | undefined {
  return current.getStore();
}

/** Runs `work` with its own correlation id (a request's, a tool run's) and no cause yet. */
export function withCorrelation<T>(correlationId: string, work: () => T): T {
  return current.run({ correlationId }, work);
}

/** A tool run's own correlation id: `<kind>:<uuid>` (`cli`, `sweep`, `startup`). */
export function toolCorrelationId(kind: string): string {
  return `${kind}:${randomUUID()}`;
}

/**
 * Runs `work` as the command `name`: the events it appends name it as their cause. Outside any
 * correlation (nothing gave one), the command's own id is the correlation id too.
 */
export function asCommand<T>(name: string, work: () => T): T {
  const causationId = `${name}:${randomUUID()}`;
  return current.run({ correlationId: current.getStore()?.correlationId ?? causationId, causationId, causedBy: name }, work);
}

/** Runs `work` (an undo's compensation) so that its events carry `undoes`: the id of the event reverted. */
export function undoing<T>(eventId: string, work: () => T): T {
  const outer = current.getStore();
  return current.run({ correlationId: outer?.correlationId ?? toolCorrelationId('undo'), ...outer, undoes: eventId }, work);
}

/** The metadata keys an appended event gets (EventStoreDB's `$correlationId` and `$causationId`). */
const CORRELATION_ID = '$correlationId';
const CAUSATION_ID = '$causationId';
const CAUSED_BY = 'causedBy';
export const UNDOES = 'undoes';
const TRACEPARENT = 'traceparent';

/**
 * The correlation metadata of an event appended now, with the `traceparent` of the span appending it when
 * tracing is on. An event that already has a correlation id (a copy made by `npm run migrate`) keeps its
 * own; one appended outside any correlation gets a fresh id.
 */
export function correlationMetadata(metadata: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  if (typeof metadata?.[CORRELATION_ID] === 'string') return {};
  const correlation = current.getStore() ?? { correlationId: randomUUID() };
  const traceparent = activeTraceparent();
  return {
    [CORRELATION_ID]: correlation.correlationId,
    ...(traceparent !== undefined && { [TRACEPARENT]: traceparent }),
    ...(correlation.causationId !== undefined && { [CAUSATION_ID]: correlation.causationId }),
    ...(correlation.causedBy !== undefined && { [CAUSED_BY]: correlation.causedBy }),
    ...(correlation.undoes !== undefined && { [UNDOES]: correlation.undoes }),
  };
}

/** An event's `traceparent`, when it was appended inside a span. */
export function traceparentOf(metadata: Readonly<Record<string, unknown>>): string | undefined {
  const traceparent = metadata[TRACEPARENT];
  return typeof traceparent === 'string' ? traceparent : undefined;
}

/** An event's correlation id and cause, read back from its metadata (audit, activity, projector logs). */
export function correlationOf(metadata: Readonly<Record<string, unknown>>): { correlationId?: string; causedBy?: string } {
  const correlationId = metadata[CORRELATION_ID];
  const causedBy = metadata[CAUSED_BY];
  return {
    ...(typeof correlationId === 'string' && { correlationId }),
    ...(typeof causedBy === 'string' && { causedBy }),
  };
}
