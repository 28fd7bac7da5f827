import { Module } from '@nestjs/common';
import { ProjectionsModule } from '../projections/projections.module';
import { StorageModule } from '../storage/storage.module';
import { HealthController } from './health.controller';

/** GET /health: the store, the read model and the projector, for load balancers and operators. */
@Module({
  imports: [StorageModule, ProjectionsModule],
  controllers: [HealthController],
})
export class HealthApiModule {}
