import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { ProjectionsModule } from '../projections/projections.module';
import { StorageModule } from '../storage/storage.module';
import { LiveFeed } from './live-feed';
import { LiveOpener } from './live-opener';
import { LiveStreams } from './live-streams';

/**
 * The live changes (docs/design/live-updates.md): the log followed from the head at start, each change told
 * to its user's open streams (or the catalogue's) once it shows; the routes (api/live.controller.ts) open
 * streams through LiveOpener.
 */
@Module({
  imports: [StorageModule, AuthModule, CatalogueModule, ProjectionsModule],
  providers: [LiveStreams, LiveFeed, LiveOpener],
  exports: [LiveOpener],
})
export class LiveModule {}
