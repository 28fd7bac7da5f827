import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsString, MaxLength, Min, ValidateIf } from 'class-validator';
import { PLAYLIST_VISIBILITIES, PlaylistVisibility } from '../../events/app-events';
import type { PlaylistCommand } from '../../domain/playlist/playlist.decide';
import { PlaylistDescriptionRules, PlaylistTitleRules } from './playlist-body.dto';
/** A field left undefined keeps its value. */
type PlaylistDetailsChange = Pick<Extract<PlaylistCommand, { type: 'ChangeDetails' }>, 'title' | 'description' | 'visibility'>;

/** Only an absent field is "unchanged": null is checked (and refused) like any other value. */
const unlessAbsent = () => ValidateIf((_object, value) => value !== undefined);

/** PATCH /user/playlists/:id — the same rules as creation; the controller requires at least one field. */
export class PlaylistDetailsDto implements PlaylistDetailsChange {
  @ApiPropertyOptional({ maxLength: 100, example: 'Screens for the office' })
  @unlessAbsent()
  @PlaylistTitleRules()
  title?: string;

  @ApiPropertyOptional({ maxLength: 500, description: 'An empty string removes the description' })
  @unlessAbsent()
  @PlaylistDescriptionRules()
  description?: string;

  @ApiPropertyOptional({
    enum: PLAYLIST_VISIBILITIES,
    description: 'private (the default): only you; unlisted: anyone with the link; public: also listed at GET /api/playlists',
  })
  @unlessAbsent()
  @IsIn(PLAYLIST_VISIBILITIES, { message: `visibility must be one of: ${PLAYLIST_VISIBILITIES.join(', ')}` })
  visibility?: PlaylistVisibility;
}

/** POST /user/playlists/:id/reorder */
export class ReorderPlaylistDto {
  @ApiProperty({ example: 'BJrsmM6aEYE', description: 'A video of the playlist' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  videoId!: string;

  @ApiProperty({ type: 'integer', minimum: 0, example: 0, description: 'Its new place: 0 = first, up to the number of videos minus one' })
  @IsInt()
  @Min(0)
  toIndex!: number;
}
