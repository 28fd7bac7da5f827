import { Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module';
import { LiveController } from './live.controller';

/** The changes streams, the signed-in user's and the catalogue's (docs/design/live-updates.md). */
@Module({
  imports: [LiveModule],
  controllers: [LiveController],
})
export class LiveApiModule {}
