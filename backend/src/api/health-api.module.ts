import { Module } from '@nestjs/common';
import { MetricsEndpointModule } from '../metrics/metrics-endpoint.module';
import { HealthController } from './health.controller';

/** GET /health, /health/live, /health/ready: the store, the read model and the projector, for load balancers and operators. */
@Module({
  imports: [MetricsEndpointModule],
  controllers: [HealthController],
})
export class HealthApiModule {}
