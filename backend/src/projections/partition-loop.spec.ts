import type { StoredEvent } from '../events/event';
import { partitionOfUser } from '../read-model/partitions';
import { ApplyOptions, CheckpointMovedError, EventChanges } from '../read-model/read-model.port';
import { PartitionLoop, projectPartition } from './partition-loop';

const PARTITIONS = 2;
/** Two users whose events fall in different partitions. */
const users = (() => {
  const byPartition = new Map<number, string>();
  for (let i = 0; byPartition.size < PARTITIONS; i++) byPartition.set(partitionOfUser(`user-${i}`, PARTITIONS), `user-${i}`);
  return [byPartition.get(0)!, byPartition.get(1)!] as const;
})();

const liked = (position: bigint, userId: string): StoredEvent => ({
  id: `e${position}`,
  streamId: `likes-${userId}`,
  revision: 0,
  position,
  type: 'VideoLiked',
  data: { userId, videoId: 'v1' },
  metadata: {},
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** A store whose subscription hands over `batches` (those after the position asked for), then waits for new events that never come. */
function fakeStore(batches: StoredEvent[][]) {
  const subscribedAfter: (bigint | undefined)[] = [];
  return {
    subscribedAfter,
    store: {
      async *subscribeToAll({ after, signal }: { after?: bigint; signal?: AbortSignal } = {}) {
        subscribedAfter.push(after);
        for (const batch of batches) if (after === undefined || batch[batch.length - 1]!.position > after) yield batch;
        await new Promise((resolve) => (signal!.aborted ? resolve(undefined) : signal!.addEventListener('abort', resolve, { once: true })));
      },
    },
  };
}

/** A read model that keeps one checkpoint per partition and fences each batch by it, as the adapters do. */
function fakeReadModel({ failFirst = false } = {}) {
  const checkpoints = new Map<number | undefined, bigint>();
  const applied: { events: readonly EventChanges[]; checkpoint: bigint; options?: ApplyOptions }[] = [];
  let failures = failFirst ? 1 : 0;
  return {
    checkpoints,
    applied,
    readModel: {
      checkpoint: async (partition?: number) => checkpoints.get(partition),
      applyEvents: async (events: readonly EventChanges[], checkpoint: bigint, options?: ApplyOptions) => {
        if (failures-- > 0) throw new Error('connection reset');
        const stored = checkpoints.get(options?.partition);
        if (stored !== options?.expected) throw new CheckpointMovedError(options?.expected, stored);
        checkpoints.set(options?.partition, checkpoint);
        applied.push({ events, checkpoint, options });
      },
    },
  };
}

function loopOf(partition: number, parts: Pick<PartitionLoop, 'store' | 'readModel'>, renew = async () => true) {
  const observed: (bigint | undefined)[] = [];
  const log = { warnings: [] as string[], errors: [] as string[] };
  const lost = new AbortController();
  const loop: PartitionLoop = {
    partition,
    partitions: PARTITIONS,
    ...parts,
    lease: { ttlMs: 300, renew },
    lost,
    followStore: async () => undefined,
    observe: (checkpoint) => observed.push(checkpoint),
    log: { warn: (line) => log.warnings.push(line), error: (line) => log.errors.push(line) },
  };
  return { loop, lost, observed, log };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
};

describe('one partition’s projection loop', () => {
  const [mine, theirs] = users;

  test("applies only its own users' events, each batch fenced by the checkpoint it follows, and reports its progress", async () => {
    const { store } = fakeStore([[liked(1n, mine), liked(2n, theirs)], [liked(3n, theirs)]]);
    const { readModel, applied } = fakeReadModel();
    const { loop, lost, observed } = loopOf(0, { store, readModel });
    const running = projectPartition(loop);
    await until(() => applied.length === 2);
    lost.abort();
    await running;
    expect(applied.map(({ events, checkpoint, options }) => [events.map((e) => e.position), checkpoint, options])).toEqual([
      [[1n], 2n, { expected: undefined, partition: 0 }],
      [[], 3n, { expected: 2n, partition: 0 }],
    ]);
    expect(applied[0]!.events[0]!.changes.length).toBeGreaterThan(0);
    expect(observed).toEqual([undefined, 2n, 3n]);
  });

  test('another projector having moved the checkpoint ends the loop: it no longer holds the partition', async () => {
    const { store } = fakeStore([[liked(1n, mine)]]);
    const { readModel, checkpoints, applied } = fakeReadModel();
    const readFirst = readModel.checkpoint;
    // The checkpoint moves between this loop's read and its first batch.
    readModel.checkpoint = async (partition) => {
      const read = await readFirst(partition);
      checkpoints.set(partition, 9n);
      return read;
    };
    const { loop, lost, log } = loopOf(0, { store, readModel });
    await projectPartition(loop);
    expect(applied).toEqual([]);
    expect(log.warnings[0]).toContain('another projector is applying');
    expect(lost.signal.aborted).toBe(false);
  });

  test('after any other error it resumes from the checkpoint', async () => {
    const { store, subscribedAfter } = fakeStore([[liked(1n, mine)], [liked(2n, mine)]]);
    const { readModel, applied } = fakeReadModel({ failFirst: true });
    const { loop, lost, log } = loopOf(0, { store, readModel });
    const running = projectPartition(loop);
    await until(() => applied.length === 2);
    lost.abort();
    await running;
    expect(log.errors[0]).toMatch(/^Projection stopped, resuming from the checkpoint in 100 ms: connection reset/);
    expect(subscribedAfter).toEqual([undefined, undefined]);
    expect(applied.map((a) => a.checkpoint)).toEqual([1n, 2n]);
  });

  test('a lease renewal refused counts as lost: the loop ends', async () => {
    const { store } = fakeStore([]);
    const { readModel } = fakeReadModel();
    let renewals = 0;
    const { loop, lost } = loopOf(1, { store, readModel }, async () => (renewals++, false));
    await projectPartition(loop);
    expect(lost.signal.aborted).toBe(true);
    expect(renewals).toBe(1);
  });
});
