import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LogLevel } from '@nestjs/common';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { ApiExceptionFilter } from './errors/api-exception.filter';
import { frameworkErrorOptions } from './errors/framework-errors';
import { apiValidationPipe } from './errors/validation.pipe';
import { applyHttpSecurity } from './http-security';
import { serveFrontend } from './static-frontend';

/** Bodies over 100 kB are refused with 413 before they are parsed. */
const BODY_LIMIT_BYTES = 100 * 1024;

export async function createApp(config: AppConfig, logLevels: LogLevel[] = ['log', 'warn', 'error']): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: false,
    // Keys that could reach Object.prototype are refused outright, not silently kept.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Errors Fastify answers before routing keep the `{ errors }` shape and the security headers.
    ...frameworkErrorOptions(config.production),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, { logger: logLevels });
  app.setGlobalPrefix('api');
  applyHttpSecurity(app, config);
  app.useGlobalPipes(apiValidationPipe());
  const spaFallback = await serveFrontend(app.getHttpAdapter().getInstance(), config.staticDir);
  app.useGlobalFilters(new ApiExceptionFilter(spaFallback));
  await app.init();
  return app;
}
