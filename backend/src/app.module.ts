import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { AccountApiModule } from './api/account-api.module';
import { AdminOperatorsApiModule } from './api/admin-operators-api.module';
import { AuthApiModule } from './api/auth-api.module';
import { ActivityApiModule } from './api/activity-api.module';
import { CatalogueApiModule } from './api/catalogue-api.module';
import { ChannelsApiModule } from './api/channels-api.module';
import { HealthApiModule } from './api/health-api.module';
import { LibraryApiModule } from './api/library-api.module';
import { ListsApiModule } from './api/lists-api.module';
import { LiveApiModule } from './api/live-api.module';
import { PlaylistsApiModule } from './api/playlists-api.module';
import { ProgressApiModule } from './api/progress-api.module';
import { SettingsApiModule } from './api/settings-api.module';
import { SharingApiModule } from './api/sharing-api.module';
import { AuthModule } from './auth/auth.module';
import { CommandsModule } from './commands/commands.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { LiveModule } from './live/live.module';
import { loggerOptions } from './logging/logger-options';
import { MetricsEndpointModule } from './metrics/metrics-endpoint.module';
import { MetricsModule } from './metrics/metrics.module';
import { ProjectionsModule } from './projections/projections.module';
import { QueriesModule } from './queries/queries.module';
import { RetentionModule } from './retention/retention.module';
import { Clock, systemClock } from './shared/clock';
import { StartupModule } from './startup/startup.module';
import { StorageModule } from './storage/storage.module';

/** What a test may replace; production uses the defaults. */
export interface AppModuleOptions {
  readonly clock?: Clock;
}

/**
 * Composition only: each module declares its own providers and exports what others may use. The HTTP
 * API's modules (api/*-api.module.ts) import the parts they need; those below them are listed here too,
 * so that the whole app reads from this one list.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        LoggerModule.forRoot(loggerOptions(config)),
        ConfigModule.forRoot(config, options.clock ?? systemClock),
        MetricsModule,
        // Stores, then the two sides and what runs beside them.
        StorageModule,
        AuthModule,
        CommandsModule,
        ProjectionsModule,
        RetentionModule,
        QueriesModule,
        StartupModule,
        LiveModule,
        // The operators' port (METRICS_PORT): served by the projector-only role too, which has no HTTP API.
        MetricsEndpointModule,
        // The HTTP API, one module per area (in the order /api/docs lists them).
        HealthApiModule,
        CatalogueApiModule,
        AuthApiModule,
        ListsApiModule,
        PlaylistsApiModule,
        ActivityApiModule,
        SettingsApiModule,
        LibraryApiModule,
        SharingApiModule,
        ChannelsApiModule,
        ProgressApiModule,
        AccountApiModule,
        AdminOperatorsApiModule,
        LiveApiModule,
      ],
    };
  }
}
