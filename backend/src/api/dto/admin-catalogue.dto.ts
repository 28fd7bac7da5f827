import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
  validateSync,
} from 'class-validator';
import { ValidationFailed } from '../../errors/validation-failed';
import { validationMessages } from '../../errors/validation.pipe';
import { OperatorText } from './text-rules';
import { VideoQueryDto } from './video-query.dto';

export const ADMIN_SORTS = ['popular', 'newest', 'title', 'likes', 'views'] as const;
export const VIDEO_STATUSES = ['all', 'published', 'retired'] as const;
/** An import takes at most this many videos; the route's body limit is IMPORT_BODY_BYTES. */
export const IMPORT_MAX_VIDEOS = 10_000;
export const IMPORT_BODY_BYTES = 8 * 1024 * 1024;

/** The studio's table: the public parameters, more sorts, and retired videos too. */
export class AdminVideoQueryDto extends VideoQueryDto {
  @ApiPropertyOptional({ enum: ADMIN_SORTS })
  @IsOptional()
  @IsIn(ADMIN_SORTS, { message: `sort must be one of ${ADMIN_SORTS.join(', ')}` })
  declare sort?: (typeof ADMIN_SORTS)[number] & 'popular';

  @ApiPropertyOptional({ enum: VIDEO_STATUSES, description: 'Default: all' })
  @IsOptional()
  @IsIn(VIDEO_STATUSES, { message: `status must be one of ${VIDEO_STATUSES.join(', ')}` })
  status?: (typeof VIDEO_STATUSES)[number];
}

export class ImportVideosBody {
  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    maxItems: IMPORT_MAX_VIDEOS,
    description: 'Videos as POST /admin/videos takes them',
  })
  @IsDefined()
  @IsArray()
  videos!: unknown[];
}

/**
 * The import's body as the route declares it: not a class, so that the global ValidationPipe checks only its
 * well-formedness (depth, Unicode) and does not copy 10 000 entries through class-transformer that
 * readNewVideo then reads again, one by one, for its per-entry errors (bench/RESULTS.md, "Catalogue at
 * 100 000 videos"). readImportBody applies ImportVideosBody's rules to the array itself.
 */
export type ImportVideosRequest = { readonly videos?: unknown };

/** The body by ImportVideosBody's rules (400 with the same messages), its entries as they came. */
export function readImportBody(raw: ImportVideosRequest | null): ImportVideosBody {
  const body = Object.assign(new ImportVideosBody(), { videos: typeof raw === 'object' && raw !== null ? raw.videos : undefined });
  const errors = validateSync(body, { whitelist: true, forbidUnknownValues: true });
  if (errors.length > 0) throw new ValidationFailed(validationMessages(errors));
  return body;
}

export class CategoryInput {
  @ApiProperty({ maxLength: 60, example: 'Laptops' })
  @OperatorText({ maxLength: 60 })
  name!: string;

  @ApiPropertyOptional({ example: 'laptops', description: 'Default: from the name' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'slug must be lowercase letters and digits joined by single hyphens' })
  @MaxLength(60)
  slug?: string;

  @ApiPropertyOptional({ maxLength: 60, description: 'Default: the name' })
  @IsOptional()
  @OperatorText({ maxLength: 60 })
  title?: string;

  @ApiPropertyOptional({ maxLength: 1000, description: 'May be empty; line breaks and tabs, but no other control character' })
  @IsOptional()
  @OperatorText({ maxLength: 1000, description: true })
  description?: string;
}

export class CategoryBody {
  @ApiProperty({ type: () => CategoryInput })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CategoryInput)
  category!: CategoryInput;
}

export class CategoryChanges extends PartialType(CategoryInput) {}

export class CategoryChangesBody {
  @ApiProperty({ type: () => CategoryChanges })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CategoryChanges)
  category!: CategoryChanges;
}
