import { Module } from '@nestjs/common';
import { QueriesModule } from '../queries/queries.module';
import { ReadYourWritesModule } from './read-your-writes.module';
import { SettingsController } from './settings.controller';

/** The user's settings (history pause and auto-delete). */
@Module({
  imports: [QueriesModule, ReadYourWritesModule],
  controllers: [SettingsController],
})
export class SettingsApiModule {}
