import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { QueriesModule } from '../queries/queries.module';
import { StorageModule } from '../storage/storage.module';
import { AccountController } from './account.controller';
import { ReadYourWritesModule } from './read-your-writes.module';

/** The signed-in user's account: profile, password, sessions and erasure. */
@Module({
  imports: [AuthModule, QueriesModule, StorageModule, ReadYourWritesModule],
  controllers: [AccountController],
})
export class AccountApiModule {}
