import type { EventStore } from '../event-store/event-store.port';
import { partitionArg } from '../projections/partition-loop';
import type { Projector } from '../projections/projector';
import type { ReadModel } from '../read-model/read-model.port';
import type { AppMetrics } from './app-metrics';
import { firstEventTimeAfter } from './first-waiting-event';

/**
 * Sets the projection gauges on each scrape (docs/design/operating.md): per partition its checkpoint, the
 * lag in positions behind the store's head, and how long the first event after the checkpoint has waited.
 * A partition projected here is known without a read; one projected by another instance is read from the
 * read model (its checkpoint key), since this instance polls it only while a write waits on it. The store is
 * read once for its head, and once more per partition behind it (the waiting event's time, as GET /api/health).
 */
export function gaugeProjection(
  metrics: AppMetrics,
  parts: { store: Pick<EventStore, 'headPosition' | 'subscribeToAll'>; readModel: Pick<ReadModel, 'checkpoint'>; projector: Projector },
): void {
  const { store, readModel, projector } = parts;
  metrics.onScrape(async () => {
    const partitions = projector.partitionCount;
    const held = new Set(projector.heldPartitions);
    const head = await store.headPosition();
    const now = Date.now();
    await Promise.all(
      Array.from({ length: partitions }, async (_, k) => {
        const partition = String(k);
        const checkpoint = held.has(k) ? projector.progressOf(k) : await readModel.checkpoint(partitionArg(k, partitions));
        const behind = head === undefined ? 0n : head - (checkpoint ?? 0n);
        metrics.projectionCheckpoint.set({ partition }, Number(checkpoint ?? 0n));
        metrics.projectionLagEvents.set({ partition }, Number(behind > 0n ? behind : 0n));
        const waitingSince = behind > 0n ? await firstEventTimeAfter(store, checkpoint) : undefined;
        metrics.projectionLagSeconds.set({ partition }, waitingSince === undefined ? 0 : Math.max(0, now - waitingSince) / 1000);
      }),
    );
  });
}
