import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { QueriesModule } from '../queries/queries.module';
import { ProgressController } from './progress.controller';
import { ReadYourWritesModule } from './read-your-writes.module';

/** Where the user stopped each video. */
@Module({
  imports: [QueriesModule, CatalogueModule, ReadYourWritesModule],
  controllers: [ProgressController],
})
export class ProgressApiModule {}
