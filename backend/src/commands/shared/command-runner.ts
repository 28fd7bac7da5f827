import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../../errors/domain-error';
import { EVENT_STORE, EventStore, ExpectedRevision, NewEvent, WrongExpectedRevisionError } from '../../event-store/event-store.port';
import { Decider, StoredEvent, fold } from './decider';
import { FoldedStateCache, FoldedState } from './folded-state-cache';
import { KeyedMutex } from './keyed-mutex';
import { WriteResult } from './write-result';

/** Conflicts only come from other processes writing the same stream; a few tries settle them. */
const MAX_ATTEMPTS = 5;

/**
 * The one command-handling loop (decider pattern): read the stream, fold, decide, append with
 * the revision that was read. A concurrent writer makes the append fail instead of
 * silently interleaving; the command is then decided again on the fresh state.
 */
@Injectable()
export class CommandRunner {
  private readonly mutex = new KeyedMutex();
  private readonly cache = new FoldedStateCache();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  run<Command, Event extends StoredEvent, State>(
    stream: string,
    decider: Decider<Command, Event, State>,
    command: Command,
  ): Promise<WriteResult> {
    return this.mutex.runExclusive(stream, () => this.decideAndAppend(stream, decider, command));
  }

  /**
   * Appends events decided outside a decider (undo, import: they read several streams at once)
   * under the stream's lock, so that they queue behind this process's commands on it. The caller
   * read `expectedRevision`: a WrongExpectedRevisionError means the stream moved since, and the
   * caller decides again. The cache needs no update: load() always reads the newer events.
   */
  append(stream: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<WriteResult> {
    return this.mutex.runExclusive(stream, async () => ({
      position: (await this.store.appendToStream(stream, events, expectedRevision)).position,
    }));
  }

  /** The current folded state of a stream, for reads that need the authoritative answer. */
  async load<State>(
    stream: string,
    decider: Pick<Decider<never, StoredEvent, State>, 'name' | 'initialState' | 'evolve'>,
  ): Promise<FoldedState<State> | undefined> {
    const key = `${decider.name}:${stream}`;
    const cached = this.cache.get<State>(key);
    const newer = await this.store.readStream(stream, { fromRevision: cached ? cached.revision + 1 : 0 });
    if (newer.length === 0) return cached;
    const last = newer[newer.length - 1]!;
    const current = {
      state: fold(decider, cached?.state ?? decider.initialState(), newer),
      revision: last.revision,
      position: last.position,
    };
    this.cache.set(key, current);
    return current;
  }

  private async decideAndAppend<Command, Event extends StoredEvent, State>(
    stream: string,
    decider: Decider<Command, Event, State>,
    command: Command,
  ): Promise<WriteResult> {
    const key = `${decider.name}:${stream}`;
    for (let attempt = 1; ; attempt++) {
      const current = await this.load(stream, decider);
      const state = current?.state ?? decider.initialState();
      const events = decider.decide(command, state);
      if (events.length === 0) return { position: current?.position };
      try {
        const appended = await this.store.appendToStream(stream, events, current ? current.revision : 'no_stream');
        this.cache.set(key, { state: fold(decider, state, events), revision: appended.nextExpectedRevision, position: appended.position });
        return { position: appended.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        this.cache.delete(key);
        if (attempt >= MAX_ATTEMPTS) throw new DomainError('BUSY');
        await sleep(Math.random() * 10 * attempt);
      }
    }
  }
}
