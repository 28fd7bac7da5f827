import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/auth.guard';
import { OperatorOnly } from '../auth/operator.guard';
import { CataloguePages } from '../catalogue/catalogue-pages';
import { CatalogueService } from '../catalogue/catalogue.service';
import { CatalogueWrites } from '../commands/catalogue/catalogue-writes';
import { DomainError } from '../errors/domain-error';
import { ValidationFailed } from '../errors/validation-failed';
import type { UserProfile } from '../read-model/read-model.port';
import { CLOCK, Clock } from '../shared/clock';
import { TimeSlices } from '../shared/time-slices';
import { readNewVideo, readVideoChanges } from './catalogue-video-input';
import { AdminVideoQueryDto, IMPORT_MAX_VIDEOS, ImportVideosBody, ImportVideosRequest, readImportBody } from './dto/admin-catalogue.dto';
import { CatalogueVideoBody, CatalogueVideoChangesBody } from './dto/catalogue-video.dto';
import { VIDEO_PAGE } from './dto/video-query.dto';
import { ApiRoute, ApiUserRoute, OPERATOR_READ_ERRORS, OPERATOR_WRITE_ERRORS } from './openapi/api-docs.decorators';
import { ImportVideosResponse, VideoResponse, VideosResponse } from './openapi/api-schemas';

/**
 * The catalogue's videos for operators (docs/design/catalogue.md, "Operator API"): publish, edit, retire,
 * restore and import, each an event of the video's stream naming the operator; answered once this
 * instance's catalogue shows the change.
 */
@ApiTags('admin')
@ApiUserRoute()
@OperatorOnly()
@Controller('admin/videos')
export class AdminVideosController {
  constructor(
    private readonly writes: CatalogueWrites,
    private readonly catalogue: CatalogueService,
    private readonly pages: CataloguePages,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiRoute('Every video, retired ones too, for the studio', 200, VideosResponse, [
    ...OPERATOR_READ_ERRORS,
    'CATEGORY_NOT_FOUND',
    'INVALID_CURSOR',
  ])
  list(@Query() query: AdminVideoQueryDto) {
    const words = query.q?.trim() ? query.q.trim() : undefined;
    return this.pages.page({
      q: words,
      categoryId: query.category === undefined ? undefined : this.catalogue.filterCategory(query.category)._id,
      sort: query.sort ?? (words ? 'relevance' : 'newest'),
      status: query.status ?? 'all',
      limit: query.limit === undefined ? VIDEO_PAGE.default : Number(query.limit),
      cursor: query.cursor,
    });
  }

  @Post()
  @ApiRoute('Publish a video', 201, VideoResponse, [...OPERATOR_WRITE_ERRORS, 'VIDEO_EXISTS', 'CATEGORY_NOT_FOUND'])
  async publish(@CurrentUser() user: UserProfile, @Body() body: CatalogueVideoBody) {
    const read = readNewVideo(body.video, (reference) => this.catalogue.findCategory(reference), this.now());
    if (read.errors) throw new ValidationFailed(read.errors.map((message) => `video.${message}`));
    await this.writes.publish(user._id, read.ok);
    return { video: this.catalogue.anyVideo(read.ok.videoId) };
  }

  @Post('import')
  @HttpCode(200)
  // Its 413 is its own, for too many videos and for a body over its 8 MB alike (http/body-limits.ts).
  @ApiRoute('Publish many videos: what was added, skipped and refused', 200, ImportVideosResponse, [
    ...OPERATOR_WRITE_ERRORS.filter((code) => code !== 'BODY_TOO_LARGE'),
    'CATALOGUE_IMPORT_TOO_LARGE',
  ])
  @ApiBody({ type: ImportVideosBody })
  async import(@CurrentUser() user: UserProfile, @Body() raw: ImportVideosRequest) {
    const body = readImportBody(raw);
    if (body.videos.length > IMPORT_MAX_VIDEOS) throw new DomainError('CATALOGUE_IMPORT_TOO_LARGE');
    const now = this.now();
    const refused: { index: number; errors: string[] }[] = [];
    const valid: { index: number; video: NonNullable<ReturnType<typeof readNewVideo>['ok']> }[] = [];
    // Other requests get a turn every few milliseconds: 10 000 entries read at once would hold every reader for as long.
    const slices = new TimeSlices();
    for (let index = 0; index < body.videos.length; index++) {
      await slices.pass();
      const read = readNewVideo(body.videos[index], (reference) => this.catalogue.findCategory(reference), now);
      if (read.errors) refused.push({ index, errors: read.errors });
      else valid.push({ index, video: read.ok });
    }
    const outcome = await this.writes.import(user._id, valid);
    return { ...outcome, refused };
  }

  @Patch(':videoId')
  @ApiRoute('Change any of a video’s fields', 200, VideoResponse, [...OPERATOR_WRITE_ERRORS, 'VIDEO_NOT_FOUND', 'CATEGORY_NOT_FOUND'])
  async edit(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string, @Body() body: CatalogueVideoChangesBody) {
    const read = readVideoChanges(body.video, (reference) => this.catalogue.findCategory(reference));
    if (read.errors) throw new ValidationFailed(read.errors.map((message) => `video.${message}`));
    await this.writes.edit(user._id, videoId, read.ok);
    return { video: this.catalogue.anyVideo(videoId) };
  }

  @Delete(':videoId')
  @ApiRoute('Retire a video: it leaves the catalogue, users’ lists keep it as unavailable', 200, VideoResponse, [
    ...OPERATOR_WRITE_ERRORS,
    'VIDEO_NOT_FOUND',
  ])
  async retire(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
    await this.writes.retire(user._id, videoId);
    return { video: this.catalogue.anyVideo(videoId) };
  }

  @Post(':videoId/restore')
  @HttpCode(200)
  @ApiRoute('Bring a retired video back, with its counts; refused while its category is removed', 200, VideoResponse, [
    ...OPERATOR_WRITE_ERRORS,
    'VIDEO_NOT_FOUND',
    'VIDEO_CATEGORY_REMOVED',
  ])
  async restore(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
    await this.writes.restore(user._id, videoId);
    return { video: this.catalogue.anyVideo(videoId) };
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
