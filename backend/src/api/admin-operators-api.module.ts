import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { QueriesModule } from '../queries/queries.module';
import { StorageModule } from '../storage/storage.module';
import { AdminOperatorsController } from './admin-operators.controller';
import { ReadYourWritesModule } from './read-your-writes.module';

/** Operators granting and revoking the operator role (docs/design/catalogue.md, "Operators"). */
@Module({
  imports: [AuthModule, QueriesModule, StorageModule, ReadYourWritesModule],
  controllers: [AdminOperatorsController],
})
export class AdminOperatorsApiModule {}
