import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PLAYLIST_VISIBILITIES } from '../../events/app-events';
import { LISTING_PAGE_BYTES, LISTING_PREVIEWS } from '../../queries/public-listing';
import { VideoSchema } from './api-schemas';

/** GET /playlists and /playlists/:id, for the OpenAPI document only. */
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

class PlaylistPreviewSchema {
  @ApiProperty({ example: 'BJrsmM6aEYE' }) _id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ format: 'uri' }) thumbnail!: string;
  @ApiProperty({ description: 'false once the video was retired: its last title and thumbnail, as lists show it' }) available!: boolean;
}

/** One playlist of the listing: a summary, never its hydrated videos (GET /playlists/:id has them). */
export class PublicPlaylistSummarySchema {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ maxLength: 100 }) title!: string;
  @ApiPropertyOptional({ maxLength: 500 }) description?: string;
  @ApiPropertyOptional({ format: 'uri' }) playlistImg?: string;
  @ApiProperty({ enum: ['public'] }) visibility!: string;
  @ApiProperty({ type: PlaylistOwnerSchema }) owner!: PlaylistOwnerSchema;
  @ApiProperty({ example: 12, description: 'How many videos GET /playlists/:id answers' }) videoCount!: number;
  @ApiProperty({
    type: [PlaylistPreviewSchema],
    maxItems: LISTING_PREVIEWS,
    description: `The first ${LISTING_PREVIEWS} videos, in the owner’s order (fewer when the playlist holds fewer)`,
  })
  previews!: PlaylistPreviewSchema[];
}

export class PublicPlaylistsResponse {
  @ApiProperty({
    type: [PublicPlaylistSummarySchema],
    description: `Most recently made public first. At most \`limit\`, and at most ${LISTING_PAGE_BYTES} bytes of JSON in all: a page may end before \`limit\` (never before its first playlist), and its nextBefore then points at the rest`,
  })
  playlists!: PublicPlaylistSummarySchema[];
  @ApiProperty({ type: String, nullable: true, example: '41', description: 'Pass as before for the next page; null on the last' })
  nextBefore!: string | null;
}
