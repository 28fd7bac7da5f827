import { Injectable } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { CATEGORIES, VIDEOS } from './catalogue.data';
import { Category, CategoryWithVideos, Video } from './catalogue.types';

/** Server-owned reference data. Events name videos by id; reads hydrate them from here. */
@Injectable()
export class CatalogueService {
  private readonly videosById = new Map(VIDEOS.map((video) => [video._id, video]));
  private readonly categoriesById = new Map(CATEGORIES.map((category) => [category._id, category]));

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
