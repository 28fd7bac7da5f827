import { Module } from '@nestjs/common';
import { CommandsModule } from '../commands/commands.module';
import { ProjectionsModule } from '../projections/projections.module';
import { StorageModule } from '../storage/storage.module';
import { HistoryRetentionSweep } from './history-retention-sweep';

/** History auto-delete's sweep: it runs where projection runs and sends ordinary history commands. */
@Module({
  imports: [StorageModule, ProjectionsModule, CommandsModule],
  providers: [HistoryRetentionSweep],
})
export class RetentionModule {}
