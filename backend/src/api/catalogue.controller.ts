import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.guard';
import { CataloguePages } from '../catalogue/catalogue-pages';
import { CatalogueService } from '../catalogue/catalogue.service';
import { UNPAGED_VIDEOS, VIDEO_PAGE, VideoQueryDto } from './dto/video-query.dto';
import { ApiRoute } from './openapi/api-docs.decorators';
import { CategoriesResponse, CategoryResponse, VideoResponse, VideosResponse } from './openapi/api-schemas';

@ApiTags('catalogue')
@Controller()
@Public()
export class CatalogueController {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly pages: CataloguePages,
  ) {}

  /**
   * Without parameters, the template's answer `{ videos }`, bounded: the first UNPAGED_VIDEOS in catalogue
   * order, with `next` and a Link header to page on. With any of them, a page (docs/api.md, "Catalogue").
   */
  @Get('videos')
  @ApiRoute('Videos of the catalogue: search, filter, sort and pages', 200, VideosResponse, ['CATEGORY_NOT_FOUND', 'INVALID_CURSOR'])
  videos(@Query() query: VideoQueryDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { q, category, sort, limit, cursor } = query;
    const paged = [q, category, sort, limit, cursor].some((value) => value !== undefined);
    const page = this.pages.asked({
      q,
      category,
      sort,
      limit: limit === undefined ? (paged ? VIDEO_PAGE.default : UNPAGED_VIDEOS) : Number(limit),
      cursor,
    });
    if (page.next) void reply.header('link', `</api/videos?${nextQuery(query, page.next, paged)}>; rel="next"`);
    return page;
  }

  @Get('video/:videoId')
  @ApiRoute('One video', 200, VideoResponse, ['VIDEO_NOT_FOUND', 'VIDEO_RETIRED'])
  video(@Param('videoId') videoId: string) {
    return { video: this.catalogue.video(videoId) };
  }

  @Get('categories')
  @ApiRoute('All categories', 200, CategoriesResponse, [])
  categories() {
    return { categories: this.catalogue.categories() };
  }

  /**
   * The template's answer `{ category }` with the category's videos, bounded like the plain list: the first
   * UNPAGED_VIDEOS in catalogue order, then `next` and a Link header to page on through /api/videos.
   */
  @Get('categories/:categoryId')
  @ApiRoute('One category (by id or slug) with its first videos', 200, CategoryResponse, ['CATEGORY_NOT_FOUND'])
  category(@Param('categoryId') categoryId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const category = this.catalogue.category(categoryId);
    const page = this.pages.page({ categoryId: category._id, sort: 'catalogue', limit: UNPAGED_VIDEOS });
    if (page.next) {
      const query: VideoQueryDto = { category: category.slug };
      void reply.header('link', `</api/videos?${nextQuery(query, page.next, false)}>; rel="next"`);
    }
    return { category: { ...category, videos: page.videos }, next: page.next };
  }
}

/** The query of the next page: the same parameters with its cursor (and the page size the first answer used). */
function nextQuery(query: VideoQueryDto, cursor: string, paged: boolean): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && name !== 'cursor') params.set(name, String(value));
  if (!paged) params.set('limit', String(VIDEO_PAGE.max));
  params.set('cursor', cursor);
  return params.toString();
}
