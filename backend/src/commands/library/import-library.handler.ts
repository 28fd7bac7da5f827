import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { CatalogueService } from '../../catalogue/catalogue.service';
import { UserEventsReader } from '../../event-store/user-events.reader';
import { foldLibrary } from '../../lists/library';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { ImportCounts, ImportRequest, noCounts, planImport } from './import-plan';

export interface ImportResult {
  readonly imported: ImportCounts;
  readonly unknownVideoIds: string[];
}

export class ImportLibrary extends Command<WriteResult & ImportResult> {
  constructor(
    readonly userId: string,
    readonly request: ImportRequest,
  ) {
    super();
  }
}

/**
 * Writes what a validated import adds to the user's library: one command per stream, each decided
 * by its list's decider on the stream as it is (a concurrent write is decided again by the runner),
 * which adds only what is still missing.
 */
@CommandHandler(ImportLibrary)
export class ImportLibraryHandler implements ICommandHandler<ImportLibrary> {
  constructor(
    private readonly userEvents: UserEventsReader,
    private readonly runner: CommandRunner,
    private readonly catalogue: CatalogueService,
  ) {}

  async execute({ userId, request }: ImportLibrary): Promise<WriteResult & ImportResult> {
    const { events } = await this.userEvents.read(userId);
    const plan = planImport(request, {
      userId,
      library: foldLibrary(events),
      isKnownVideo: (videoId) => this.catalogue.hasVideo(videoId),
      newPlaylistId: randomUUID,
    });
    const imported = noCounts();
    let position: bigint | undefined;
    for (const { stream, command, count } of plan.commands) {
      const decided = await command.run(this.runner, stream);
      if (decided.events.length === 0) continue;
      position = decided.position;
      for (const [name, added] of Object.entries(count(decided.events)) as [keyof ImportCounts, number][]) imported[name] += added;
    }
    return { position, imported, unknownVideoIds: plan.unknownVideoIds };
  }
}
