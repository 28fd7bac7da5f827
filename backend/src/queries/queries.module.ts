import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { UserEventsReader } from '../event-store/user-events.reader';
import { LibraryCheckpointsModule } from '../library-checkpoints/library-checkpoints.module';
import { StorageModule } from '../storage/storage.module';
import { CredentialsReader } from './credentials.reader';
import { LibraryService } from './library/library.service';
import { SharedPlaylistsReader } from './shared-playlists.reader';
import { UserListsReader } from './user-lists.reader';

/** The read side: lists from the read model hydrated from the catalogue, shared playlists, time travel and export, credentials. */
@Module({
  imports: [StorageModule, CatalogueModule, LibraryCheckpointsModule],
  providers: [UserListsReader, SharedPlaylistsReader, LibraryService, CredentialsReader, UserEventsReader],
  exports: [UserListsReader, SharedPlaylistsReader, LibraryService, CredentialsReader],
})
export class QueriesModule {}
