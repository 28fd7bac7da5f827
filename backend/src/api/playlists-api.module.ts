import { Module } from '@nestjs/common';
import { QueriesModule } from '../queries/queries.module';
import { PlaylistsController } from './playlists.controller';
import { ReadYourWritesModule } from './read-your-writes.module';

/** The user's playlists. */
@Module({
  imports: [QueriesModule, ReadYourWritesModule],
  controllers: [PlaylistsController],
})
export class PlaylistsApiModule {}
