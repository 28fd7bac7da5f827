import { Module } from '@nestjs/common';
import { QueriesModule } from '../queries/queries.module';
import { StorageModule } from '../storage/storage.module';
import { PublicPlaylistsController } from './public-playlists.controller';

/** Shared playlists: open to everyone, at a per-address read rate (PublicReadRateGuard, through the rate limiter's store). */
@Module({
  imports: [QueriesModule, StorageModule],
  controllers: [PublicPlaylistsController],
})
export class SharingApiModule {}
