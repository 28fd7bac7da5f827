import { Inject, Injectable } from '@nestjs/common';
import { CatalogueService } from '../catalogue/catalogue.service';
import { Video } from '../catalogue/catalogue.types';
import { DomainError } from '../errors/domain-error';
import { ListName, PlaylistMeta, PlaylistView, READ_MODEL, ReadModel } from '../read-model/read-model.port';

export interface Playlist extends PlaylistMeta {
  readonly videos: Video[];
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

  async playlists(userId: string): Promise<Playlist[]> {
    return (await this.readModel.playlists(userId)).map((view) => this.hydrate(view));
  }

  async playlist(userId: string, playlistId: string): Promise<Playlist> {
    const view = await this.readModel.playlist(userId, playlistId);
    if (!view) throw new DomainError('PLAYLIST_NOT_FOUND');
    return this.hydrate(view);
  }

  private hydrate({ videoIds, ...meta }: PlaylistView): Playlist {
    return { ...meta, videos: this.catalogue.hydrate(videoIds) };
  }
}
