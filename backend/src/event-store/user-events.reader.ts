import type { StoredEvent } from '../events/event';
import { Inject, Injectable } from '@nestjs/common';
import { libraryStreams } from '../events/app-events';
import { READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { EVENT_STORE, EventStore } from './event-store.port';

/** A user's events with, per stream read, the revision it was read at (what an append then expects). */
export interface UserEvents {
  readonly events: StoredEvent[];
  readonly revisions: ReadonlyMap<string, number>;
}

/**
 * Reads back everything a user did to their library: the likes, watch-later and history streams
 * and the stream of every playlist they ever created (deleted ones included), merged by global
 * position, which is the order the projection applied them in.
 */
@Injectable()
export class UserEventsReader {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
  ) {}

  async read(userId: string): Promise<UserEvents> {
    const playlistIds = await this.readModel.playlistIdsEver(userId);
    const perStream = await Promise.all(libraryStreams(userId, playlistIds).map((name) => this.store.readStream(name)));
    const revisions = new Map<string, number>();
    for (const events of perStream) if (events.length > 0) revisions.set(events[0]!.streamId, events[events.length - 1]!.revision);
    // A playlist id is only the user's if the playlist was created by them (a stray id proves nothing).
    const own = perStream.filter((events) => !events[0] || (events[0].data as { userId?: unknown }).userId === userId);
    const events = own.flat().sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
    return { events, revisions };
  }
}
