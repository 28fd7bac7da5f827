import { Inject, Injectable } from '@nestjs/common';
import { CatalogueService } from '../catalogue/catalogue.service';
import { Video } from '../catalogue/catalogue.types';
import { DomainError } from '../errors/domain-error';
import type { PlaylistVisibility } from '../events/app-events';
import { READ_MODEL, ReadModel, SharedPlaylist } from '../read-model/read-model.port';

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

export interface PublicPlaylistsPage {
  readonly playlists: PublicPlaylist[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  readonly nextBefore: string | null;
}

/** Reads of playlists across users (issue 17): unlisted ones by id, public ones listed too. */
@Injectable()
export class SharedPlaylistsReader {
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

  /** Newest made public first. One extra is read to tell whether an older page exists. */
  async publicPlaylists(limit: number, before?: bigint): Promise<PublicPlaylistsPage> {
    const found = await this.readModel.publicPlaylists({ limit: limit + 1, before });
    const page = found.slice(0, limit);
    return {
      playlists: await Promise.all(page.map((shared) => this.toPublic(shared))),
      // Every playlist of the listing is public, so has its position.
      nextBefore: found.length > limit ? page[page.length - 1]!.position!.toString() : null,
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
