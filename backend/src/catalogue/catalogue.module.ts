import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { CatalogueProjection } from './catalogue-projection';
import { CatalogueService } from './catalogue.service';
import { CataloguePages } from './catalogue-pages';

/**
 * The catalogue this instance holds (videos, categories, channels, search, counts), folded from the log:
 * read by both sides and the catalogue routes.
 */
@Module({
  imports: [StorageModule],
  providers: [CatalogueProjection, CatalogueService, CataloguePages],
  exports: [CatalogueProjection, CatalogueService, CataloguePages],
})
export class CatalogueModule {}
