import { Injectable } from '@nestjs/common';
import { CatalogueService } from '../../catalogue/catalogue.service';
import type { Video } from '../../catalogue/catalogue.types';
import { UserEventsReader } from '../../event-store/user-events.reader';
import { foldLibrary, snapshotOf } from '../../lists/library';
import type { Playlist } from '../user-lists.reader';
import { LibraryDocument, libraryDocument } from '../../lists/library-document';

export interface LibraryAsOf {
  readonly asOf: string;
  readonly likes: Video[];
  readonly watchlater: Video[];
  readonly history: Video[];
  readonly playlists: Playlist[];
}

/** Reads of the whole library computed from the user's events: time-travel and export. */
@Injectable()
export class LibraryService {
  constructor(
    private readonly userEvents: UserEventsReader,
    private readonly catalogue: CatalogueService,
  ) {}

  /** The lists exactly as they stood at `asOf`, in the shapes the list routes answer with. */
  async asOf(userId: string, asOf: Date): Promise<LibraryAsOf> {
    const { events } = await this.userEvents.read(userId);
    const snapshot = snapshotOf(foldLibrary(events, asOf));
    return {
      asOf: asOf.toISOString(),
      likes: this.catalogue.hydrate(snapshot.likes),
      watchlater: this.catalogue.hydrate(snapshot.watchlater),
      history: this.catalogue.hydrate(snapshot.history.map((entry) => entry.videoId)),
      playlists: snapshot.playlists.map(({ videoIds, ...meta }) => ({ ...meta, videos: this.catalogue.hydrate(videoIds) })),
    };
  }

  async export(userId: string, exportedAt: Date): Promise<LibraryDocument> {
    const { events } = await this.userEvents.read(userId);
    return libraryDocument(snapshotOf(foldLibrary(events)), exportedAt);
  }
}
