// First: with OTEL_* asking for traces, the SDK instruments Nest, Fastify and ioredis before they load.
import '../tracing/register';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from '../http/app.factory';
import { ConfigError, loadConfig } from '../config/app-config';
import { shutdownTracing } from '../tracing/register';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  const app = await createApp(config);
  // Close in order (stop projecting, then the stores, then send the last spans) and exit 0: a stop is not a crash.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void app
        .close()
        .then(shutdownTracing)
        .then(
          () => process.exit(0),
          (error: unknown) => {
            console.error('Shutdown failed', error);
            process.exit(1);
          },
        );
    });
  }
  await app.listen(config.port, config.host);
  // The URL is not printed: it may carry a password.
  const store = !config.redis ? 'in-memory read model' : 'url' in config.redis ? 'Redis read model' : 'Redis Cluster read model';
  new Logger('Main').log(`TechTube listening on http://localhost:${config.port} (data in ${config.dataDir}, ${store})`);
}

void main();
