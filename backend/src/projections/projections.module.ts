import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { Projector } from './projector';

/** The projection: the projector follows the store into the read model; writes wait on it for read-your-writes. */
@Module({
  imports: [StorageModule],
  providers: [Projector],
  exports: [Projector],
})
export class ProjectionsModule {}
