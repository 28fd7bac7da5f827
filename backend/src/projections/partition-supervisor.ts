import { setTimeout as sleep } from 'node:timers/promises';
import { assignPartitions } from './partition-owners';
import type { ProjectorLeases } from '../projector-leases/projector-lease';

/** What the supervisor runs for a partition it holds: projects until `lost` is aborted. */
export type ProjectWhileHeld = (partition: number, lost: AbortController) => Promise<void>;

interface Held {
  readonly lost: AbortController;
  readonly done: Promise<void>;
}

/**
 * Which partitions this instance projects. Every interval (a third of the TTL, at most a second) it
 * records this instance as alive, then holds exactly the partitions assignPartitions gives it among
 * the live instances: it takes the lease of each one newly its own and runs `project` on it, and
 * hands over (stops projecting, frees the lease) each one another live instance should hold. A dead
 * instance's leases expire after their TTL and its heartbeat too, so its partitions go to the
 * survivors within the TTL plus one interval.
 */
export class PartitionSupervisor {
  private readonly held = new Map<number, Held>();
  private running: Promise<void> | undefined;

  constructor(
    private readonly leases: ProjectorLeases,
    private readonly project: ProjectWhileHeld,
    private readonly stop: AbortSignal,
    private readonly log: {
      log(line: string): void;
      warn(line: string): void;
    },
    /** Called when a partition stops being projected here (its lease lost or handed over). */
    private readonly released: (partition: number) => void = () => undefined,
  ) {}

  /** The partitions projected here now, ascending. */
  get heldPartitions(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  holds(partition: number): boolean {
    return this.held.has(partition);
  }

  /** Starts supervising; ends when the stop signal aborts. */
  start(): void {
    this.running ??= this.supervise();
  }

  /**
   * After the stop signal: waits for the supervisor first (a lease it was acquiring as the stop came
   * is given back, never projected), then for every partition loop; then frees every lease and leaves
   * the members at once rather than after their TTL.
   */
  async stopped(): Promise<void> {
    // Taken before waiting: a loop that sees the stop first forgets its partition, whose lease is still to free.
    const held = new Map(this.held);
    await this.running;
    for (const [k, h] of this.held) held.set(k, h);
    await Promise.all([...held.values()].map((h) => h.done));
    await Promise.all([this.leases.leave(), ...[...held.keys()].map((k) => this.leases.lease(k).release())]).catch(() => undefined);
  }

  private async supervise(): Promise<void> {
    const { partitions } = this.leases;
    const interval = Math.min(1000, Math.max(100, Math.floor(this.leases.ttlMs / 3)));
    while (!this.stop.aborted) {
      const members = await this.leases.heartbeat().catch(() => undefined);
      if (members) {
        const owners = assignPartitions(partitions, members);
        for (let k = 0; k < partitions && !this.stop.aborted; k++) {
          const mine = owners[k] === this.leases.holderId;
          if (mine && !this.held.has(k)) await this.tryToHold(k);
          else if (!mine && this.held.has(k)) this.handOver(k);
        }
      }
      await sleep(interval, undefined, { signal: this.stop }).catch(() => undefined);
    }
  }

  private async tryToHold(partition: number): Promise<void> {
    const lease = this.leases.lease(partition);
    if (!(await lease.acquire().catch(() => false))) return;
    if (this.stop.aborted) {
      // Granted after the stop began: nothing would ever end its loop, which would retry on a closed store for ever.
      await lease.release().catch(() => undefined);
      return;
    }
    const lost = new AbortController();
    const onStop = () => lost.abort();
    this.stop.addEventListener('abort', onStop);
    const done = this.project(partition, lost).finally(() => {
      this.stop.removeEventListener('abort', onStop);
      this.held.delete(partition);
      if (!this.stop.aborted) this.log.warn(`Projector lease of partition ${partition} lost or handed over: standing by`);
      this.released(partition);
    });
    this.held.set(partition, { lost, done });
    this.log.log(`Projecting partition ${partition + 1} of ${this.leases.partitions}: this instance holds its lease`);
  }

  /** Another live instance should hold it: stop projecting it and free the lease at once. */
  private handOver(partition: number): void {
    const held = this.held.get(partition);
    if (!held) return;
    held.lost.abort();
    void held.done.then(() =>
      this.leases
        .lease(partition)
        .release()
        .catch(() => undefined),
    );
  }
}
