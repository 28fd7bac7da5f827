import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
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

// A date, or a date-time with its zone: without one, the moment would depend on the server's clock zone.
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d))?$/;

/**
 * The moment an ISO date (midnight UTC) or date-time names, or undefined when the text is not
 * one: also for a day the calendar does not have, such as 2026-02-30, which Date.parse accepts.
 */
export function parseInstant(text: unknown): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const match = INSTANT.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  if (calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day) return undefined;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
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
    validator: { validate: (value) => parseInstant(value) !== undefined, defaultMessage: () => BEFORE_MESSAGE },
  })
  before!: string;
}
