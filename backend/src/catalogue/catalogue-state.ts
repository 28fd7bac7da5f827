import type { StoredEvent } from '../events/event';
import type { AppEvent, CategoryNames, VideoFields } from '../events/app-events';
import { isAppEvent } from '../domain/all-lists';

/** One video as the catalogue holds it: retired ones stay, as the tombstones users' lists show. */
export interface VideoRecord {
  readonly id: string;
  readonly fields: VideoFields;
  readonly publishedAt: string;
  /** Catalogue order: the order videos were first published in. */
  readonly seq: number;
  readonly retired: boolean;
  readonly baseLikes: number;
  readonly baseViews: number;
}

export interface CategoryRecord {
  readonly id: string;
  readonly names: CategoryNames;
  readonly description: string;
  /** The order categories were created in. */
  readonly seq: number;
}

export interface VideoCountsRecord {
  readonly likeCount: number;
  readonly viewCount: number;
}

/** What the search index and the answer caches hear of each change. */
export interface CatalogueListener {
  videoChanged(video: VideoRecord): void;
  countsChanged(videoId: string): void;
  categoriesChanged(): void;
}

/**
 * The catalogue folded from the log (docs/design/catalogue.md, "The catalogue read side"): videos,
 * categories and the counts. Likes are kept as who likes what, not as numbers, so that a repeated
 * event changes nothing and an erased account takes exactly its likes away; likes and views of a video
 * are kept even before its VideoPublished (a store written before the catalogue was in the log has its
 * users' likes first and the seed's publication after them).
 */
export class CatalogueState {
  readonly videos = new Map<string, VideoRecord>();
  readonly categories = new Map<string, CategoryRecord>();
  private readonly likers = new Map<string, Set<string>>();
  private readonly likedBy = new Map<string, Set<string>>();
  private readonly views = new Map<string, number>();
  private videoSeq = 0;
  private categorySeq = 0;

  constructor(private readonly listener: CatalogueListener) {}

  counts(videoId: string): VideoCountsRecord {
    return { likeCount: this.likers.get(videoId)?.size ?? 0, viewCount: this.views.get(videoId) ?? 0 };
  }

  apply(event: StoredEvent): void {
    if (!isAppEvent(event)) return;
    this.applyAppEvent(event);
  }

  private applyAppEvent(event: StoredEvent<AppEvent>): void {
    switch (event.type) {
      case 'VideoPublished': {
        const { videoId, publishedAt, baseLikes, baseViews, title, description, channel, categoryId, duration, thumbnail } = event.data;
        const fields = { title, description, channel, categoryId, duration, thumbnail };
        this.setVideo({
          id: videoId,
          fields,
          publishedAt,
          seq: this.videoSeq++,
          retired: false,
          baseLikes: baseLikes ?? 0,
          baseViews: baseViews ?? 0,
        });
        return;
      }
      case 'VideoEdited': {
        const video = this.videos.get(event.data.videoId);
        if (!video) return;
        const { userId: _by, videoId: _id, ...changes } = event.data;
        this.setVideo({ ...video, fields: { ...video.fields, ...changes } });
        return;
      }
      case 'VideoRetired':
      case 'VideoRestored': {
        const video = this.videos.get(event.data.videoId);
        if (video) this.setVideo({ ...video, retired: event.type === 'VideoRetired' });
        return;
      }
      case 'CategoryCreated': {
        const { categoryId, name, slug, title, description } = event.data;
        this.setCategory({ id: categoryId, names: { name, slug, title }, description: description ?? '', seq: this.categorySeq++ });
        return;
      }
      case 'CategoryRenamed': {
        const category = this.categories.get(event.data.categoryId);
        const { name, slug, title } = event.data;
        if (category) this.setCategory({ ...category, names: { name, slug, title } });
        return;
      }
      case 'CategoryDescribed': {
        const category = this.categories.get(event.data.categoryId);
        if (category) this.setCategory({ ...category, description: event.data.description });
        return;
      }
      case 'CategoryRemoved':
        this.categories.delete(event.data.categoryId);
        this.listener.categoriesChanged();
        return;
      case 'VideoLiked':
        return this.setLike(event.data.userId, event.data.videoId, true);
      case 'VideoUnliked':
        return this.setLike(event.data.userId, event.data.videoId, false);
      case 'AccountDeleted':
        for (const videoId of [...(this.likedBy.get(event.data.userId) ?? [])]) this.setLike(event.data.userId, videoId, false);
        return;
      case 'VideoViewed':
        this.views.set(event.data.videoId, (this.views.get(event.data.videoId) ?? 0) + 1);
        this.listener.countsChanged(event.data.videoId);
        return;
      default:
        return;
    }
  }

  private setVideo(video: VideoRecord): void {
    this.videos.set(video.id, video);
    this.listener.videoChanged(video);
  }

  private setCategory(category: CategoryRecord): void {
    this.categories.set(category.id, category);
    this.listener.categoriesChanged();
  }

  private setLike(userId: string, videoId: string, liked: boolean): void {
    const likers = this.likers.get(videoId) ?? new Set<string>();
    const likes = this.likedBy.get(userId) ?? new Set<string>();
    if (liked === likers.has(userId)) return;
    if (liked) {
      likers.add(userId);
      likes.add(videoId);
    } else {
      likers.delete(userId);
      likes.delete(videoId);
    }
    this.likers.set(videoId, likers);
    if (likes.size > 0) this.likedBy.set(userId, likes);
    else this.likedBy.delete(userId);
    this.listener.countsChanged(videoId);
  }
}
