import { Injectable } from '@nestjs/common';
import { CatalogueService } from '../../catalogue/catalogue.service';
import type { Video } from '../../catalogue/catalogue.types';
import type { Channel } from '../../catalogue/channels';
import { LibraryCheckpoints } from '../../library-checkpoints/library-checkpoints';
import { snapshotOf } from '../../domain/library/library';
import type { Playlist } from '../user-lists.reader';
import { LibraryDocument, libraryDocument } from '../../domain/library/library-document';

export interface LibraryAsOf {
  readonly asOf: string;
  readonly likes: Video[];
  readonly watchlater: Video[];
  readonly history: Video[];
  readonly playlists: Playlist[];
  readonly subscriptions: Channel[];
}

/** Reads of the whole library computed from the user's events (from their checkpoints): time-travel and export. */
@Injectable()
export class LibraryService {
  constructor(
    private readonly checkpoints: LibraryCheckpoints,
    private readonly catalogue: CatalogueService,
  ) {}

  /** The lists exactly as they stood at `asOf`, in the shapes the list routes answer with. */
  async asOf(userId: string, asOf: Date): Promise<LibraryAsOf> {
    const snapshot = snapshotOf(await this.checkpoints.asOf(userId, asOf));
    return {
      asOf: asOf.toISOString(),
      likes: this.catalogue.hydrate(snapshot.likes),
      watchlater: this.catalogue.hydrate(snapshot.watchlater),
      history: this.catalogue.hydrate(snapshot.history.map((entry) => entry.videoId)),
      playlists: snapshot.playlists.map(({ videoIds, ...meta }) => ({ ...meta, videos: this.catalogue.hydrate(videoIds) })),
      subscriptions: snapshot.subscriptions.flatMap((id) => this.catalogue.channels().filter((channel) => channel._id === id)),
    };
  }

  async export(userId: string, exportedAt: Date): Promise<LibraryDocument> {
    return libraryDocument(snapshotOf(await this.checkpoints.current(userId)), exportedAt);
  }
}
