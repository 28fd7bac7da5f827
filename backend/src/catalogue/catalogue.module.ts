import { Module } from '@nestjs/common';
import { CatalogueService } from './catalogue.service';

/** The fixed catalogue (videos, categories, channels): read by both sides and the catalogue routes. */
@Module({
  providers: [CatalogueService],
  exports: [CatalogueService],
})
export class CatalogueModule {}
