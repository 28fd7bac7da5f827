import { Inject, Injectable, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Server } from 'node:http';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { ProjectionsModule } from '../projections/projections.module';
import { Projector } from '../projections/projector';
import { READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { StorageModule } from '../storage/storage.module';
import { AppMetrics, METRICS } from './app-metrics';
import { timeCommands } from './command-timing';
import { HealthStatus } from './health-status';
import { listen, serveMetrics } from './metrics-server';
import { gaugeProjection } from './projection-gauges';

/**
 * With METRICS_PORT set: times the CommandBus, gauges the projection on each scrape, and serves the
 * operators' port from the start of the app's init (so liveness answers while the read model catches up)
 * until it stops. Without it: nothing at all.
 */
@Injectable()
class MetricsEndpoint implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | undefined;

  constructor(
    @Inject(METRICS) private readonly metrics: AppMetrics | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly projector: Projector,
    private readonly commands: CommandBus,
    private readonly health: HealthStatus,
  ) {}

  async onModuleInit(): Promise<void> {
    const { metrics } = this;
    const { port, host } = this.config.metrics;
    if (!metrics || port === undefined) return;
    timeCommands(this.commands, metrics);
    gaugeProjection(metrics, { store: this.store, readModel: this.readModel, projector: this.projector });
    this.server = serveMetrics(metrics, this.health);
    const bound = await listen(this.server, port, host);
    this.logger.log(`Metrics and health on http://${host}:${bound} (/metrics, /health/live, /health/ready)`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The operators' port (docs/design/operating.md) and the health status both ports answer. */
@Module({
  imports: [StorageModule, ProjectionsModule],
  providers: [HealthStatus, MetricsEndpoint],
  exports: [HealthStatus],
})
export class MetricsEndpointModule {}
