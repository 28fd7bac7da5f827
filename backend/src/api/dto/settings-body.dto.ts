import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, ValidateIf } from 'class-validator';
import { HISTORY_RETENTIONS, HistoryRetention } from '../../events/app-events';
import { HISTORY_RETENTION_SCHEMA } from '../openapi/settings-schemas';

/**
 * PUT /user/settings: the settings to change, at least one; a setting left out keeps its value (so a
 * client that knows only `historyPaused` keeps working). A bad value refuses the whole body.
 */
export class SettingsBodyDto {
  @ApiPropertyOptional({ example: true, description: 'true: watching records nothing in the history until it is false again' })
  // Required when nothing else is given: an empty body is refused by naming the first setting.
  @ValidateIf((body: SettingsBodyDto) => body.historyPaused !== undefined || body.historyRetention === undefined)
  @IsBoolean({ message: 'historyPaused must be true or false' })
  historyPaused?: boolean;

  @ApiPropertyOptional({
    ...HISTORY_RETENTION_SCHEMA,
    example: 18,
    description: 'History auto-delete: entries watched more than this many months ago are removed; "off" keeps them all',
  })
  @ValidateIf((body: SettingsBodyDto) => body.historyRetention !== undefined)
  @IsIn(HISTORY_RETENTIONS, { message: 'historyRetention must be "off", 3, 18 or 36 (months)' })
  historyRetention?: HistoryRetention;
}
