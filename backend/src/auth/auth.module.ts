import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { QueriesModule } from '../queries/queries.module';
import { StorageModule } from '../storage/storage.module';
import { AuthGuard } from './auth.guard';
import { Authenticator } from './authenticator';
import { LoginRateLimiter } from './login-rate-limiter';
import { LoginService } from './login.service';
import { SignupRateLimiter } from './signup-rate-limiter';
import { TokenService } from './token.service';

/**
 * Tokens, login and the login and signup limits. The guard is global (APP_GUARD): every route needs a
 * valid token unless it is marked `@Public()`.
 */
@Module({
  imports: [StorageModule, QueriesModule],
  providers: [TokenService, Authenticator, LoginService, LoginRateLimiter, SignupRateLimiter, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [TokenService, Authenticator, LoginService, LoginRateLimiter, SignupRateLimiter],
})
export class AuthModule {}
