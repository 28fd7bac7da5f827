import { ApiProperty } from '@nestjs/swagger';
import { HISTORY_RETENTIONS, HistoryRetention } from '../../events/app-events';

/** GET and PUT /user/settings, for the OpenAPI document only. */
export class SettingsSchema {
  @ApiProperty({ description: 'While true, watching records nothing in the history' }) historyPaused!: boolean;
  @ApiProperty({
    enum: HISTORY_RETENTIONS,
    description:
      'History auto-delete: entries watched more than this many months ago are removed (when the user records a watch or changes a setting, and by a daily sweep); "off" (the default) keeps them',
  })
  historyRetention!: HistoryRetention;
}

export class SettingsResponse {
  @ApiProperty({ type: SettingsSchema }) settings!: SettingsSchema;
}
