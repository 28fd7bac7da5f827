import { ApiProperty } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import { ISO_DATE_TIME_RULE } from '../../shared/iso-date-time';
import { IsIsoDateTime } from './iso-date-time.validator';

/** `?asOf=` of GET /user/library. */
export class LibraryQueryDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    example: '2026-11-21T10:00:00.000Z',
    description: 'The moment to look back at: the lists exactly as they stood then',
  })
  @IsDefined({ message: `asOf is required: ${ISO_DATE_TIME_RULE}` })
  @IsIsoDateTime()
  asOf!: string;
}
