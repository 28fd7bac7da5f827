import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { LibraryCheckpointsModule } from '../library-checkpoints/library-checkpoints.module';
import { StorageModule } from '../storage/storage.module';
import { commandHandlers } from './command-handlers';
import { CappedRunner } from './shared/capped-runner';
import { CommandRunner } from './shared/command-runner';
import { CatalogueWrites } from './catalogue/catalogue-writes';
import { EmailReservations } from './users/email-reservations';

/**
 * The write side: the CommandBus's handlers (CqrsModule finds them in any module) and the runners that
 * read, fold, decide and append. Others send commands through the CommandBus; the retention sweep also
 * reads through the runner.
 */
@Module({
  imports: [StorageModule, CatalogueModule, LibraryCheckpointsModule],
  providers: [CommandRunner, CappedRunner, EmailReservations, CatalogueWrites, ...commandHandlers],
  exports: [CommandRunner, CatalogueWrites],
})
export class CommandsModule {}
