import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { CommandsModule } from '../commands/commands.module';
import { AuthModule } from '../auth/auth.module';
import { StorageModule } from '../storage/storage.module';
import { AdminCategoriesController } from './admin-categories.controller';
import { AdminVideosController } from './admin-videos.controller';
import { CatalogueController } from './catalogue.controller';
import { ViewsController } from './views.controller';

/** The catalogue's videos and categories: open to everyone to read, to operators to change. */
@Module({
  imports: [CatalogueModule, CommandsModule, AuthModule, StorageModule],
  controllers: [CatalogueController, ViewsController, AdminVideosController, AdminCategoriesController],
})
export class CatalogueApiModule {}
