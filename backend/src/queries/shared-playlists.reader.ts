import { Inject, Injectable } from '@nestjs/common';
import { CatalogueService } from '../catalogue/catalogue.service';
import { Video } from '../catalogue/catalogue.types';
import { DomainError } from '../errors/domain-error';
import type { PlaylistVisibility } from '../events/app-events';
import { READ_MODEL, ReadModel, SharedPlaylist } from '../read-model/read-model.port';
import { PublicPlaylistSummary, countWithinBudget, previewsOf } from './public-listing';
import { VersionedCache } from './versioned-cache';

/** A playlist as anyone may read it: never the owner's id or email, only their first name. */
export interface PublicPlaylist {
  readonly _id: string;
  readonly title: string;
  readonly description?: string;
  readonly playlistImg?: string;
  readonly visibility: PlaylistVisibility;
  readonly videos: Video[];
  readonly owner: { readonly firstName: string };
}

interface PublicPlaylistsPage {
  readonly playlists: PublicPlaylistSummary[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  readonly nextBefore: string | null;
}

/** How late a change may show in the listing where the checkpoint does not move with it (see VersionedCache). */
const LISTING_MAX_AGE_MS = 1000;

/**
 * Reads of playlists across users: unlisted ones by id (with their videos), public ones listed too, as
 * summaries in pages of bounded size that are built once for every reader (SECURITY.md §12).
 */
@Injectable()
export class SharedPlaylistsReader {
  private readonly pages = new VersionedCache<Buffer>({ maxAgeMs: LISTING_MAX_AGE_MS, maxEntries: 256 });

  constructor(
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly catalogue: CatalogueService,
  ) {}

  /** A private playlist answers exactly like an unknown id: its existence must not leak. */
  async playlist(playlistId: string): Promise<PublicPlaylist> {
    const shared = await this.readModel.sharedPlaylist(playlistId);
    if (!shared) throw new DomainError('PLAYLIST_NOT_FOUND');
    return this.toPublic(shared);
  }

  /**
   * Newest made public first, as summaries: `{playlists, nextBefore}`, as the JSON bytes sent. A page is the
   * same for every reader: it is built and encoded once per read-model checkpoint (and at most
   * LISTING_MAX_AGE_MS old), whoever asks meanwhile (encoding a page of 100 on every request took ~0.13 ms
   * of CPU each, bench/RESULTS.md "Public reads").
   */
  async publicPlaylists(limit: number, before?: bigint): Promise<Buffer> {
    const version = (await this.readModel.checkpoint())?.toString() ?? 'none';
    return this.pages.get(`${limit}:${before ?? ''}`, version, async () =>
      Buffer.from(JSON.stringify(await this.buildPage(limit, before))),
    );
  }

  /**
   * One extra is read to tell whether an older page exists. The page ends early, before the summary that
   * would take it past LISTING_PAGE_BYTES, and its nextBefore then points at the rest.
   */
  private async buildPage(limit: number, before?: bigint): Promise<PublicPlaylistsPage> {
    const found = await this.readModel.publicPlaylists({ limit: limit + 1, before });
    const owners = new Map<string, Promise<string>>();
    const firstName = (ownerId: string) => {
      if (!owners.has(ownerId))
        owners.set(
          ownerId,
          this.readModel.user(ownerId).then((owner) => owner?.firstName ?? ''),
        );
      return owners.get(ownerId)!;
    };
    const summaries = await Promise.all(
      found.slice(0, limit).map(async (shared) => this.toSummary(shared, await firstName(shared.ownerId))),
    );
    const kept = summaries.slice(0, countWithinBudget(summaries));
    const more = kept.length < found.length;
    // Every playlist of the listing is public, so has its position.
    return { playlists: kept, nextBefore: more ? found[kept.length - 1]!.position!.toString() : null };
  }

  private toSummary({ playlist }: SharedPlaylist, firstName: string): PublicPlaylistSummary {
    const { _id, title, description, playlistImg, videoIds } = playlist;
    const videos = this.catalogue.hydrate(videoIds);
    return {
      _id,
      title,
      ...(description !== undefined && { description }),
      ...(playlistImg !== undefined && { playlistImg }),
      visibility: 'public',
      owner: { firstName },
      videoCount: videos.length,
      previews: previewsOf(videos),
    };
  }

  private async toPublic({ ownerId, playlist }: SharedPlaylist): Promise<PublicPlaylist> {
    const owner = await this.readModel.user(ownerId);
    const { _id, title, description, playlistImg, visibility, videoIds } = playlist;
    return {
      _id,
      title,
      ...(description !== undefined && { description }),
      ...(playlistImg !== undefined && { playlistImg }),
      visibility: visibility ?? 'private',
      videos: this.catalogue.hydrate(videoIds),
      owner: { firstName: owner?.firstName ?? '' },
    };
  }
}
