import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';
import { CatalogueService } from './catalogue.service';
import { InvalidCursorError, decodeCursor, encodeCursor } from './search/cursor';
import type { VideoQuery } from './search/search-types';

/** A page request as the API takes it: the query, and the `next` of the page before (opaque). */
export type PageRequest = Omit<VideoQuery, 'after'> & { readonly cursor?: string };

/** A page as GET /api/videos is asked for it: words, a category's slug or id, an order (docs/api.md, "Catalogue"). */
export interface AskedPage {
  readonly q?: string;
  readonly category?: string;
  readonly sort?: Exclude<VideoQuery['sort'], 'relevance' | 'catalogue'>;
  readonly limit: number;
  readonly cursor?: string;
}

/**
 * Pages of the catalogue with opaque cursors: each `next` is signed with a key every instance derives
 * from the app's secret, and bound to the query it came from, so that a forged cursor, or one reused with
 * another query, is a 400 rather than a page of something else.
 */
@Injectable()
export class CataloguePages {
  private readonly secret: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly catalogue: CatalogueService,
  ) {
    this.secret = createHmac('sha256', config.jwtSecret).update('catalogue cursors').digest();
  }

  /**
   * The page GET /api/videos answers for these parameters: the words trimmed (none when blank), the category
   * found by id, slug or name (CATEGORY_NOT_FOUND otherwise), relevance order for a search and catalogue order else.
   */
  asked({ q, category, sort, limit, cursor }: AskedPage) {
    const words = q?.trim() ? q.trim() : undefined;
    return this.page({
      q: words,
      categoryId: category === undefined ? undefined : this.catalogue.filterCategory(category)._id,
      sort: sort ?? (words ? 'relevance' : 'catalogue'),
      limit,
      cursor,
    });
  }

  page({ cursor, ...query }: PageRequest) {
    const binding = { q: query.q, categoryId: query.categoryId, sort: query.sort, status: query.status };
    let after;
    if (cursor !== undefined) {
      try {
        after = decodeCursor(cursor, binding, this.secret);
      } catch (error) {
        if (error instanceof InvalidCursorError) throw new DomainError('INVALID_CURSOR');
        throw error;
      }
    }
    const page = this.catalogue.page({ ...query, after });
    return { videos: page.videos, next: page.next ? encodeCursor(page.next, binding, this.secret) : null };
  }
}
