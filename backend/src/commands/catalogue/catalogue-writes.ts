import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { CatalogueProjection } from '../../catalogue/catalogue-projection';
import { CatalogueService } from '../../catalogue/catalogue.service';
import { channelSlug } from '../../catalogue/channels';
import { CategoryCommand, categoryList } from '../../domain/category/category.list';
import { VideoCommand, VideoToPublish, videoList } from '../../domain/video/video.list';
import { DomainError } from '../../errors/domain-error';
import { recordCommittedWrite } from '../../errors/committed-writes';
import { CategoryNames, VideoFields, streams } from '../../events/app-events';
import { EVENT_STORE, EventStore, WrongExpectedRevisionError, canAppendBatches } from '../../event-store/event-store.port';
import { CommandRunner } from '../shared/command-runner';
import { runAsCommand } from '../send-command';

/** What an import did with each entry: published, already there, or refused for the reasons given. */
export interface ImportOutcome {
  readonly added: string[];
  readonly skipped: { readonly index: number; readonly _id: string; readonly reason: string }[];
}

/**
 * Publications appended together at most: one transaction of the embedded store each. Small enough that sealing and
 * encoding one on the main thread is a few milliseconds, so that readers wait no longer between two (at 2 000 it
 * held them ~80 ms each; bench/RESULTS.md, "An import with visitors").
 */
const IMPORT_BATCH = 100;
/** Publications in flight at once where the store has no batches (EventStoreDB). */
const IMPORT_CONCURRENCY = 16;

/**
 * The catalogue's writes (docs/design/catalogue.md, "Operator API"): each decided on its stream by the
 * command runner, answered once this instance's catalogue shows it, so that the operator's next read
 * (and the answer itself) includes the change. Whether a name is taken, or a category empty, is asked of
 * the catalogue first: two operators racing on one name may both pass that check, which the studio's
 * list shows and either can correct.
 */
@Injectable()
export class CatalogueWrites {
  constructor(
    private readonly runner: CommandRunner,
    private readonly projection: CatalogueProjection,
    private readonly catalogue: CatalogueService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  publish(userId: string, video: VideoToPublish) {
    return this.video({ type: 'PublishVideo', userId, video });
  }

  edit(userId: string, videoId: string, changes: Partial<VideoFields>) {
    return this.video({ type: 'EditVideo', userId, videoId, changes });
  }

  retire(userId: string, videoId: string) {
    return this.video({ type: 'RetireVideo', userId, videoId });
  }

  restore(userId: string, videoId: string) {
    return this.video({ type: 'RestoreVideo', userId, videoId });
  }

  /**
   * Publishes every video not in the catalogue yet, in the order given; an id already there (or twice in
   * the import) is skipped, not refused. On the embedded store they are appended IMPORT_BATCH at a time,
   * each batch in one transaction.
   */
  import(userId: string, videos: readonly { index: number; video: VideoToPublish }[]): Promise<ImportOutcome> {
    return runAsCommand('ImportCatalogue', () => this.importAll(userId, videos));
  }

  private async importAll(userId: string, videos: readonly { index: number; video: VideoToPublish }[]): Promise<ImportOutcome> {
    const outcome: ImportOutcome = { added: [], skipped: [] };
    const seen = new Set<string>();
    const fresh: { index: number; video: VideoToPublish }[] = [];
    for (const entry of videos) {
      const id = entry.video.videoId;
      if (seen.has(id) || this.projection.state.videos.has(id)) {
        outcome.skipped.push({ index: entry.index, _id: id, reason: seen.has(id) ? 'twice in this import' : 'already in the catalogue' });
      } else fresh.push(entry);
      seen.add(id);
    }
    let last: bigint | undefined;
    for (let start = 0; start < fresh.length; start += IMPORT_BATCH) {
      // Requests get a turn between batches (deciding and handing over one is a few milliseconds of work).
      if (start > 0) await yieldToIo();
      const batch = fresh.slice(start, start + IMPORT_BATCH);
      last = (await this.appendBatch(userId, batch, outcome)) ?? last;
    }
    await this.shown(last);
    return outcome;
  }

  async createCategory(userId: string, names: CategoryNames, description?: string) {
    this.assertNamesFree(names);
    const categoryId = randomUUID();
    await this.category({ type: 'CreateCategory', userId, categoryId, names, description });
    return categoryId;
  }

  async changeCategory(userId: string, categoryId: string, names?: CategoryNames, description?: string) {
    if (names) {
      this.assertNamesFree(names, categoryId);
      await this.category({ type: 'RenameCategory', userId, categoryId, names });
    }
    if (description !== undefined) await this.category({ type: 'DescribeCategory', userId, categoryId, description });
  }

  async removeCategory(userId: string, categoryId: string) {
    if (this.catalogue.categoryVideoCount(categoryId) > 0) throw new DomainError('CATEGORY_NOT_EMPTY');
    await this.category({ type: 'RemoveCategory', userId, categoryId });
  }

  private assertNamesFree(names: CategoryNames, except?: string): void {
    const taken = this.catalogue
      .categories()
      .some(
        (category) =>
          category._id !== except && (category.slug === names.slug || category.categoryName.toLowerCase() === names.name.toLowerCase()),
      );
    if (taken) throw new DomainError('CATEGORY_EXISTS');
  }

  private async video(command: VideoCommand) {
    const result = await runAsCommand(command.type, () => this.runner.run(videoList.streamOf(command), videoList, command));
    await this.shown(result.position);
    return result;
  }

  private async category(command: CategoryCommand) {
    const result = await runAsCommand(command.type, () => this.runner.run(categoryList.streamOf(command), categoryList, command));
    await this.shown(result.position);
  }

  private async shown(position: bigint | undefined): Promise<void> {
    recordCommittedWrite(position);
    await this.projection.waitFor(position);
  }

  /** One batch: in one transaction where the store can; one publication at a time where it cannot, or when the batch met a race. */
  private async appendBatch(userId: string, batch: readonly { index: number; video: VideoToPublish }[], outcome: ImportOutcome) {
    const events = batch.map(({ video }) => videoList.decide({ type: 'PublishVideo', userId, video }, videoList.initialState()));
    if (canAppendBatches(this.store)) {
      try {
        const results = await this.store.appendBatch(
          batch.map(({ video }, i) => ({
            stream: streams.video(video.videoId),
            events: events[i]!,
            expectedRevision: 'no_stream' as const,
          })),
        );
        outcome.added.push(...batch.map(({ video }) => video.videoId));
        return results[results.length - 1]?.position;
      } catch (error) {
        // Another writer published one of these meanwhile: take them one by one, skipping what is there.
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    let last: bigint | undefined;
    for (let start = 0; start < batch.length; start += IMPORT_CONCURRENCY) {
      const results = await Promise.all(
        batch.slice(start, start + IMPORT_CONCURRENCY).map(async ({ index, video }) => {
          try {
            const result = await this.runner.run(streams.video(video.videoId), videoList, { type: 'PublishVideo', userId, video });
            outcome.added.push(video.videoId);
            return result.position;
          } catch (error) {
            if (!(error instanceof DomainError && error.code === 'VIDEO_EXISTS')) throw error;
            outcome.skipped.push({ index, _id: video.videoId, reason: 'already in the catalogue' });
            return undefined;
          }
        }),
      );
      for (const position of results) if (position !== undefined && (last === undefined || position > last)) last = position;
    }
    return last;
  }
}

/** A category's names from what an operator typed: the slug from the name unless given, the title the name unless given. */
export function categoryNames(name: string, slug?: string, title?: string): CategoryNames {
  return { name, slug: slug ?? channelSlug(name), title: title ?? name };
}
