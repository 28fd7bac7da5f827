import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { QueriesModule } from '../queries/queries.module';
import { ChannelsController, SubscriptionsController } from './channels.controller';
import { ReadYourWritesModule } from './read-your-writes.module';

/** The channels (open to everyone), and the user's subscriptions and feed. */
@Module({
  imports: [CatalogueModule, QueriesModule, ReadYourWritesModule],
  controllers: [ChannelsController, SubscriptionsController],
})
export class ChannelsApiModule {}
