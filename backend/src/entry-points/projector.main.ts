// First: with OTEL_* asking for traces, the SDK instruments Nest and ioredis before they load.
import '../tracing/register';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { ConfigError, loadConfig } from '../config/app-config';
import { shutdownTracing } from '../tracing/register';

/**
 * `npm run projector`: the projection role alone, without HTTP. Any number may run; the
 * projector lease lets one project at a time and another take over when it dies.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, PROJECTOR: 'auto' });
  if (!config.redis) throw new ConfigError('a separate projector needs a shared read model: set REDIS_URL or REDIS_CLUSTER_NODES');
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['log', 'warn', 'error'] });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // The last spans are sent once the app has closed.
    process.once(
      signal,
      () =>
        void app
          .close()
          .then(shutdownTracing)
          .then(() => process.exit(0)),
    );
  }
  console.log('Projector running: it projects while it holds the lease, and stands by otherwise');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
