import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CatalogueService } from '../catalogue/catalogue.service';
import { CommandRunner } from '../commands/shared/command-runner';
import { Projector } from '../projections/projector';
import { decideAgainOnConflict } from '../commands/shared/decide-again';
import { foldLibrary } from './library-fold';
import { ImportCounts, ImportRequest, noCounts, planImport } from './import-planner';
import { UserEventsReader } from './user-events.reader';

export interface ImportResult {
  readonly imported: ImportCounts;
  readonly unknownVideoIds: string[];
}

/**
 * Writes what a validated import adds to the user's library: one append per stream, each
 * expecting the revision that was read. A conflict means someone else wrote meanwhile: the
 * library is read again and only what is still missing is planned (the plan is idempotent).
 */
@Injectable()
export class ImportService {
  constructor(
    private readonly userEvents: UserEventsReader,
    private readonly runner: CommandRunner,
    private readonly projector: Projector,
    private readonly catalogue: CatalogueService,
  ) {}

  async import(userId: string, request: ImportRequest): Promise<ImportResult> {
    const imported = noCounts();
    let last: bigint | undefined;
    const unknownVideoIds = await decideAgainOnConflict(async () => {
      // Playlists created by an earlier attempt are found through the read model: wait for them.
      await this.projector.waitFor(last);
      const { events, revisions } = await this.userEvents.read(userId);
      const plan = planImport(request, {
        userId,
        library: foldLibrary(events),
        revisions,
        isKnownVideo: (videoId) => this.catalogue.hasVideo(videoId),
        newPlaylistId: randomUUID,
      });
      for (const { stream, events: toAppend, expectedRevision, counts } of plan.appends) {
        last = (await this.runner.append(stream, toAppend, expectedRevision)).position;
        for (const [name, added] of Object.entries(counts) as [keyof ImportCounts, number][]) imported[name] += added;
      }
      return plan.unknownVideoIds;
    });
    // Read-your-writes: every list the client fetches next shows the import.
    await this.projector.waitFor(last);
    return { imported, unknownVideoIds };
  }
}
