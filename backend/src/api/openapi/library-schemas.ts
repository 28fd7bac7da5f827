import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ActivityItemSchema } from './activity-schemas';
import { PlaylistSchema, VideoSchema } from './api-schemas';
import { SettingsSchema } from './settings-schemas';

/** The library routes (time-travel, export, import, undo: docs/api.md, "Library"), for the OpenAPI document only. */
export class LibraryResponse {
  @ApiProperty({ format: 'date-time', description: 'The moment asked for, normalised to UTC' }) asOf!: string;
  @ApiProperty({ type: [VideoSchema], description: 'As they stood then, oldest first' }) likes!: VideoSchema[];
  @ApiProperty({ type: [VideoSchema] }) watchlater!: VideoSchema[];
  @ApiProperty({ type: [VideoSchema] }) history!: VideoSchema[];
  @ApiProperty({ type: [PlaylistSchema], description: 'The playlists that existed then, with the videos they had' })
  playlists!: PlaylistSchema[];
}

export class HistoryEntrySchema {
  @ApiProperty({ example: 'BJrsmM6aEYE' }) videoId!: string;
  @ApiProperty({ format: 'date-time' }) watchedAt!: string;
}

export class DocumentPlaylistSchema {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() title!: string;
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional({ format: 'uri' }) playlistImg?: string;
  @ApiProperty({ type: [String], description: 'In playlist order' }) videoIds!: string[];
}

export class LibraryDocumentSchema {
  @ApiProperty({ enum: ['techtube-library'] }) format!: string;
  @ApiProperty({ enum: [1] }) version!: number;
  @ApiProperty({ format: 'date-time' }) exportedAt!: string;
  @ApiProperty({ type: SettingsSchema }) settings!: SettingsSchema;
  @ApiProperty({ type: [String], description: 'Video ids, oldest first' }) likes!: string[];
  @ApiProperty({ type: [String], description: 'Video ids, oldest first' }) watchlater!: string[];
  @ApiProperty({ type: [HistoryEntrySchema], description: 'Oldest first, with watch times' }) history!: HistoryEntrySchema[];
  @ApiProperty({ type: [DocumentPlaylistSchema], description: 'In creation order' }) playlists!: DocumentPlaylistSchema[];
}

export class ImportCountsSchema {
  @ApiProperty() likes!: number;
  @ApiProperty() watchlater!: number;
  @ApiProperty() history!: number;
  @ApiProperty({ description: 'Playlists created' }) playlists!: number;
  @ApiProperty({ description: 'Videos added to playlists, new or existing' }) playlistVideos!: number;
}

export class ImportResponse {
  @ApiProperty({ type: ImportCountsSchema, description: 'What was added; all zero when everything was already there' })
  imported!: ImportCountsSchema;
  @ApiProperty({ type: [String], description: 'Ids the catalogue does not know: reported here, not imported' })
  unknownVideoIds!: string[];
}

export class UndoPreviewResponse {
  @ApiProperty({ type: ActivityItemSchema, nullable: true, description: 'The action POST /user/undo would revert now; null when none' })
  next!: ActivityItemSchema | null;
}

class UndoSkippedSchema {
  @ApiProperty({ example: 'BJrsmM6aEYE' }) _id!: string;
  @ApiProperty({ example: 'no longer available' }) reason!: string;
}

export class UndoResponse {
  @ApiProperty({ type: ActivityItemSchema, description: 'The action that was reverted, as GET /user/activity shows it' })
  undone!: ActivityItemSchema;
  @ApiProperty({
    type: [UndoSkippedSchema],
    description: 'The videos the action took out that were not put back: each was retired since (adding it directly answers 410)',
  })
  skipped!: UndoSkippedSchema[];
}
