import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { ListCommand } from '../commands/list-command';
import { HistoryCommand, historyList } from '../domain/history/history.list';
import { ReadYourWrites } from './read-your-writes';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { VideoBodyDto } from './dto/video-body.dto';
import { HistoryBeforeDto, HistorySearchDto } from './dto/history-query.dto';
import { parseInstant } from '../shared/iso-date-time';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute, ApiUserRoute, LIST_ADD_ERRORS, LIST_READ_ERRORS, USER_WRITE_ERRORS } from './openapi/api-docs.decorators';
import { HistoryResponse } from './openapi/api-schemas';
import { CLOCK, Clock } from '../shared/clock';

/**
 * The event says when it was watched (the app's clock), so removal by date never depends on the store's.
 * Recording a watch also applies the user's history auto-delete at that time (history.list.ts).
 */
const history = (command: HistoryCommand) => new ListCommand(historyList, command);

@ApiTags('history')
@ApiUserRoute()
@Controller('user/history')
@UnknownUserError('EMAIL_NOT_REGISTERED')
export class HistoryController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly lists: UserListsReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiRoute('Watch history, oldest first; with ?search= only videos whose title or channel contains it', 200, HistoryResponse, [
    'BAD_URL',
    ...LIST_READ_ERRORS,
  ])
  async search(@CurrentUser() user: UserProfile, @Query() query: HistorySearchDto) {
    return { history: await this.lists.search(user._id, 'history', query.search ?? '') };
  }

  private async history(user: UserProfile) {
    return { history: await this.lists.videos(user._id, 'history') };
  }

  @Post()
  @ApiRoute('Record a watched video (refused while the history is paused)', 201, HistoryResponse, [
    'ALREADY_IN_HISTORY',
    'HISTORY_PAUSED',
    'VIDEO_NOT_FOUND',
    ...LIST_ADD_ERRORS,
  ])
  @HttpCode(201)
  async record(@CurrentUser() user: UserProfile, @Body() body: VideoBodyDto) {
    await this.commands.execute(
      history({ type: 'AddVideo', userId: user._id, videoId: body.video._id, watchedAt: this.clock.now().toISOString() }),
    );
    return this.history(user);
  }

  /**
   * What a player calls when a video starts: one action, one event, whether the video is new to the
   * history or moves to latest (POST /user/history stays the add, with its 409 for a duplicate: docs/api.md, POST /api/user/history).
   */
  @Post(':videoId')
  @ApiRoute('Record that a video was played: added as the latest watched, or moved to latest when already there', 201, HistoryResponse, [
    'HISTORY_PAUSED',
    'VIDEO_NOT_FOUND',
    ...LIST_ADD_ERRORS,
  ])
  @HttpCode(201)
  async recordWatch(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
    await this.commands.execute(history({ type: 'RecordWatch', userId: user._id, videoId, watchedAt: this.clock.now().toISOString() }));
    return this.history(user);
  }

  /** A static segment outranks `:videoId` in the router, so "all" is never taken as a video id. */
  @Delete('all')
  @ApiRoute('Clear the whole history', 200, HistoryResponse, USER_WRITE_ERRORS)
  @UnknownUserError('USER_NOT_FOUND')
  async clear(@CurrentUser() user: UserProfile) {
    await this.commands.execute(history({ type: 'ClearList', userId: user._id }));
    return this.history(user);
  }

  @Delete()
  @ApiRoute('Remove every video watched before a date', 200, HistoryResponse, ['BAD_URL', ...USER_WRITE_ERRORS])
  @UnknownUserError('USER_NOT_FOUND')
  async removeBefore(@CurrentUser() user: UserProfile, @Query() query: HistoryBeforeDto) {
    await this.commands.execute(
      history({ type: 'RemoveBefore', userId: user._id, before: parseInstant(query.before, { dateAlone: true })!.toISOString() }),
    );
    return this.history(user);
  }

  @Delete(':videoId')
  @ApiRoute('Remove a video from the history', 200, HistoryResponse, ['VIDEO_NOT_FOUND', ...USER_WRITE_ERRORS])
  @UnknownUserError('USER_NOT_FOUND')
  async remove(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
    await this.commands.execute(history({ type: 'RemoveVideo', userId: user._id, videoId }));
    return this.history(user);
  }
}
