import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsObject, IsOptional, IsString, IsUrl, MaxLength, ValidateNested } from 'class-validator';
import type { PlaylistCreatedData } from '../../events/app-events';
import { HasNoBidiControls, HasVisibleText, IsEmptyOrVisible } from './text-rules';
import { Trim } from './trim';
type NewPlaylist = Pick<PlaylistCreatedData, 'title' | 'description' | 'playlistImg'>;

/** The rules of a playlist's title and description, at creation and on every later change. */
export const PlaylistTitleRules = () =>
  applyDecorators(
    Trim(),
    IsString(),
    IsNotEmpty({ message: '$property must not be empty' }),
    MaxLength(100),
    HasVisibleText(),
    HasNoBidiControls(),
  );
export const PlaylistDescriptionRules = () => applyDecorators(IsString(), MaxLength(500), IsEmptyOrVisible(), HasNoBidiControls());

export class NewPlaylistDto implements NewPlaylist {
  @ApiProperty({ maxLength: 100, example: 'Monitors to buy' })
  @PlaylistTitleRules()
  title!: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @PlaylistDescriptionRules()
  description?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: 2048 })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true })
  playlistImg?: string;
}

export class PlaylistBodyDto {
  @ApiProperty({ type: () => NewPlaylistDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => NewPlaylistDto)
  playlist!: NewPlaylistDto;
}
