import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import { HISTORY_RETENTIONS, HistoryRetention } from '../../events/app-events';

/**
 * `off` or a number of months: a string or an integer, so one `enum` with one `type` would be untrue.
 * The request DTOs that take a retention use it too.
 */
export const HISTORY_RETENTION_SCHEMA: ApiPropertyOptions = {
  oneOf: [
    { type: 'string', enum: HISTORY_RETENTIONS.filter((value) => typeof value === 'string') },
    { type: 'integer', enum: HISTORY_RETENTIONS.filter((value) => typeof value === 'number') },
  ],
};

/** GET and PUT /user/settings, for the OpenAPI document only. */
export class SettingsSchema {
  @ApiProperty({ description: 'While true, watching records nothing in the history' }) historyPaused!: boolean;
  @ApiProperty({
    ...HISTORY_RETENTION_SCHEMA,
    description:
      'History auto-delete: entries watched more than this many months ago are removed (when the user records a watch or changes a setting, and by a daily sweep); "off" (the default) keeps them',
  })
  historyRetention!: HistoryRetention;
}

export class SettingsResponse {
  @ApiProperty({ type: SettingsSchema }) settings!: SettingsSchema;
}
