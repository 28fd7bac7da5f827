import type { RedisClient } from '../../shared/redis-connection';
import { EventChanges } from '../read-model.port';
import { ActivityWrites } from './redis-activity';
import { Arg, BatchWriter, IndexWrite, JsonPatch, plainCommand, splitCommand, stringArgs } from './redis-batch';
import { queueChange, queueErasure } from './redis-changes';
import { indexPositionsKey, slotCheckpointKey } from './redis-keys';
import { SlotScript, evalSlot, mergeScripts } from './redis-slot-script';
import { keySlot } from './redis-slots';

/**
 * One script's share of a batch: the keys it touches and its commands. A slot's share of users' keys starts
 * with `CP <its checkpoint's index>`; a cross-user index's share with `CP 0` (redis-slot-script.ts).
 */
class SlotGroup implements SlotScript {
  readonly keys: string[] = [];
  readonly args: string[];
  private readonly index = new Map<string, number>();
  /** The event whose commands are being added; a new one starts a `POS` section. */
  position: string | undefined;

  constructor(checkpointKey: string | undefined) {
    this.args = ['CP', checkpointKey === undefined ? '0' : this.keyRef(checkpointKey)];
  }

  keyRef(key: string): string {
    let at = this.index.get(key);
    if (at === undefined) {
      this.keys.push(key);
      this.index.set(key, (at = this.keys.length));
    }
    return String(at);
  }
}

/**
 * A batch of events split per Redis Cluster slot: each slot gets one script holding every key it touches in
 * KEYS (a script may only touch its node's keys, and must declare them), with its commands in sections,
 * one per event (`POS <position>`). The script skips a section whose position is below the slot's
 * checkpoint, then moves that checkpoint: no slot ever applies an older event over a newer one, whatever
 * bounds the batches had and whichever projector (a stale one included) sends them. The event at the
 * checkpoint itself is applied again if sent again: it was the slot's last, and every change being an
 * assignment, applying one event twice in a row leaves what applying it once did.
 *
 * That holds because a slot of users' keys has one writer, the partition of those users. The cross-user
 * indexes (shared-playlists, public-playlists) have every partition as a writer: a partition ahead of
 * another would move a checkpoint past the lagging one's events and have them skipped. So their writes go
 * in a share of their own, with no checkpoint (neither read nor moved): each member is written only by an
 * event not older than the member's last write (indexPositionsKey). A playlist belongs to one user, so its
 * writes come from one partition, in order; a resent or stale older one is skipped, member by member.
 */
export class SlottedBatch implements BatchWriter {
  private readonly groups = new Map<string, SlotGroup>();
  private position = '';

  constructor(private readonly base: string) {}

  /** `playlistIdsEver`: for each user erased in this batch, the playlists stored in earlier ones (their keys go too). */
  static of(
    base: string,
    events: readonly EventChanges[],
    playlistIdsEver: ReadonlyMap<string, readonly string[]> = new Map(),
  ): SlottedBatch {
    const batch = new SlottedBatch(base);
    for (const { position, changes } of events) {
      if (typeof position !== 'bigint') throw new TypeError('an event position must be a bigint');
      batch.position = position.toString();
      // Activity grouped per event, not per batch: a section must hold only its own event's writes.
      const activity = new ActivityWrites();
      const erased = new Set<string>();
      for (const change of changes) {
        if (change.op === 'recordActivity') activity.add(change.userId, change.entry);
        else if (change.op === 'eraseUser') erased.add(change.userId);
        else queueChange(batch, base, change);
      }
      activity.queue(batch, base);
      // Last in its event, as in toCommandBatch: nothing of the event brings the erased user back.
      for (const userId of erased) queueErasure(batch, base, userId, changes, playlistIdsEver.get(userId) ?? []);
    }
    return batch;
  }

  set(key: string, value: Arg): this {
    return this.command('SET', key, [value]);
  }

  del(...keys: string[]): this {
    // Keys of one change may lie in different slots in general; each DEL stays within one.
    for (const key of keys) this.command('DEL', key, []);
    return this;
  }

  zadd(key: string, ...scoresAndMembers: Arg[]): this {
    return this.command('ZADD', key, scoresAndMembers);
  }

  zrem(key: string, ...members: Arg[]): this {
    return this.command('ZREM', key, members);
  }

  hset(key: string, ...fieldsAndValues: Arg[]): this {
    return this.command('HSET', key, fieldsAndValues);
  }

  hdel(key: string, ...fields: Arg[]): this {
    return this.command('HDEL', key, fields);
  }

  mergeJson(key: string, patch: JsonPatch): this {
    return this.add('MERGEJSON', key, [JSON.stringify(patch)]);
  }

  indexMember(write: IndexWrite, key: string, member: string): this {
    const value = write.command === 'HSET' || write.command === 'ZADD' ? [write.value] : [];
    const group = this.section(keySlot(key), false);
    const args = stringArgs('INDEX', [write.command, member, ...value]);
    group.args.push('INDEX', '2', String(args.length), group.keyRef(key), group.keyRef(indexPositionsKey(key)), ...args);
    return this;
  }

  /**
   * Sends one script per share, all at once (ioredis pipelines them per node), and waits for every one. On
   * a single server (`together`), where a script may touch any key, all the shares go in one script,
   * for one round trip per batch.
   */
  async run(redis: RedisClient, checkpoint: bigint, together = false): Promise<void> {
    const groups = [...this.groups.values()];
    if (together && groups.length > 1) {
      await evalSlot(redis, mergeScripts(groups), checkpoint.toString());
      return;
    }
    const sent = groups.map((group) => evalSlot(redis, group, checkpoint.toString()));
    const outcomes = await Promise.allSettled(sent);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private command(name: string, key: string, args: readonly Arg[]): this {
    // The key is the head of every command we split, so each part keeps it.
    for (const part of splitCommand(plainCommand(name), [key, ...args])) this.add(name, key, part.slice(1));
    return this;
  }

  private add(name: string, key: string, args: readonly Arg[]): this {
    const group = this.section(keySlot(key), true);
    group.args.push(name, '1', String(args.length), group.keyRef(key), ...stringArgs(name, args));
    return this;
  }

  /** The share of `slot` (users' keys, guarded by the slot's checkpoint, or a cross-user index's), in the current event's section. */
  private section(slot: number, checkpointed: boolean): SlotGroup {
    if (this.position === '') throw new Error('a command outside any event: build the batch with SlottedBatch.of');
    const id = checkpointed ? `${slot}` : `${slot}:index`;
    let group = this.groups.get(id);
    if (!group) this.groups.set(id, (group = new SlotGroup(checkpointed ? slotCheckpointKey(this.base, slot) : undefined)));
    if (group.position !== this.position) {
      group.args.push('POS', this.position);
      group.position = this.position;
    }
    return group;
  }
}
