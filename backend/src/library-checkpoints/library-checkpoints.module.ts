import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { StorageModule } from '../storage/storage.module';
import { LIBRARY_CHECKPOINT_EVERY_TOKEN, LibraryCheckpoints } from './library-checkpoints';

/**
 * A user's library folded from checkpoints: the write side (undo, import, caps, erasure) and the read
 * side (time travel, export) both read it, and neither may import the other, so it has a module of its own.
 */
@Module({
  imports: [StorageModule],
  providers: [
    { provide: LIBRARY_CHECKPOINT_EVERY_TOKEN, inject: [APP_CONFIG], useFactory: (c: AppConfig) => c.libraryCheckpointEvery },
    LibraryCheckpoints,
  ],
  exports: [LibraryCheckpoints],
})
export class LibraryCheckpointsModule {}
