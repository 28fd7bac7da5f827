import { Module } from '@nestjs/common';
import { ProjectionsModule } from '../projections/projections.module';
import { ReadYourWrites } from './read-your-writes';

/** How controllers write: a command through the CommandBus, answered once the projection shows it. */
@Module({
  imports: [ProjectionsModule],
  providers: [ReadYourWrites],
  exports: [ReadYourWrites],
})
export class ReadYourWritesModule {}
