import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { parseInstant } from '../../shared/iso-date-time';
import { Trim } from './trim';

/** `?search=` of GET /user/history. */
export class HistorySearchDto {
  @ApiPropertyOptional({ maxLength: 100, example: 'oled', description: 'Title or channel contains it (trimmed, any case); empty = all' })
  @IsOptional()
  @Trim()
  @IsString({ message: 'search must be one piece of text' })
  @MaxLength(100)
  search?: string;
}

const BEFORE_MESSAGE =
  'before must be an ISO date such as 2026-11-20 (midnight UTC) or a date-time with its zone such as 2026-11-20T09:30:00Z';

/** `?before=` of DELETE /user/history. */
export class HistoryBeforeDto {
  @ApiProperty({
    example: '2026-11-20',
    description: 'Removes every entry watched before this moment: an ISO date (midnight UTC) or a date-time with its zone',
  })
  @ValidateBy({
    name: 'isInstant',
    validator: { validate: (value) => parseInstant(value, { dateAlone: true }) !== undefined, defaultMessage: () => BEFORE_MESSAGE },
  })
  before!: string;
}
