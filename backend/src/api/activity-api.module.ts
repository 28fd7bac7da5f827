import { Module } from '@nestjs/common';
import { QueriesModule } from '../queries/queries.module';
import { ActivityController } from './activity.controller';

/** The user's own timeline of events. */
@Module({
  imports: [QueriesModule],
  controllers: [ActivityController],
})
export class ActivityApiModule {}
