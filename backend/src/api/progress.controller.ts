import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { CatalogueService } from '../catalogue/catalogue.service';
import { ListCommand } from '../commands/list-command';
import { DomainError } from '../errors/domain-error';
import { progressList } from '../domain/progress/progress.list';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { timestamp } from '../shared/timestamp';
import { ProgressBodyDto } from './dto/progress-body.dto';
import { ApiRoute, ApiUserRoute, USER_READ_ERRORS, USER_WRITE_ERRORS } from './openapi/api-docs.decorators';
import { ProgressResponse } from './openapi/progress-schemas';
import { ReadYourWrites } from './read-your-writes';

/** Resume where you left off, on any device of the user. */
@ApiTags('progress')
@ApiUserRoute()
@Controller('user/progress')
@UnknownUserError('USER_NOT_FOUND')
export class ProgressController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly lists: UserListsReader,
    private readonly catalogue: CatalogueService,
  ) {}

  @Get()
  @ApiRoute('Where the user stopped each video, most recent first', 200, ProgressResponse, USER_READ_ERRORS)
  async progress(@CurrentUser() user: UserProfile) {
    return { progress: await this.lists.progress(user._id) };
  }

  @Put(':videoId')
  @ApiRoute('Report where playback is; near the end (last 30 s) it clears the video’s progress', 200, ProgressResponse, [
    'PROGRESS_BEYOND_DURATION',
    'VIDEO_NOT_FOUND',
    ...USER_WRITE_ERRORS,
  ])
  async report(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string, @Body() body: ProgressBodyDto) {
    const durationSeconds = this.catalogue.durationSeconds(videoId);
    if (body.seconds > durationSeconds) throw new DomainError('PROGRESS_BEYOND_DURATION');
    const command = {
      type: 'RecordProgress' as const,
      userId: user._id,
      videoId,
      seconds: Math.floor(body.seconds),
      durationSeconds,
      stopped: body.stopped === true,
      at: timestamp(),
    };
    await this.commands.execute(new ListCommand(progressList, command));
    return this.progress(user);
  }

  @Delete(':videoId')
  @ApiRoute(
    'Forget where the user stopped this video (“Remove from Continue watching”); nothing to forget is not an error',
    200,
    ProgressResponse,
    ['VIDEO_NOT_FOUND', ...USER_WRITE_ERRORS],
  )
  async forget(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
    // Unknown ids are refused like PUT's (404): only a catalogue video can have progress.
    this.catalogue.video(videoId);
    await this.commands.execute(new ListCommand(progressList, { type: 'ClearProgress', userId: user._id, videoId }));
    return this.progress(user);
  }
}
