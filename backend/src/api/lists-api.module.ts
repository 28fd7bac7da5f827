import { Module } from '@nestjs/common';
import { QueriesModule } from '../queries/queries.module';
import { HistoryController } from './history.controller';
import { ReadYourWritesModule } from './read-your-writes.module';
import { LikesController, WatchLaterController } from './video-set.controller';

/** The user's video lists: likes, watch later and the watch history. */
@Module({
  imports: [QueriesModule, ReadYourWritesModule],
  controllers: [LikesController, WatchLaterController, HistoryController],
})
export class ListsApiModule {}
