import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AppMetrics, METRICS } from './app-metrics';
import { timeRedisCommands } from './redis-command-timing';

/** Times Redis commands from the moment the metrics exist (before the stores connect), until the app stops. */
@Injectable()
class RedisTiming implements OnApplicationShutdown {
  private readonly undo: (() => void) | undefined;

  constructor(@Inject(METRICS) metrics: AppMetrics | null) {
    this.undo = metrics ? timeRedisCommands(metrics) : undefined;
  }

  onApplicationShutdown(): void {
    this.undo?.();
  }
}

/**
 * The metrics of this process, for every module that feeds them (global, like the configuration): an
 * AppMetrics when METRICS_PORT is set, `null` otherwise, in which case no hook is installed and nothing is
 * counted (README "Configuration"). The port itself is served by MetricsEndpointModule.
 */
@Global()
@Module({
  providers: [
    {
      provide: METRICS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.metrics.port === undefined ? null : new AppMetrics()),
    },
    RedisTiming,
  ],
  exports: [METRICS],
})
export class MetricsModule {}
