import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Category } from '../catalogue/catalogue.types';
import { thumbnailOf, youtubeId } from '../catalogue/youtube-link';
import type { VideoToPublish } from '../domain/video/video.list';
import type { VideoFields } from '../events/app-events';
import { validationMessages } from '../errors/validation.pipe';
import { CatalogueVideoChanges, CatalogueVideoInput } from './dto/catalogue-video.dto';

type Read<T> = { readonly ok: T; readonly errors?: undefined } | { readonly ok?: undefined; readonly errors: string[] };
type FindCategory = (reference: string) => Category | undefined;

const OPTIONS = { whitelist: true, forbidUnknownValues: true } as const;

function check<T extends object>(type: new () => T, raw: unknown): { input: T; errors: string[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { input: new type(), errors: ['video must be an object'] };
  const input = plainToInstance(type, raw);
  return { input, errors: validationMessages(validateSync(input, OPTIONS)) };
}

function categoryOf(reference: string | undefined, find: FindCategory, errors: string[]): string | undefined {
  if (typeof reference !== 'string') return undefined;
  const category = find(reference);
  if (!category) errors.push('category must name an existing category (its id, slug or name)');
  return category?._id;
}

/**
 * A new video as an operator gives it (one entry of an import, or POST /api/admin/videos' body), checked
 * by the rules of CatalogueVideoInput: the video to publish, or every rule it broke.
 */
export function readNewVideo(raw: unknown, findCategory: FindCategory, now: string): Read<VideoToPublish> {
  const { input, errors } = check(CatalogueVideoInput, raw);
  if (errors[0] === 'video must be an object') return { errors };
  let videoId = input._id;
  if (videoId === undefined) {
    if (input.url === undefined) errors.push('_id or url must name the video');
    else if ((videoId = youtubeId(input.url)) === undefined) errors.push('url must be a YouTube link or a video id');
  }
  const categoryId = categoryOf(input.category, findCategory, errors);
  if (errors.length > 0) return { errors };
  return {
    ok: {
      videoId: videoId!,
      title: input.title,
      description: input.description ?? '',
      channel: input.channel,
      categoryId: categoryId!,
      duration: input.duration,
      thumbnail: input.thumbnail ?? thumbnailOf(videoId!),
      publishedAt: now,
    },
  };
}

/** The fields a PATCH changes (any subset; the id stays), checked by the same rules. */
export function readVideoChanges(raw: unknown, findCategory: FindCategory): Read<Partial<VideoFields>> {
  const { input, errors } = check(CatalogueVideoChanges, raw);
  if (errors[0] === 'video must be an object') return { errors };
  const categoryId = categoryOf(input.category, findCategory, errors);
  if (errors.length > 0) return { errors };
  const { title, description, channel, duration, thumbnail } = input;
  const changes = { title, description, channel, categoryId, duration, thumbnail };
  return { ok: Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
}
