import { DynamicModule, Global, Module } from '@nestjs/common';
import { CLOCK, Clock } from '../shared/clock';
import { APP_CONFIG, AppConfig } from './app-config';

/** The validated configuration and the clock, for every module: given once, by AppModule.forRoot. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, clock: Clock): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: CLOCK, useValue: clock },
      ],
      exports: [APP_CONFIG, CLOCK],
    };
  }
}
