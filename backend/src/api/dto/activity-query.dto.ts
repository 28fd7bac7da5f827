import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

export const ACTIVITY_PAGE = { default: 20, max: 100 } as const;

/**
 * `?limit=&before=` of GET /user/activity. Query values arrive as strings: they are checked as
 * text here, so that "1e2", "  5" or "0x10" are refused rather than coerced.
 */
export class ActivityQueryDto {
  @ApiPropertyOptional({
    type: String,
    pattern: '^(?:[1-9]\\d?|100)$',
    example: '20',
    description: `Entries per page, 1 to ${ACTIVITY_PAGE.max} (default ${ACTIVITY_PAGE.default})`,
  })
  @IsOptional()
  @Matches(/^(?:[1-9]\d?|100)$/, { message: `limit must be an integer from 1 to ${ACTIVITY_PAGE.max}` })
  limit?: string;

  @ApiPropertyOptional({
    type: String,
    pattern: '^[1-9]\\d{0,19}$',
    example: '41',
    description: 'The nextBefore of the previous page: only older entries',
  })
  @IsOptional()
  @Matches(/^[1-9]\d{0,19}$/, { message: 'before must be a positive integer: the nextBefore of the previous page' })
  before?: string;
}
