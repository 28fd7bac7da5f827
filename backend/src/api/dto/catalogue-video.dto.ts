import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { THUMBNAIL_ORIGINS, thumbnailProblem } from '../../catalogue/thumbnails';
import { OperatorText } from './text-rules';

/** The external video site's ids: 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** "m:ss", "mm:ss" or "h:mm:ss". */
const DURATION = /^(?:\d{1,2}:)?[0-5]?\d:[0-5]\d$/;

/** Why a thumbnail is refused (catalogue/thumbnails.ts: the hosts the page's policy allows, https, no credentials). */
const IsAllowedThumbnail = () =>
  ValidateBy({
    name: 'isAllowedThumbnail',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || thumbnailProblem(value) === undefined,
      defaultMessage: ({ value }: ValidationArguments) => `$property ${thumbnailProblem(String(value)) ?? 'must be an https URL'}`,
    },
  });

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
  @OperatorText({ maxLength: 200 })
  title!: string;

  @ApiPropertyOptional({ maxLength: 5000, description: 'May be empty; line breaks and tabs, but no other control character' })
  @IsOptional()
  @OperatorText({ maxLength: 5000, description: true })
  description?: string;

  @ApiProperty({ example: 'smartphone', description: 'A category’s id, slug or name' })
  @IsString()
  @IsNotEmpty({ message: '$property must not be empty' })
  @MaxLength(100)
  category!: string;

  @ApiProperty({ maxLength: 100 })
  @OperatorText({ maxLength: 100 })
  channel!: string;

  @ApiProperty({ example: '10:24', description: 'm:ss or h:mm:ss' })
  @IsString()
  @Matches(DURATION, { message: 'duration must be m:ss or h:mm:ss, such as 10:24' })
  duration!: string;

  @ApiPropertyOptional({
    format: 'uri',
    maxLength: 2048,
    description: `An https URL on ${THUMBNAIL_ORIGINS.join(' or ')} (the image hosts the page allows), without user:password@. Default: the external site’s thumbnail of the id`,
  })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsAllowedThumbnail()
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
