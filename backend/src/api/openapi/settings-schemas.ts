import { ApiProperty } from '@nestjs/swagger';

/** GET and PUT /user/settings, for the OpenAPI document only. */
export class SettingsSchema {
  @ApiProperty({ description: 'While true, watching records nothing in the history' }) historyPaused!: boolean;
}

export class SettingsResponse {
  @ApiProperty({ type: SettingsSchema }) settings!: SettingsSchema;
}
