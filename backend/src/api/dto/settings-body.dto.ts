import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

/** PUT /user/settings: every setting, each given in full (there is one so far). */
export class SettingsBodyDto {
  @ApiProperty({ example: true, description: 'true: watching records nothing in the history until it is false again' })
  @IsBoolean({ message: 'historyPaused must be true or false' })
  historyPaused!: boolean;
}
