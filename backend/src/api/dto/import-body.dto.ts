import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { HISTORY_RETENTIONS, HistoryRetention } from '../../events/app-events';
import { HISTORY_RETENTION_SCHEMA } from '../openapi/settings-schemas';
import { LIBRARY_FORMAT, LIBRARY_VERSION } from '../../domain/library/library-document';
import { IsIsoDateTime } from './iso-date-time.validator';
import { NewPlaylistDto, PlaylistTitleRules } from './playlist-body.dto';

export const CSV_FORMAT = 'csv';
const isDocument = (body: ImportBodyDto) => body.format === LIBRARY_FORMAT;
const isCsv = (body: ImportBodyDto) => body.format === CSV_FORMAT;

/** Video ids: any id is accepted here; those the catalogue does not know are reported back, not written. */
const VideoIds = () => applyDecorators(IsArray(), IsString({ each: true }), IsNotEmpty({ each: true }), MaxLength(64, { each: true }));

export class ImportSettingsDto {
  @ApiProperty() @IsBoolean() historyPaused!: boolean;

  @ApiPropertyOptional({ ...HISTORY_RETENTION_SCHEMA, description: 'History auto-delete (absent in older documents: left as it is)' })
  @IsOptional()
  @IsIn(HISTORY_RETENTIONS, { message: 'historyRetention must be "off", 3, 18 or 36 (months)' })
  historyRetention?: HistoryRetention;
}

export class ImportHistoryEntryDto {
  @ApiProperty({ example: 'BJrsmM6aEYE' }) @IsString() @IsNotEmpty() @MaxLength(64) videoId!: string;
  @ApiProperty({ format: 'date-time', description: 'Kept as the entry’s watch time' }) @IsDefined() @IsIsoDateTime() watchedAt!: string;
}

/** A playlist of the document: the same rules as creating one, plus its videos in order. */
export class ImportPlaylistDto extends NewPlaylistDto {
  @ApiPropertyOptional({ description: 'Ignored: playlists are matched by title, and new ones get new ids' })
  @IsOptional()
  @IsString()
  _id?: string;

  @ApiProperty({ type: [String], description: 'In playlist order' })
  @VideoIds()
  videoIds!: string[];
}

/**
 * POST /user/import: the export document (`format: "techtube-library"`, version 1), or a CSV of
 * videos for one playlist (`format: "csv"`, `playlist`, `csv`). A list missing from a document
 * imports nothing; a list present must be well-formed, or nothing at all is imported.
 */
export class ImportBodyDto {
  @ApiProperty({ enum: [LIBRARY_FORMAT, CSV_FORMAT] })
  @IsIn([LIBRARY_FORMAT, CSV_FORMAT], { message: `format must be "${LIBRARY_FORMAT}" (an exported library) or "${CSV_FORMAT}"` })
  format!: string;

  @ApiPropertyOptional({ enum: [LIBRARY_VERSION], description: 'Document only' })
  @ValidateIf(isDocument)
  @Equals(LIBRARY_VERSION, { message: `version must be ${LIBRARY_VERSION}` })
  version?: number;

  @ApiPropertyOptional({ format: 'date-time', description: 'Document only; informative' })
  @ValidateIf(isDocument)
  @IsOptional()
  @IsString()
  exportedAt?: string;

  @ApiPropertyOptional({ type: ImportSettingsDto, description: 'Document only; applied when given' })
  @ValidateIf(isDocument)
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ImportSettingsDto)
  settings?: ImportSettingsDto;

  @ApiPropertyOptional({ type: [String], description: 'Document only; oldest first' })
  @ValidateIf(isDocument)
  @IsOptional()
  @VideoIds()
  likes?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Document only; oldest first' })
  @ValidateIf(isDocument)
  @IsOptional()
  @VideoIds()
  watchlater?: string[];

  @ApiPropertyOptional({ type: [ImportHistoryEntryDto], description: 'Document only; oldest first' })
  @ValidateIf(isDocument)
  @IsOptional()
  @IsArray()
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => ImportHistoryEntryDto)
  history?: ImportHistoryEntryDto[];

  @ApiPropertyOptional({ type: [ImportPlaylistDto], description: 'Document only; in creation order' })
  @ValidateIf(isDocument)
  @IsOptional()
  @IsArray()
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => ImportPlaylistDto)
  playlists?: ImportPlaylistDto[];

  @ApiPropertyOptional({ type: [String], description: 'Document only; channel ids, oldest first (unknown channels are skipped)' })
  @ValidateIf(isDocument)
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  subscriptions?: string[];

  @ApiPropertyOptional({
    maxLength: 100,
    example: 'Imported',
    description: 'CSV only: the playlist to add to (matched by title, created if missing)',
  })
  @ValidateIf(isCsv)
  @PlaylistTitleRules() // the rules of a created playlist's title: visible text, no bidi controls
  playlist?: string;

  @ApiPropertyOptional({
    example: 'videoId\nBJrsmM6aEYE\nhttps://youtu.be/yoigsHYc77s',
    description: 'CSV only: one video per line in the first column — an id, a YouTube URL or a /video/:id link',
  })
  @ValidateIf(isCsv)
  @IsString()
  csv?: string;
}
