import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../errors/domain-error';
import { libraryStreams, streams } from '../../events/app-events';
import { LibraryCheckpoints } from '../../library-checkpoints/library-checkpoints';
import { historyList } from '../../domain/history/history.list';
import { playlistList } from '../../domain/playlist/playlist.list';
import { userAccount } from '../../domain/user-account/user-account';
import { likesList, watchLaterList } from '../../domain/video-set/video-set.list';
import { KEY_STORE, KeyStore } from '../../personal-data/key-store.port';
import { READ_MODEL, ReadModel } from '../../read-model/read-model.port';
import { verifyPassword } from '../../shared/password-hasher';
import { SNAPSHOT_STORE, SnapshotStore } from '../../snapshots/snapshot-store.port';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { EmailReservations } from './email-reservations';

export class DeleteAccount extends Command<WriteResult> {
  constructor(
    readonly userId: string,
    readonly password: string,
  ) {
    super();
  }
}

/**
 * Erasure (crypto-shredding): the account is deleted in its own stream first (from then on its tokens
 * are refused and login finds nobody, on every instance, since both read the stream), then the
 * email is released, the person's data key destroyed (every sealed field of theirs, in every copy of
 * the log, is unreadable from here on) and the caches of their lists dropped. The projection of
 * AccountDeleted removes them from the read model. Their events stay.
 */
@CommandHandler(DeleteAccount)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccount> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly reservations: EmailReservations,
    private readonly checkpoints: LibraryCheckpoints,
    @Inject(KEY_STORE) private readonly keys: KeyStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(SNAPSHOT_STORE) private readonly snapshots: SnapshotStore,
  ) {}

  async execute({ userId, password }: DeleteAccount): Promise<WriteResult> {
    const account = (await this.runner.load(streams.user(userId), userAccount))?.state;
    if (!account?.registered) throw new DomainError('INVALID_TOKEN');
    if (!(await verifyPassword(password, account.passwordHash))) throw new DomainError('ACCOUNT_PASSWORD_WRONG');
    // Read before the projection forgets them: the snapshot keys of the user's playlist streams.
    const playlistIds = await this.readModel.playlistIdsEver(userId);
    const result = await this.runner.run(streams.user(userId), userAccount, { type: 'DeleteAccount', userId });
    await this.reservations.release(account.email, userId);
    await this.keys.destroy(userId);
    await this.dropCaches(userId, playlistIds);
    return result;
  }

  /** Command snapshots and library checkpoints are caches of the user's lists: they go too. */
  private async dropCaches(userId: string, playlistIds: readonly string[]): Promise<void> {
    // The command runner keys a snapshot `<decider name>:<stream>` (libraryStreams' order: likes, watch later, history, playlists).
    const [likes, watchLater, history, ...playlists] = libraryStreams(userId, playlistIds);
    const keys = [
      `${likesList.name}:${likes}`,
      `${watchLaterList.name}:${watchLater}`,
      `${historyList.name}:${history}`,
      ...playlists.map((stream) => `${playlistList.name}:${stream}`),
    ];
    await this.snapshots.drop(keys);
    await this.checkpoints.forget(userId);
  }
}
