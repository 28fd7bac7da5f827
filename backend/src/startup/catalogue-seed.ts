import { Injectable, Logger } from '@nestjs/common';
import { CommandRunner } from '../commands/shared/command-runner';
import { DomainError } from '../errors/domain-error';
import { CATALOGUE_SEED } from '../events/app-events';
import { categoryList, CategoryCommand } from '../domain/category/category.list';
import { videoList, VideoCommand } from '../domain/video/video.list';
import { CATEGORIES, VIDEOS } from '../catalogue/catalogue.data';
import { channelSlug } from '../catalogue/channels';
import { parseCount } from '../catalogue/display-count';

/** The shipped categories as commands: a category's slug is its name's, its title its name. */
const SEED_CATEGORY_COMMANDS: readonly CategoryCommand[] = CATEGORIES.map((category) => ({
  type: 'CreateCategory',
  userId: CATALOGUE_SEED,
  categoryId: category._id,
  names: { name: category.categoryName, slug: channelSlug(category.categoryName), title: category.categoryName },
}));

const categoryIdOf = new Map(CATEGORIES.map((category) => [category.categoryName, category._id]));

/**
 * The shipped videos as commands, each published a day after the one before it (from 2022-01-01) so
 * that "newest" orders them as the seed lists them, newest last. Their published figures become the base
 * their display strings add the counts to.
 */
const SEED_VIDEO_COMMANDS: readonly VideoCommand[] = VIDEOS.map((video, index) => ({
  type: 'PublishVideo',
  userId: CATALOGUE_SEED,
  video: {
    videoId: video._id,
    title: video.title,
    description: video.description,
    channel: video.channel,
    categoryId: categoryIdOf.get(video.category)!,
    duration: video.duration,
    thumbnail: video.thumbnail,
    publishedAt: new Date(Date.UTC(2022, 0, 1 + index)).toISOString(),
    baseLikes: parseCount(video.likes),
    baseViews: parseCount(video.views),
  },
}));

/**
 * Puts the shipped catalogue in the log: each category and video is published to its own stream unless
 * that stream exists, so on an empty store it happens once, on a store written before the catalogue was
 * in the log it happens at the first start of this version, and never again — a retired seed video
 * stays retired, an edited one keeps its edits.
 */
@Injectable()
export class CatalogueSeed {
  private readonly logger = new Logger(CatalogueSeed.name);

  constructor(private readonly runner: CommandRunner) {}

  async ensure(): Promise<void> {
    let published = 0;
    for (const command of SEED_CATEGORY_COMMANDS) {
      if (await this.once(() => this.runner.run(categoryList.streamOf(command), categoryList, command), 'CATEGORY_EXISTS')) published++;
    }
    for (const command of SEED_VIDEO_COMMANDS) {
      if (await this.once(() => this.runner.run(videoList.streamOf(command), videoList, command), 'VIDEO_EXISTS')) published++;
    }
    if (published > 0) this.logger.log(`Put ${published} categories and videos of the shipped catalogue in the log`);
  }

  /** Runs a creation; true when it created, false when it was there already. */
  private async once(create: () => Promise<unknown>, exists: 'CATEGORY_EXISTS' | 'VIDEO_EXISTS'): Promise<boolean> {
    try {
      await create();
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === exists) return false;
      throw error;
    }
  }
}
