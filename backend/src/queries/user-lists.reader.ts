import { Inject, Injectable } from '@nestjs/common';
import { CatalogueService } from '../catalogue/catalogue.service';
import { Video } from '../catalogue/catalogue.types';
import { DomainError } from '../errors/domain-error';
import type { AppEventType } from '../events/app-events';
import { ActivityEntry, ListName, PlaylistMeta, PlaylistView, READ_MODEL, ReadModel, UserSettings } from '../read-model/read-model.port';

export interface Playlist extends PlaylistMeta {
  readonly videos: Video[];
}

/** One line of `GET /user/activity`: positions are strings, since JSON has no bigint. */
export interface ActivityItem {
  readonly position: string;
  readonly type: AppEventType;
  readonly at: string;
  /** The catalogue video the event names; absent when it is no longer in the catalogue. */
  readonly video?: Video;
  readonly playlist?: { readonly _id: string; readonly title?: string };
  /** The request's id and the command that made the event (docs/design/operating.md); absent on older entries. */
  readonly correlationId?: string;
  readonly causedBy?: string;
}

/** One timeline entry in the export: what the read model keeps, with the position as a string. */
export type TimelineEntry = Omit<ActivityEntry, 'position'> & { readonly position: string };

const TIMELINE_PAGE = 200;

export interface ActivityPage {
  readonly activity: ActivityItem[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  readonly nextBefore: string | null;
}

/** The query side: reads the projected lists and hydrates video ids from the catalogue. */
@Injectable()
export class UserListsReader {
  constructor(
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly catalogue: CatalogueService,
  ) {}

  async videos(userId: string, list: ListName): Promise<Video[]> {
    return this.catalogue.hydrate(await this.readModel.list(userId, list));
  }

  /** The list's members as stored (channel ids for `subscriptions`), oldest first. */
  ids(userId: string, list: ListName): Promise<string[]> {
    return this.readModel.list(userId, list);
  }

  /** Where the user stopped each video, most recent first; videos gone from the catalogue are left out. */
  async progress(userId: string): Promise<{ videoId: string; seconds: number; updatedAt: string; video: Video }[]> {
    const entries = await this.readModel.progress(userId);
    return entries.flatMap(({ videoId, seconds, updatedAt }) =>
      this.catalogue.hydrate([videoId]).map((video) => ({ videoId, seconds, updatedAt, video })),
    );
  }

  /** The list's videos whose title or channel contains `search` in any case; all of them when it is empty. */
  async search(userId: string, list: ListName, search: string): Promise<Video[]> {
    const videos = await this.videos(userId, list);
    const wanted = search.trim().toLowerCase();
    if (wanted === '') return videos;
    return videos.filter((video) => video.title.toLowerCase().includes(wanted) || video.channel.toLowerCase().includes(wanted));
  }

  settings(userId: string): Promise<UserSettings> {
    return this.readModel.settings(userId);
  }

  async playlists(userId: string): Promise<Playlist[]> {
    return (await this.readModel.playlists(userId)).map((view) => this.hydrate(view));
  }

  async playlist(userId: string, playlistId: string): Promise<Playlist> {
    const view = await this.readModel.playlist(userId, playlistId);
    if (!view) throw new DomainError('PLAYLIST_NOT_FOUND');
    return this.hydrate(view);
  }

  /** Newest first. One extra entry is read to tell whether an older page exists. */
  async activity(userId: string, limit: number, before?: bigint): Promise<ActivityPage> {
    const entries = await this.readModel.activity(userId, { limit: limit + 1, before });
    const page = entries.slice(0, limit);
    return {
      activity: page.map((entry) => this.activityItem(entry)),
      nextBefore: entries.length > limit ? page[page.length - 1]!.position.toString() : null,
    };
  }

  /**
   * The whole timeline, oldest first, with ids rather than hydrated videos (the export: everything
   * kept about the user), a page at a time: no read asks for an unbounded range and no page holds
   * more than TIMELINE_PAGE entries in memory.
   */
  async *timeline(userId: string): AsyncGenerator<TimelineEntry[]> {
    for (let after: bigint | undefined; ;) {
      const page = await this.readModel.timeline(userId, { limit: TIMELINE_PAGE, after });
      // The export keeps its documented fields: correlation is for the activity API and operators.
      if (page.length > 0)
        yield page.map(({ position, correlationId: _correlation, causedBy: _cause, ...entry }) => ({
          position: position.toString(),
          ...entry,
        }));
      if (page.length < TIMELINE_PAGE) return;
      after = page[page.length - 1]!.position;
    }
  }

  private activityItem({ position, type, at, videoId, playlistId, playlistTitle, correlationId, causedBy }: ActivityEntry): ActivityItem {
    const video = videoId === undefined ? undefined : this.catalogue.hydrate([videoId])[0];
    return {
      position: position.toString(),
      type,
      at,
      ...(video && { video }),
      ...(playlistId !== undefined && { playlist: { _id: playlistId, ...(playlistTitle !== undefined && { title: playlistTitle }) } }),
      ...(correlationId !== undefined && { correlationId }),
      ...(causedBy !== undefined && { causedBy }),
    };
  }

  private hydrate({ videoIds, ...meta }: PlaylistView): Playlist {
    return { ...meta, videos: this.catalogue.hydrate(videoIds) };
  }
}
