import { Module } from '@nestjs/common';
import { CommandsModule } from '../commands/commands.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { ProjectionsModule } from '../projections/projections.module';
import { CatalogueSeed } from './catalogue-seed';
import { StartupService } from './startup.service';

/**
 * Before the first request: the projector and the catalogue caught up, the shipped catalogue and the guest
 * user seeded (through the write side).
 */
@Module({
  imports: [ProjectionsModule, CommandsModule, CatalogueModule],
  providers: [StartupService, CatalogueSeed],
})
export class StartupModule {}
