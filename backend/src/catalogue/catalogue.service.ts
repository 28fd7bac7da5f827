import { Injectable } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { Category, ListedVideo, Video } from './catalogue.types';
import { AheadOfRequests } from './ahead-of-requests';
import { Channel, channelSlug } from './channels';
import { channelAvatar } from './channel-avatar';
import { CatalogueProjection } from './catalogue-projection';
import type { CategoryRecord, VideoRecord } from './catalogue-state';
import { formatCount } from './display-count';
import { shownThumbnail } from './thumbnails';
import type { VideoQuery } from './search/search-types';

/**
 * The catalogue as the API answers it, read from the catalogue this instance holds
 * (catalogue-projection.ts). Events name videos by id; every read hydrates them from here. Answers are
 * built once per change of their video, frozen and kept, and their JSON encoded once (`bytesOf`, for the
 * reply serializer: http/json-reply.ts); both are made soon after the change, before a request asks
 * (ahead-of-requests.ts).
 */
@Injectable()
export class CatalogueService {
  private readonly answers = new Map<string, Video>();
  private readonly listed = new Map<string, ListedVideo>();
  private readonly json = new WeakMap<object, Buffer>();
  private readonly own = new WeakSet<object>();
  private readonly avatars = new Map<string, string>();
  private publishedCache: { version: number; records: readonly VideoRecord[] } | undefined;
  private channelCache: { version: number; channels: Channel[]; byId: Map<string, Channel> } | undefined;

  private readonly ahead = new AheadOfRequests(
    (videoId) => {
      const record = this.projection.state.videos.get(videoId);
      if (record !== undefined && !record.retired) this.bytesOf(this.answer(record));
    },
    () => this.projection.state.videos.keys(),
  );

  constructor(private readonly projection: CatalogueProjection) {
    projection.onChange((videoId) => {
      if (videoId === undefined) {
        this.answers.clear();
        this.listed.clear();
      } else {
        this.answers.delete(videoId);
        this.listed.delete(videoId);
      }
      this.ahead.changed(videoId);
    });
  }

  /** Moves with every change of any answer this service gives. */
  get version(): number {
    return this.projection.version;
  }

  /**
   * Videos in the order a query asks for, and the key of the page after. With `status` (the studio's
   * view, retired ones included) each says whether it is `available`.
   */
  page(query: VideoQuery) {
    const page = this.projection.search.query(query);
    const videos: (Video | ListedVideo)[] = page.ids.map((id) => {
      const record = this.record(id);
      return query.status === undefined ? this.answer(record) : this.listedAnswer(record);
    });
    return { videos, next: page.next };
  }

  categories(): Category[] {
    return [...this.projection.state.categories.values()].sort((a, b) => a.seq - b.seq).map((category) => categoryAnswer(category));
  }

  hasVideo(videoId: string): boolean {
    return this.projection.state.videos.get(videoId)?.retired === false;
  }

  /** A published video; 404 for an id never published, 410 for a retired one. */
  video(videoId: string): Video {
    const record = this.projection.state.videos.get(videoId);
    if (!record) throw new DomainError('VIDEO_NOT_FOUND');
    // The tombstone comes with the 410, so that a page linked to the video can still name what it was.
    if (record.retired) throw new DomainError('VIDEO_RETIRED', { video: this.listedAnswer(record) });
    return this.answer(record);
  }

  /** Any video ever published, retired ones too (the studio's view). */
  anyVideo(videoId: string): ListedVideo {
    const record = this.projection.state.videos.get(videoId);
    if (!record) throw new DomainError('VIDEO_NOT_FOUND');
    return this.listedAnswer(record);
  }

  /** A category by its id or its slug. */
  category(idOrSlug: string): Category {
    const record = this.categoryRecord(idOrSlug);
    if (!record) throw new DomainError('CATEGORY_NOT_FOUND');
    return categoryAnswer(record);
  }

  /**
   * The category a filter names (`GET /api/videos?category=`): its id, its slug, or its name in any case, as
   * videos carry it (`Television`); CATEGORY_NOT_FOUND otherwise. No name may equal another category's id or
   * slug, so each of them names one category.
   */
  filterCategory(reference: string): Category {
    const category = this.findCategory(reference);
    if (!category) throw new DomainError('CATEGORY_NOT_FOUND');
    return category;
  }

  /** A category by id, slug or name (what an operator may type), or undefined. */
  findCategory(reference: string): Category | undefined {
    const record =
      this.categoryRecord(reference) ??
      [...this.projection.state.categories.values()].find((category) => category.names.name.toLowerCase() === reference.toLowerCase());
    return record && categoryAnswer(record);
  }

  /**
   * How many videos name a category, published and retired: a category is removed only when none does
   * (docs/design/catalogue.md, "Categories and their videos").
   */
  categoryUse(categoryId: string): { published: number; retired: number } {
    const use = { published: 0, retired: 0 };
    for (const record of this.projection.state.videos.values()) {
      if (record.fields.categoryId === categoryId) use[record.retired ? 'retired' : 'published']++;
    }
    return use;
  }

  channels(): readonly Channel[] {
    return this.channelIndex().channels;
  }

  channel(channelId: string): Channel {
    const channel = this.channelIndex().byId.get(channelId);
    if (!channel) throw new DomainError('CHANNEL_NOT_FOUND');
    return channel;
  }

  /** The published videos of these channels (ids), in catalogue order. */
  videosOfChannels(channelIds: readonly string[]): Video[] {
    const wanted = new Set(channelIds);
    return this.published()
      .filter((record) => wanted.has(channelSlug(record.fields.channel)))
      .map((record) => this.answer(record));
  }

  /** Duration in seconds ("10:24" → 624; "1:02:03" → 3723). */
  durationSeconds(videoId: string): number {
    return this.video(videoId)
      .duration.split(':')
      .reduce((total, part) => total * 60 + Number(part), 0);
  }

  /**
   * Videos for ids, in the same order, as a user's list shows them: a retired one as its tombstone
   * (`available: false`); ids never published are dropped.
   */
  hydrate(videoIds: readonly string[]): ListedVideo[] {
    const videos: ListedVideo[] = [];
    for (const id of videoIds) {
      const record = this.projection.state.videos.get(id);
      if (record) videos.push(this.listedAnswer(record));
    }
    return videos;
  }

  /** The published videos in catalogue order, kept until a video changes (counts do not move it). */
  private published(): readonly VideoRecord[] {
    const version = this.projection.shapeVersion;
    if (this.publishedCache?.version !== version) {
      const records = [...this.projection.state.videos.values()].filter((record) => !record.retired).sort((a, b) => a.seq - b.seq);
      this.publishedCache = { version, records };
    }
    return this.publishedCache.records;
  }

  private record(videoId: string): VideoRecord {
    return this.projection.state.videos.get(videoId)!;
  }

  private categoryRecord(idOrSlug: string): CategoryRecord | undefined {
    const { categories } = this.projection.state;
    return categories.get(idOrSlug) ?? [...categories.values()].find((category) => category.names.slug === idOrSlug);
  }

  private answer(record: VideoRecord): Video {
    const cached = this.answers.get(record.id);
    if (cached) return cached;
    const { fields } = record;
    const category = this.projection.state.categories.get(fields.categoryId);
    const { likeCount, viewCount } = this.projection.state.counts(record.id);
    const video: Video = {
      _id: record.id,
      title: fields.title,
      description: fields.description,
      channel: fields.channel,
      likes: formatCount(record.baseLikes + likeCount),
      likeCount,
      category: category?.names.name ?? '',
      categoryName: category?.names.slug ?? '',
      categoryId: fields.categoryId,
      duration: fields.duration,
      views: formatCount(record.baseViews + viewCount),
      viewCount,
      publishedAt: record.publishedAt,
      // One the page's policy blocks (stored before docs/design/catalogue.md's thumbnail rule) shows the video's own.
      thumbnail: shownThumbnail(record.id, fields.thumbnail),
      channelAvatar: this.avatar(fields.channel),
      channelId: channelSlug(fields.channel),
      creator: fields.channel,
      id: record.id,
    };
    this.answers.set(record.id, Object.freeze(video));
    this.own.add(video);
    return video;
  }

  private listedAnswer(record: VideoRecord): ListedVideo {
    let video = this.listed.get(record.id);
    if (!video) {
      video = Object.freeze({ ...this.answer(record), available: !record.retired });
      this.listed.set(record.id, video);
      this.own.add(video);
    }
    return video;
  }

  /** The JSON of an answer this service made (frozen: it cannot change), encoded once; undefined for any other object. */
  bytesOf(value: object): Buffer | undefined {
    if (!this.own.has(value)) return undefined;
    let bytes = this.json.get(value);
    if (!bytes) this.json.set(value, (bytes = Buffer.from(JSON.stringify(value), 'utf8')));
    return bytes;
  }

  private avatar(channel: string): string {
    let avatar = this.avatars.get(channel);
    if (avatar === undefined) this.avatars.set(channel, (avatar = channelAvatar(channel)));
    return avatar;
  }

  /** The channels of the published videos, in the order their first video appears; rebuilt after a change. */
  private channelIndex() {
    const version = this.projection.shapeVersion;
    if (this.channelCache?.version === version) return this.channelCache;
    const channels = new Map<string, Channel>();
    for (const record of this.published()) {
      const name = record.fields.channel;
      const _id = channelSlug(name);
      const known = channels.get(_id);
      channels.set(_id, { _id, name, avatar: this.avatar(name), videoCount: (known?.videoCount ?? 0) + 1 });
    }
    const list = [...channels.values()];
    this.channelCache = { version, channels: list, byId: new Map(list.map((channel) => [channel._id, channel])) };
    return this.channelCache;
  }
}

function categoryAnswer(record: CategoryRecord): Category {
  return {
    _id: record.id,
    categoryName: record.names.name,
    slug: record.names.slug,
    title: record.names.title,
    description: record.description,
  };
}
