import { Module } from '@nestjs/common';
import { LibraryCheckpointsModule } from '../library-checkpoints/library-checkpoints.module';
import { QueriesModule } from '../queries/queries.module';
import { ExportController } from './export.controller';
import { ImportController } from './import.controller';
import { LibraryController } from './library.controller';
import { ReadYourWritesModule } from './read-your-writes.module';
import { UndoController } from './undo.controller';

/** The library as a whole: time travel, export, import and undo. */
@Module({
  imports: [QueriesModule, LibraryCheckpointsModule, ReadYourWritesModule],
  controllers: [LibraryController, ExportController, ImportController, UndoController],
})
export class LibraryApiModule {}
