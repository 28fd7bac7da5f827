import { Inject } from '@nestjs/common';
import { CLOCK, Clock } from '../../shared/clock';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { CatalogueService } from '../../catalogue/catalogue.service';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CapReached } from '../../errors/cap-reached';
import { playlistList } from '../../domain/playlist/playlist.list';
import { CappedRunner, CommandSink } from '../shared/capped-runner';
import { WriteResult } from '../shared/write-result';
import { ImportCounts, ImportPlan, ImportRequest, importEntries, noCounts, planImport } from './import-plan';

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
 * which adds only what is still missing. Planned and written under the user's playlist cap, like a
 * creation: the playlists it creates are counted with every other write making one active
 * (commands/shared/capped-runner.ts), so concurrent imports cannot together pass the cap.
 */
@CommandHandler(ImportLibrary)
export class ImportLibraryHandler implements ICommandHandler<ImportLibrary> {
  constructor(
    private readonly runner: CappedRunner,
    private readonly catalogue: CatalogueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, request }: ImportLibrary): Promise<WriteResult & ImportResult> {
    const caps = this.config.libraryCaps;
    // Refused before the library is even read: an oversized import costs nothing more.
    if (importEntries(request) > caps.importEntries) throw new CapReached('IMPORT_TOO_LARGE', caps.importEntries);
    return this.runner.underCap(userId, playlistList, ({ library, counted }) => {
      const plan = planImport(request, {
        caps,
        userId,
        // The library as it is now (from the user's newest checkpoint, bounded however long the
        // history), with the playlists being made active that it does not show yet.
        library,
        activePlaylists: counted.size,
        isKnownVideo: (videoId) => this.catalogue.hasVideo(videoId),
        isKnownChannel: (channelId) => this.catalogue.channels().some((channel) => channel._id === channelId),
        newPlaylistId: randomUUID,
        now: this.clock.now().toISOString(),
      });
      return { activates: plan.newPlaylistIds.map((id) => ({ id, after: -1 })), write: (sink) => write(plan, sink) };
    });
  }
}

async function write(plan: ImportPlan, sink: CommandSink): Promise<WriteResult & ImportResult> {
  const imported = noCounts();
  let position: bigint | undefined;
  for (const { stream, command, count } of plan.commands) {
    const decided = await command.run(sink, stream);
    if (decided.events.length === 0) continue;
    position = decided.position;
    for (const [name, added] of Object.entries(count(decided.events)) as [keyof ImportCounts, number][]) imported[name] += added;
  }
  return { position, imported, unknownVideoIds: plan.unknownVideoIds };
}
