import { Module } from '@nestjs/common';
import { CommandsModule } from '../commands/commands.module';
import { ProjectionsModule } from '../projections/projections.module';
import { StartupService } from './startup.service';

/** Before the first request: the projector caught up, the guest user seeded (through the write side). */
@Module({
  imports: [ProjectionsModule, CommandsModule],
  providers: [StartupService],
})
export class StartupModule {}
