import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { streams } from '../../events/app-events';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { playlistDecider } from './playlist.decider';

export interface NewPlaylist {
  readonly title: string;
  readonly description?: string;
  readonly playlistImg?: string;
}

export class CreatePlaylist extends Command<WriteResult & { playlistId: string }> {
  constructor(
    readonly userId: string,
    readonly playlist: NewPlaylist,
  ) {
    super();
  }
}

@CommandHandler(CreatePlaylist)
export class CreatePlaylistHandler implements ICommandHandler<CreatePlaylist> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ userId, playlist }: CreatePlaylist): Promise<WriteResult & { playlistId: string }> {
    const playlistId = randomUUID();
    const result = await this.runner.run(streams.playlist(playlistId), playlistDecider, {
      type: 'CreatePlaylist',
      playlistId,
      userId,
      ...playlist,
    });
    return { ...result, playlistId };
  }
}
