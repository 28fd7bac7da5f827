import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Response shapes of the API (docs/api.md), for the OpenAPI document only (the code returns plain objects). */
export class VideoSchema {
  @ApiProperty({ example: 'BJrsmM6aEYE', description: 'Also the id on the external video site' }) _id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty() channel!: string;
  @ApiProperty({ example: '92k', description: 'Display string' }) likes!: string;
  @ApiProperty({ example: 'Smartphone', description: 'A category name' }) category!: string;
  @ApiProperty({ example: '10:24', description: 'mm:ss' }) duration!: string;
  @ApiProperty({ example: '4.1M', description: 'Display string' }) views!: string;
  @ApiProperty({ format: 'uri' }) thumbnail!: string;
  @ApiProperty({ description: 'A URL (an inline SVG of the channel initials)' }) channelAvatar!: string;
  @ApiProperty({ example: 'unbox-therapy', description: 'The channel’s id: a URL-safe slug of its name' }) channelId!: string;
  @ApiProperty({ description: "The channel's name, as the mockBee template names it" }) creator!: string;
  @ApiProperty({ example: 'BJrsmM6aEYE', description: '`_id` again, as the template answers every record with an `id`' }) id!: string;
  @ApiProperty({ example: 'smartphone', description: 'The category’s slug, as other clients of the template filter on it' })
  categoryName!: string;
  @ApiProperty({ format: 'uuid' }) categoryId!: string;
  @ApiProperty({ example: 3, description: 'The users who like it now' }) likeCount!: number;
  @ApiProperty({ example: 120, description: 'Views counted once per viewer per hour, after 10 s of playback' }) viewCount!: number;
  @ApiProperty({ format: 'date-time' }) publishedAt!: string;
  @ApiPropertyOptional({
    description:
      'In lists only (a user’s, a shared playlist, the studio’s): false once the video was retired (its last title and thumbnail)',
  })
  available?: boolean;
}

export class CategorySchema {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ example: 'Television', description: 'The name videos show as their `category`' }) categoryName!: string;
  @ApiProperty({ example: 'television', description: 'URL-safe: what `?category=` and a video’s `categoryName` name' }) slug!: string;
  @ApiProperty({ example: 'Television', description: 'What a chip or a heading shows' }) title!: string;
  @ApiProperty({ example: '' }) description!: string;
}

export class PlaylistSchema {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ maxLength: 100 }) title!: string;
  @ApiPropertyOptional({ maxLength: 500 }) description?: string;
  @ApiPropertyOptional({ format: 'uri' }) playlistImg?: string;
  @ApiPropertyOptional({ enum: ['unlisted', 'public'], description: 'Absent: private (only the owner sees it)' }) visibility?: string;
  @ApiProperty({ type: [VideoSchema], description: 'Oldest addition first' }) videos!: VideoSchema[];
}

export class UserSchema {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ format: 'email' }) email!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiPropertyOptional({ description: 'Only when the user signed up with it' }) name?: string;
  @ApiPropertyOptional({ description: 'Only when the user signed up with it' }) username?: string;
  @ApiProperty({ example: '2026-11-21T14:50:04+00:00' }) createdAt!: string;
  @ApiProperty({ example: '2026-11-21T14:50:04+00:00' }) updatedAt!: string;
  @ApiProperty({ type: [VideoSchema] }) likes!: VideoSchema[];
  @ApiProperty({ type: [VideoSchema] }) history!: VideoSchema[];
  @ApiProperty({ type: [VideoSchema] }) watchlater!: VideoSchema[];
  @ApiProperty({ type: [PlaylistSchema] }) playlists!: PlaylistSchema[];
}

/** With CATEGORY_NOT_EMPTY: the videos that still name the category. */
class CategoryUseSchema {
  @ApiProperty({ example: 0 }) published!: number;
  @ApiProperty({ example: 2 }) retired!: number;
}

/** With VIDEO_CATEGORY_REMOVED: the removed category, as it was last named. */
class RemovedCategorySchema {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiPropertyOptional({ example: 'Laptops' }) categoryName?: string;
  @ApiPropertyOptional({ example: 'laptops' }) slug?: string;
  @ApiPropertyOptional({ example: 'Laptops' }) title?: string;
}

export class ErrorsSchema {
  @ApiProperty({ type: [String], example: ['The token is invalid. Unauthorized access error.'] }) errors!: string[];
  @ApiPropertyOptional({
    type: VideoSchema,
    description: 'With `VIDEO_RETIRED` (410): the retired video as lists show it, `available: false`',
  })
  video?: VideoSchema;
  @ApiPropertyOptional({
    type: CategoryUseSchema,
    description: 'With `CATEGORY_NOT_EMPTY` (409): how many published and retired videos still name the category',
  })
  videos?: CategoryUseSchema;
  @ApiPropertyOptional({
    type: RemovedCategorySchema,
    description: 'With `VIDEO_CATEGORY_REMOVED` (409): the removed category the video still names',
  })
  category?: RemovedCategorySchema;
}

export class SignupResponse {
  @ApiProperty({ description: 'HS256 JWT with payload {_id, email}' }) encodedToken!: string;
  @ApiProperty({ type: UserSchema }) createdUser!: UserSchema;
}

export class LoginResponse {
  @ApiProperty() encodedToken!: string;
  @ApiProperty({ type: UserSchema, description: 'Never includes the password' }) foundUser!: UserSchema;
}

export class VideosResponse {
  @ApiProperty({ type: [VideoSchema] }) videos!: VideoSchema[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The cursor of the next page (`?cursor=`), null when this was the last',
  })
  next!: string | null;
}
export class VideoResponse {
  @ApiProperty({ type: VideoSchema }) video!: VideoSchema;
}
export class CategoriesResponse {
  @ApiProperty({ type: [CategorySchema] }) categories!: CategorySchema[];
}
export class CategoryWithVideosSchema extends CategorySchema {
  @ApiProperty({ type: [VideoSchema], description: 'The first 1 000 videos of this category, in catalogue order' }) videos!: VideoSchema[];
}
/** POST /admin/videos/import: every entry accounted for by its index in the import. */
class ImportSkippedSchema {
  @ApiProperty() index!: number;
  @ApiProperty() _id!: string;
  @ApiProperty({ example: 'already in the catalogue' }) reason!: string;
}
class ImportRefusedSchema {
  @ApiProperty() index!: number;
  @ApiProperty({ type: [String], example: ['title must not be empty'] }) errors!: string[];
}
export class ImportVideosResponse {
  @ApiProperty({ type: [String], description: 'The ids published, in the import’s order' }) added!: string[];
  @ApiProperty({ type: [ImportSkippedSchema] }) skipped!: ImportSkippedSchema[];
  @ApiProperty({ type: [ImportRefusedSchema] }) refused!: ImportRefusedSchema[];
}
export class ViewReportResponse {
  @ApiProperty({ description: 'false: this viewer’s view of this video was counted already this hour' }) counted!: boolean;
  @ApiProperty({ type: VideoSchema }) video!: VideoSchema;
}
export class CategoryOnlyResponse {
  @ApiProperty({ type: CategorySchema }) category!: CategorySchema;
}
export class CategoryResponse {
  @ApiProperty({ type: CategoryWithVideosSchema }) category!: CategoryWithVideosSchema;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Past the first 1 000 videos: the cursor of the next page of `GET /api/videos?category=<slug>`, null when these were all',
  })
  next!: string | null;
}
export class LikesResponse {
  @ApiProperty({ type: [VideoSchema], description: 'Oldest first' }) likes!: VideoSchema[];
}
export class WatchLaterResponse {
  @ApiProperty({ type: [VideoSchema], description: 'Oldest first' }) watchlater!: VideoSchema[];
}
export class HistoryResponse {
  @ApiProperty({ type: [VideoSchema], description: 'Oldest first' }) history!: VideoSchema[];
}
export class PlaylistsResponse {
  @ApiProperty({ type: [PlaylistSchema], description: 'Oldest created first' }) playlists!: PlaylistSchema[];
}
export class PlaylistResponse {
  @ApiProperty({ type: PlaylistSchema }) playlist!: PlaylistSchema;
}

/** 202 of a write whose event is committed but not yet in the read model (errors/saved-still-updating.ts). */
export class SavedStillUpdatingSchema {
  @ApiProperty({ enum: [true] }) saved!: boolean;
  @ApiProperty({ example: 'Saved. Your lists are still updating: read them again in a moment.' }) message!: string;
  @ApiProperty({ example: '1042', description: "The committed event's position (decimal)" }) position!: string;
}
