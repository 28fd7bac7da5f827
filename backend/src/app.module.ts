import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import { loggerOptions } from './logging/logger-options';
import { ActivityController } from './api/activity.controller';
import { AuthController } from './api/auth.controller';
import { HealthController } from './api/health.controller';
import { HistoryController } from './api/history.controller';
import { LikesController, WatchLaterController } from './api/video-set.controller';
import { PlaylistsController } from './api/playlists.controller';
import { SettingsController } from './api/settings.controller';
import { LibraryController } from './api/library.controller';
import { ExportController } from './api/export.controller';
import { ImportController } from './api/import.controller';
import { UndoController } from './api/undo.controller';
import { PublicPlaylistsController } from './api/public-playlists.controller';
import { ChannelsController, SubscriptionsController } from './api/channels.controller';
import { ProgressController } from './api/progress.controller';
import { AccountController } from './api/account.controller';
import { SharedPlaylistsReader } from './queries/shared-playlists.reader';
import { EmailReservations } from './commands/users/email-reservations';
import { AuthGuard } from './auth/auth.guard';
import { Authenticator } from './auth/authenticator';
import { LoginRateLimiter } from './auth/login-rate-limiter';
import { LoginService } from './auth/login.service';
import { SignupRateLimiter } from './auth/signup-rate-limiter';
import { TokenService } from './auth/token.service';
import { CatalogueController } from './api/catalogue.controller';
import { CatalogueService } from './catalogue/catalogue.service';
import { commandHandlers } from './commands/command-handlers';
import { CommandRunner } from './commands/shared/command-runner';
import { CappedRunner } from './commands/shared/capped-runner';
import { UserEventsReader } from './event-store/user-events.reader';
import { LibraryService } from './queries/library/library.service';
import { LIBRARY_CHECKPOINT_EVERY_TOKEN, LibraryCheckpoints } from './library-checkpoints/library-checkpoints';
import { CredentialsReader } from './queries/credentials.reader';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { Projector } from './projections/projector';
import { UserListsReader } from './queries/user-lists.reader';
import { ReadYourWrites } from './api/read-your-writes';
import { StartupService } from './startup/startup.service';
import { StorageLifecycle, storageProviders } from './storage/storage.providers';
import { CLOCK, Clock, systemClock } from './shared/clock';
import { HistoryRetentionSweep } from './retention/history-retention-sweep';

/** What a test may replace; production uses the defaults. */
export interface AppModuleOptions {
  readonly clock?: Clock;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot(), LoggerModule.forRoot(loggerOptions(config))],
      controllers: [
        HealthController,
        CatalogueController,
        AuthController,
        LikesController,
        WatchLaterController,
        HistoryController,
        PlaylistsController,
        ActivityController,
        SettingsController,
        LibraryController,
        ExportController,
        ImportController,
        UndoController,
        PublicPlaylistsController,
        ChannelsController,
        SubscriptionsController,
        ProgressController,
        AccountController,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        ...storageProviders,
        StorageLifecycle,
        CatalogueService,
        CommandRunner,
        CappedRunner,
        ...commandHandlers,
        Projector,
        HistoryRetentionSweep,
        UserListsReader,
        TokenService,
        AuthGuard,
        Authenticator,
        LoginService,
        LoginRateLimiter,
        SignupRateLimiter,
        StartupService,
        ReadYourWrites,
        UserEventsReader,
        { provide: LIBRARY_CHECKPOINT_EVERY_TOKEN, inject: [APP_CONFIG], useFactory: (c: AppConfig) => c.libraryCheckpointEvery },
        LibraryCheckpoints,
        LibraryService,
        CredentialsReader,
        EmailReservations,
        SharedPlaylistsReader,
      ],
    };
  }
}
