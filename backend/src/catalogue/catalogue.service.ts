import { Injectable } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { CATEGORIES, VIDEOS } from './catalogue.data';
import { Category, CategoryWithVideos, Video } from './catalogue.types';
import { Channel, channelsOf } from './channels';

/** Server-owned reference data. Events name videos by id; reads hydrate them from here. */
@Injectable()
export class CatalogueService {
  private readonly videosById = new Map(VIDEOS.map((video) => [video._id, video]));
  private readonly categoriesById = new Map(CATEGORIES.map((category) => [category._id, category]));
  private readonly channelList = channelsOf(VIDEOS);
  private readonly channelsById = new Map(this.channelList.map((channel) => [channel._id, channel]));

  videos(): readonly Video[] {
    return VIDEOS;
  }

  categories(): readonly Category[] {
    return CATEGORIES;
  }

  hasVideo(videoId: string): boolean {
    return this.videosById.has(videoId);
  }

  video(videoId: string): Video {
    const video = this.videosById.get(videoId);
    if (!video) throw new DomainError('VIDEO_NOT_FOUND');
    return video;
  }

  category(categoryId: string): Category {
    const category = this.categoriesById.get(categoryId);
    if (!category) throw new DomainError('CATEGORY_NOT_FOUND');
    return category;
  }

  channels(): readonly Channel[] {
    return this.channelList;
  }

  channel(channelId: string): Channel {
    const channel = this.channelsById.get(channelId);
    if (!channel) throw new DomainError('CHANNEL_NOT_FOUND');
    return channel;
  }

  /** The videos of these channels (ids), in catalogue order. */
  videosOfChannels(channelIds: readonly string[]): Video[] {
    const wanted = new Set(channelIds);
    return VIDEOS.filter((video) => wanted.has(video.channelId));
  }

  /** Duration in seconds ("10:24" → 624; "1:02:03" → 3723). */
  durationSeconds(videoId: string): number {
    return this.video(videoId)
      .duration.split(':')
      .reduce((total, part) => total * 60 + Number(part), 0);
  }

  /** The category and its videos in catalogue order (a video's `category` is a category name). */
  categoryWithVideos(categoryId: string): CategoryWithVideos {
    const category = this.category(categoryId);
    return { ...category, videos: VIDEOS.filter((video) => video.category === category.categoryName) };
  }

  /** Full video objects for ids, in the same order; ids no longer in the catalogue are dropped. */
  hydrate(videoIds: readonly string[]): Video[] {
    const videos: Video[] = [];
    for (const id of videoIds) {
      const video = this.videosById.get(id);
      if (video) videos.push(video);
    }
    return videos;
  }
}
