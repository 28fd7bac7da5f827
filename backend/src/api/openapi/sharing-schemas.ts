import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PLAYLIST_VISIBILITIES } from '../../events/app-events';
import { VideoSchema } from './api-schemas';

/** GET /playlists and /playlists/:id (issue 17), for the OpenAPI document only. */
class PlaylistOwnerSchema {
  @ApiProperty({ example: 'Ada', description: "The owner's first name: never their email or id" }) firstName!: string;
}

export class PublicPlaylistSchema {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ maxLength: 100 }) title!: string;
  @ApiPropertyOptional({ maxLength: 500 }) description?: string;
  @ApiPropertyOptional({ format: 'uri' }) playlistImg?: string;
  @ApiProperty({ enum: PLAYLIST_VISIBILITIES.filter((v) => v !== 'private') }) visibility!: string;
  @ApiProperty({ type: [VideoSchema], description: 'In the owner’s order' }) videos!: VideoSchema[];
  @ApiProperty({ type: PlaylistOwnerSchema }) owner!: PlaylistOwnerSchema;
}

export class PublicPlaylistResponse {
  @ApiProperty({ type: PublicPlaylistSchema }) playlist!: PublicPlaylistSchema;
}

export class PublicPlaylistsResponse {
  @ApiProperty({ type: [PublicPlaylistSchema], description: 'Most recently made public first' }) playlists!: PublicPlaylistSchema[];
  @ApiProperty({ type: String, nullable: true, example: '41', description: 'Pass as before for the next page; null on the last' })
  nextBefore!: string | null;
}
