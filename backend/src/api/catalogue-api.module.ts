import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { CatalogueController } from './catalogue.controller';

/** The catalogue's videos and categories, open to everyone. */
@Module({
  imports: [CatalogueModule],
  controllers: [CatalogueController],
})
export class CatalogueApiModule {}
