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
import { CategoryLocks } from './category-locks';

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
 * list shows and either can correct. A category is removed only when no video names it, retired ones
 * included, and no write puts a video into a category that is gone (docs/design/catalogue.md, "Categories
 * and their videos"): within this instance the two wait for each other (CategoryLocks), and each first
 * catches up with the store, so that what another instance wrote before counts too.
 */
@Injectable()
export class CatalogueWrites {
  constructor(
    private readonly runner: CommandRunner,
    private readonly projection: CatalogueProjection,
    private readonly catalogue: CatalogueService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  private readonly locks = new CategoryLocks();

  publish(userId: string, video: VideoToPublish) {
    return this.placing([video.categoryId], () => this.video({ type: 'PublishVideo', userId, video }));
  }

  edit(userId: string, videoId: string, changes: Partial<VideoFields>) {
    const into = changes.categoryId === undefined ? [] : [changes.categoryId];
    return this.placing(into, () => this.video({ type: 'EditVideo', userId, videoId, changes }));
  }

  retire(userId: string, videoId: string) {
    return this.video({ type: 'RetireVideo', userId, videoId });
  }

  /** Refused (409 VIDEO_CATEGORY_REMOVED, naming it) while the video's category is gone: edit its category first. */
  async restore(userId: string, videoId: string) {
    const categoryId = this.projection.state.videos.get(videoId)?.fields.categoryId;
    try {
      // The decider checks the category the video's own stream names against those there are now.
      return await this.placing(
        categoryId === undefined ? [] : [categoryId],
        () => this.video({ type: 'RestoreVideo', userId, videoId, categories: this.projection.state.categories }),
        { checked: false },
      );
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'VIDEO_CATEGORY_REMOVED')) throw error;
      throw new DomainError('VIDEO_CATEGORY_REMOVED', { category: await this.removedCategory(error.details!.category as { _id: string }) });
    }
  }

  /**
   * Publishes every video not in the catalogue yet, in the order given; an id already there (or twice in
   * the import) is skipped, not refused. On the embedded store they are appended IMPORT_BATCH at a time,
   * each batch in one transaction.
   */
  import(userId: string, videos: readonly { index: number; video: VideoToPublish }[]): Promise<ImportOutcome> {
    return runAsCommand('ImportCatalogue', () =>
      this.placing(
        videos.map(({ video }) => video.categoryId),
        async () => {
          // A category removed since the request was read: its entries are skipped, never published into it.
          const { categories } = this.projection.state;
          const gone = videos.filter(({ video }) => !categories.has(video.categoryId));
          const outcome = await this.importAll(
            userId,
            gone.length === 0 ? videos : videos.filter(({ video }) => categories.has(video.categoryId)),
          );
          if (gone.length === 0) return outcome;
          outcome.skipped.push(...gone.map(({ index, video }) => ({ index, _id: video.videoId, reason: 'its category was removed' })));
          outcome.skipped.sort((a, b) => a.index - b.index);
          return outcome;
        },
        { checked: false },
      ),
    );
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

  /** Refused (409 CATEGORY_NOT_EMPTY, with how many) while any video names the category, a retired one too. */
  removeCategory(userId: string, categoryId: string) {
    return this.locks.removing(categoryId, async () => {
      await this.caughtUp();
      const videos = this.catalogue.categoryUse(categoryId);
      if (videos.published + videos.retired > 0) throw new DomainError('CATEGORY_NOT_EMPTY', { videos });
      await this.category({ type: 'RemoveCategory', userId, categoryId });
    });
  }

  /**
   * A name or slug another category has is taken (409 CATEGORY_EXISTS); one that is another category's id,
   * slug or name in any other role is ambiguous (409 CATEGORY_NAME_AMBIGUOUS): looked up by id, slug or
   * name (CatalogueService.findCategory), it would reach that other category.
   */
  private assertNamesFree(names: CategoryNames, except?: string): void {
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    const others = this.catalogue.categories().filter((category) => category._id !== except);
    if (others.some((other) => other.slug === names.slug || same(other.categoryName, names.name))) throw new DomainError('CATEGORY_EXISTS');
    const ambiguous = others.some((other) =>
      [other._id, other.slug, other.categoryName].some((reference) => same(reference, names.name) || same(reference, names.slug)),
    );
    if (ambiguous) throw new DomainError('CATEGORY_NAME_AMBIGUOUS');
  }

  /**
   * Runs a write that puts videos into `categoryIds` (CategoryLocks), once this instance's catalogue has
   * caught up with the store; with `checked`, it is refused (404) if one of them is gone by then.
   */
  private placing<T>(categoryIds: readonly string[], work: () => Promise<T>, { checked = true } = {}): Promise<T> {
    if (categoryIds.length === 0) return work();
    return this.locks.placing(categoryIds, async () => {
      await this.caughtUp();
      if (checked && categoryIds.some((id) => !this.projection.state.categories.has(id))) throw new DomainError('CATEGORY_NOT_FOUND');
      return work();
    });
  }

  /** This instance's catalogue shows everything the store held a moment ago, whichever instance wrote it. */
  private async caughtUp(): Promise<void> {
    await this.projection.waitFor(await this.store.headPosition());
  }

  /** A removed category as its own stream last named it, for the answer that refuses a restore into it. */
  private async removedCategory({ _id }: { _id: string }) {
    const names = (await this.runner.load(streams.category(_id), categoryList))?.state.names;
    return { _id, ...(names && { categoryName: names.name, slug: names.slug, title: names.title }) };
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
