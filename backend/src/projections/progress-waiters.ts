import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../errors/domain-error';

interface Waiter {
  readonly position: bigint;
  /** The partition whose progress shows the write; undefined: every partition's. */
  readonly partition: number | undefined;
  readonly resolve: () => void;
}

/** How often waiters poll progress they do not write. */
const POLL_INTERVAL_MS = 20;

/** How the waiters learn of progress this instance does not make itself. */
export interface ProgressSource {
  /** Called before each round of reads (a shared read model may have switched namespaces). */
  readonly refresh: () => void;
  /** The read model's checkpoint of one partition (undefined: nothing applied, or not answering). */
  readonly checkpointOf: (partition: number) => Promise<bigint | undefined>;
  /** Whether this instance projects the partition: its progress is then observed as it is made, never polled. */
  readonly projectedHere: (partition: number) => boolean;
}

/**
 * Read-your-writes: the progress this instance knows of, per projection partition, and the requests
 * waiting for a position to show in the read model. Progress comes in two ways: the partition loops
 * this instance runs report what they applied (`observe`), and partitions projected elsewhere are
 * polled while anyone waits on them.
 */
export class ProgressWaiters {
  private waiters: Waiter[] = [];
  /** Per partition: the progress this instance knows of. */
  private readonly seen: (bigint | undefined)[];
  private poller: Promise<void> | undefined;

  constructor(
    private readonly partitions: number,
    private readonly source: ProgressSource,
    private readonly stop: AbortSignal,
    private readonly pollIntervalMs = POLL_INTERVAL_MS,
  ) {
    this.seen = new Array<bigint | undefined>(partitions).fill(undefined);
  }

  /** Position up to which every partition is visible in the read model, as far as this instance knows. */
  get checkpoint(): bigint | undefined {
    return this.seen.reduce<bigint | undefined>(
      (low, s) => (s === undefined || low === undefined ? undefined : s < low ? s : low),
      this.seen[0],
    );
  }

  /** One partition's progress as this instance knows it (undefined: none seen yet). */
  progressOf(partition: number): bigint | undefined {
    return this.seen[partition];
  }

  /**
   * Resolves once the event at `position` is visible: in `partition`'s progress when given, in every
   * partition's otherwise. Rejects with READ_MODEL_LAGGING after `timeoutMs`.
   */
  waitFor(position: bigint | undefined, partition: number | undefined, timeoutMs: number): Promise<void> {
    if (position === undefined || this.visible(partition, position)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new DomainError('READ_MODEL_LAGGING'));
      }, timeoutMs);
      const waiter: Waiter = { position, partition, resolve: () => (clearTimeout(timer), resolve()) };
      this.waiters.push(waiter);
      this.pollWhileWaiting();
    });
  }

  /** A partition's progress, as applied here or read from the read model; wakes the waiters it satisfies. */
  observe(partition: number, checkpoint: bigint | undefined): void {
    if (checkpoint === undefined) return;
    this.seen[partition] = checkpoint;
    const ready = this.waiters.filter((w) => this.visible(w.partition, w.position));
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const waiter of ready) waiter.resolve();
  }

  /** The read model started afresh: what was seen belongs to the namespace left behind. */
  forget(): void {
    this.seen.fill(undefined);
  }

  /**
   * Polls while anyone waits, when there is something to poll (a partition lost here must be polled
   * from now on). One poller at a time; it is forgotten once it ends (asynchronously: never before it
   * was recorded).
   */
  pollWhileWaiting(): void {
    if (this.waiters.length === 0) return;
    this.poller ??= this.poll().finally(() => (this.poller = undefined));
  }

  /** Resolves once the poller, if any, has seen the stop. */
  async stopped(): Promise<void> {
    await this.poller;
  }

  /** Polls the progress of the partitions waiters wait on and this instance does not project. */
  private async poll(): Promise<void> {
    while (this.waiters.length > 0 && !this.stop.aborted) {
      const wanted = new Set<number>();
      for (const w of this.waiters) {
        if (w.partition !== undefined) wanted.add(w.partition);
        else for (let k = 0; k < this.partitions; k++) wanted.add(k);
      }
      const polled = [...wanted].filter((k) => !this.source.projectedHere(k));
      if (polled.length === 0) return;
      this.source.refresh();
      await Promise.all(polled.map(async (k) => this.observe(k, await this.source.checkpointOf(k).catch(() => undefined))));
      await sleep(this.pollIntervalMs, undefined, { signal: this.stop }).catch(() => undefined);
    }
  }

  private visible(partition: number | undefined, position: bigint): boolean {
    const seen = partition === undefined ? this.checkpoint : this.seen[partition];
    return seen !== undefined && seen >= position;
  }
}
