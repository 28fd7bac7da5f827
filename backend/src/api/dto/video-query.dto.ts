import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const VIDEO_PAGE = { default: 24, max: 100 } as const;
/** GET /api/videos without a paging parameter: the template's whole-list answer, bounded (docs/api.md). */
export const UNPAGED_VIDEOS = 1000;
export const PUBLIC_SORTS = ['popular', 'newest', 'title'] as const;
/** The longest search and category the API takes (longer ones are a 400). */
export const QUERY_MAX_LENGTH = { q: 200, category: 100 } as const;

/**
 * The catalogue's search and paging parameters (docs/design/catalogue.md, "Public answers"). Checked as
 * text, like every query value, so that "1e2" or " 5" are refused rather than coerced.
 */
export class VideoQueryDto {
  @ApiPropertyOptional({
    maxLength: QUERY_MAX_LENGTH.q,
    description: 'Words that begin words of the title, the channel or the description',
  })
  @IsOptional()
  @IsString()
  @MaxLength(QUERY_MAX_LENGTH.q)
  q?: string;

  @ApiPropertyOptional({
    example: 'smartphone',
    description: 'A category’s slug, id or name in any case (`Smartphone`, as videos carry it)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(QUERY_MAX_LENGTH.category)
  category?: string;

  @ApiPropertyOptional({ enum: PUBLIC_SORTS, description: 'Default: relevance with `q`, else catalogue order (oldest published first)' })
  @IsOptional()
  @IsIn(PUBLIC_SORTS, { message: `sort must be one of ${PUBLIC_SORTS.join(', ')}` })
  sort?: (typeof PUBLIC_SORTS)[number];

  @ApiPropertyOptional({
    type: String,
    pattern: '^(?:[1-9]\\d?|100)$',
    description: `1 to ${VIDEO_PAGE.max} (default ${VIDEO_PAGE.default})`,
  })
  @IsOptional()
  @Matches(/^(?:[1-9]\d?|100)$/, { message: `limit must be an integer from 1 to ${VIDEO_PAGE.max}` })
  limit?: string;

  @ApiPropertyOptional({ maxLength: 512, description: 'The `next` of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;
}
