import { setTimeout as sleep } from 'node:timers/promises';
import type { StoredEvent } from '../events/event';
import type { EventStore } from '../event-store/event-store.port';
import { partitionOfUser } from '../read-model/partitions';
import { CheckpointMovedError, ReadModel } from '../read-model/read-model.port';
import type { ProjectorLeases } from '../projector-leases/projector-lease';
import { projectEvent } from './user-lists.projection';
import { ProjectionLog, correlationIdsOf, projectBatch } from './projection-trace';

/** With one partition the read model is asked without one (its single checkpoint). */
export const partitionArg = (partition: number, partitions: number): number | undefined => (partitions === 1 ? undefined : partition);

export interface PartitionLoop {
  readonly partition: number;
  readonly partitions: number;
  readonly store: Pick<EventStore, 'subscribeToAll'>;
  readonly readModel: Pick<ReadModel, 'checkpoint' | 'applyEvents' | 'refreshNamespace'>;
  readonly lease: Pick<ReturnType<ProjectorLeases['lease']>, 'ttlMs' | 'renew'>;
  /** Aborted when the lease is lost, handed over, or the app stops: the loop then ends. */
  readonly lost: AbortController;
  /** Checks (and if need be starts afresh) the read model against the store before each subscription. */
  readonly followStore: () => Promise<unknown>;
  /** The partition's progress: read when the loop (re)starts, then after every batch applied. */
  readonly observe: (checkpoint: bigint | undefined) => void;
  /** Told how many of the partition's events each batch applied (techtube_projected_events_total); optional. */
  readonly applied?: (events: number) => void;
  readonly log: { warn(line: string): void; error(line: string): void } & ProjectionLog;
}

const FIRST_BACKOFF_MS = 100;
const LONGEST_BACKOFF_MS = 5_000;

/**
 * Projects one partition until its lease is lost or the app stops: follows the store's ordered
 * subscription from the partition's own checkpoint, applies the changes of its users' events, each
 * batch fenced by the checkpoint it follows (another projector having moved it ends the loop). After
 * any other error it resumes from the checkpoint, after a pause that doubles up to 5 s. While it
 * runs, the lease is renewed every third of its TTL; a renewal refused or failing counts as lost.
 */
export async function projectPartition(loop: PartitionLoop): Promise<void> {
  const { partition, partitions, store, readModel, lease, lost, log } = loop;
  // An exclusive (in-process) lease never expires and needs no renewal.
  const renewal =
    lease.ttlMs === Infinity
      ? undefined
      : setInterval(
          () => {
            lease.renew().then(
              (ok) => ok || lost.abort(),
              () => lost.abort(),
            );
          },
          Math.max(100, Math.floor(lease.ttlMs / 3)),
        );
  const ofPartition = partitionArg(partition, partitions);
  const mine = (userId: unknown) => partitions === 1 || (typeof userId === 'string' && partitionOfUser(userId, partitions) === partition);
  let backoffMs = FIRST_BACKOFF_MS;
  /** The events of the batch being applied: a failure's line names their correlation ids. */
  let inFlight: readonly StoredEvent[] = [];
  try {
    while (!lost.signal.aborted) {
      try {
        readModel.refreshNamespace?.();
        await loop.followStore();
        let applied = await readModel.checkpoint(ofPartition);
        loop.observe(applied);
        for await (const batch of store.subscribeToAll({ after: applied, signal: lost.signal })) {
          const last = batch[batch.length - 1]!.position;
          inFlight = batch.filter((event) => mine((event.data as { userId?: unknown } | undefined)?.userId));
          const events = inFlight.map((event) => ({ position: event.position, changes: projectEvent(event) }));
          await projectBatch(partition, inFlight, log, () =>
            readModel.applyEvents(events, last, { expected: applied, partition: ofPartition }),
          );
          inFlight = [];
          applied = last;
          loop.observe(last);
          if (events.length > 0) loop.applied?.(events.length);
          backoffMs = FIRST_BACKOFF_MS;
        }
      } catch (error) {
        if (lost.signal.aborted) break;
        if (error instanceof CheckpointMovedError) {
          log.warn(error.message);
          break;
        }
        log.error(`Projection stopped, resuming from the checkpoint in ${backoffMs} ms: ${(error as Error).message}${batchNote(inFlight)}`);
        inFlight = [];
        await sleep(backoffMs, undefined, { signal: lost.signal }).catch(() => undefined);
        backoffMs = Math.min(backoffMs * 2, LONGEST_BACKOFF_MS);
      }
    }
  } finally {
    clearInterval(renewal);
  }
}

/** The correlation ids of the batch a failure stopped (the first few): an operator finds the requests behind it. */
function batchNote(events: readonly StoredEvent[]): string {
  const ids = correlationIdsOf(events);
  if (ids.length === 0) return '';
  return ` (batch of ${events.length} events, correlationId ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''})`;
}
