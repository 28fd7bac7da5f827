import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { APP_EVENT_TYPES } from '../../events/app-events';
import { VideoSchema } from './api-schemas';

/** GET /user/activity, for the OpenAPI document only (the reader returns plain objects). */
export class ActivityPlaylistSchema {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiPropertyOptional({
    description: 'Its title as of the entry (creation, renaming, restoring) or else its latest; kept after the playlist is deleted',
  })
  title?: string;
}

export class ActivityItemSchema {
  @ApiProperty({ example: '57', description: 'The event’s global position (a decimal string): stable, and the paging cursor' })
  position!: string;
  @ApiProperty({
    enum: APP_EVENT_TYPES,
  })
  type!: string;
  @ApiProperty({ example: '2026-11-21T14:50:04.120Z', description: 'When the event was stored' }) at!: string;
  @ApiPropertyOptional({ type: VideoSchema, description: 'The catalogue video it concerns; absent if it left the catalogue' })
  video?: VideoSchema;
  @ApiPropertyOptional({ type: ActivityPlaylistSchema }) playlist?: ActivityPlaylistSchema;
  @ApiPropertyOptional({
    example: 'abc',
    description:
      'The id of the request that made the event (its X-Request-Id when plain, else the x-request-id it was answered with); absent on older entries',
  })
  correlationId?: string;
  @ApiPropertyOptional({
    example: 'LikeVideo',
    description: 'The command that made the event (LikeVideo, UndoLastAction, ImportLibrary, …); absent on older entries',
  })
  causedBy?: string;
}

export class ActivityResponse {
  @ApiProperty({ type: [ActivityItemSchema], description: 'Newest first; never another user’s events, never a password hash' })
  activity!: ActivityItemSchema[];
  @ApiProperty({
    type: String,
    nullable: true,
    example: '41',
    description: 'Pass as `before` for the next, older page; null on the last page',
  })
  nextBefore!: string | null;
}
