import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { QueriesModule } from '../queries/queries.module';
import { AuthController } from './auth.controller';
import { ReadYourWritesModule } from './read-your-writes.module';

/** Signup and login: open to everyone, held to their own rate limits. */
@Module({
  imports: [AuthModule, QueriesModule, ReadYourWritesModule],
  controllers: [AuthController],
})
export class AuthApiModule {}
