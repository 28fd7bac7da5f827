import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsObject, IsOptional, IsString, IsUrl, Matches, MaxLength, ValidateNested } from 'class-validator';
import { HasNoBidiControls, HasNoControlCharacters, HasVisibleText, IsEmptyOrVisible, NormaliseText } from './text-rules';

/** The external video site's ids: 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** "m:ss", "mm:ss" or "h:mm:ss". */
const DURATION = /^(?:\d{1,2}:)?[0-5]?\d:[0-5]\d$/;

/** A catalogue title: the rules of a playlist title (visible text, no bidi or control characters), longer. */
const VideoTitleRules = () =>
  applyDecorators(
    NormaliseText(),
    IsString(),
    IsNotEmpty({ message: '$property must not be empty' }),
    MaxLength(200),
    HasVisibleText(),
    HasNoBidiControls(),
    HasNoControlCharacters(),
  );
const ChannelRules = () =>
  applyDecorators(
    NormaliseText(),
    IsString(),
    IsNotEmpty({ message: '$property must not be empty' }),
    MaxLength(100),
    HasVisibleText(),
    HasNoBidiControls(),
    HasNoControlCharacters(),
  );
/** Line breaks are a description's own; other controls and bidi overrides are not. */
const DescriptionRules = () => applyDecorators(NormaliseText(), IsString(), MaxLength(5000), IsEmptyOrVisible(), HasNoBidiControls());

/** A video as an operator gives it (docs/design/catalogue.md, "Operator API"); `_id` or `url` names it. */
export class CatalogueVideoInput {
  @ApiPropertyOptional({ example: 'BJrsmM6aEYE', description: 'The external site’s id; or give `url`' })
  @IsOptional()
  @IsString()
  @Matches(VIDEO_ID, { message: '_id must be a video id: 11 letters, digits, - or _' })
  _id?: string;

  @ApiPropertyOptional({
    example: 'https://www.youtube.com/watch?v=BJrsmM6aEYE',
    description: 'A watch, youtu.be, shorts or embed link, or a bare id',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  url?: string;

  @ApiProperty({ maxLength: 200 })
  @VideoTitleRules()
  title!: string;

  @ApiPropertyOptional({ maxLength: 5000 })
  @IsOptional()
  @DescriptionRules()
  description?: string;

  @ApiProperty({ example: 'smartphone', description: 'A category’s id, slug or name' })
  @IsString()
  @IsNotEmpty({ message: '$property must not be empty' })
  @MaxLength(100)
  category!: string;

  @ApiProperty({ maxLength: 100 })
  @ChannelRules()
  channel!: string;

  @ApiProperty({ example: '10:24', description: 'm:ss or h:mm:ss' })
  @IsString()
  @Matches(DURATION, { message: 'duration must be m:ss or h:mm:ss, such as 10:24' })
  duration!: string;

  @ApiPropertyOptional({ format: 'uri', description: 'Default: the external site’s thumbnail of the id' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['https'], require_protocol: true }, { message: 'thumbnail must be an https URL' })
  thumbnail?: string;
}

/** Any subset of a video's fields (its id stays). */
export class CatalogueVideoChanges extends PartialType(CatalogueVideoInput) {}

export class CatalogueVideoBody {
  @ApiProperty({ type: () => CatalogueVideoInput })
  @IsDefined()
  @IsObject()
  video!: Record<string, unknown>;
}

export class CatalogueVideoChangesBody {
  @ApiProperty({ type: () => CatalogueVideoChanges })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CatalogueVideoChanges)
  video!: CatalogueVideoChanges;
}
