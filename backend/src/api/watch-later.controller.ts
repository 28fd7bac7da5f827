import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { AuthGuard, CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { ListCommand } from '../commands/list-command';
import { watchLaterList } from '../lists/video-set.list';
import { ReadYourWrites } from './read-your-writes';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { VideoBodyDto } from './dto/video-body.dto';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute, ApiUserRoute, USER_ROUTE_ERRORS, WRITE_ERRORS } from './openapi/api-docs.decorators';
import { WatchLaterResponse } from './openapi/api-schemas';

/** Existing clients read this list at `/user/watchlater/`; the router ignores trailing slashes. */
@ApiTags('watch later')
@ApiUserRoute()
@Controller('user/watchlater')
@UseGuards(AuthGuard)
@UnknownUserError('EMAIL_NOT_REGISTERED')
export class WatchLaterController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly lists: UserListsReader,
  ) {}

  @Get()
  @ApiRoute('Watch-later videos, oldest first (also at /user/watchlater/)', 200, WatchLaterResponse, [
    'EMAIL_NOT_REGISTERED',
    ...USER_ROUTE_ERRORS,
  ])
  async watchLater(@CurrentUser() user: UserProfile) {
    return { watchlater: await this.lists.videos(user._id, 'watchlater') };
  }

  @Post()
  @ApiRoute('Save a video to watch later', 201, WatchLaterResponse, [
    'ALREADY_IN_WATCH_LATER',
    'VIDEO_NOT_FOUND',
    'EMAIL_NOT_REGISTERED',
    ...USER_ROUTE_ERRORS,
    ...WRITE_ERRORS,
  ])
  @HttpCode(201)
  async add(@CurrentUser() user: UserProfile, @Body() body: VideoBodyDto) {
    await this.commands.execute(new ListCommand(watchLaterList, { type: 'AddVideo', userId: user._id, videoId: body.video._id }));
    return this.watchLater(user);
  }

  @Delete(':videoId')
  @ApiRoute('Remove a video from watch later', 200, WatchLaterResponse, [
    'VIDEO_NOT_FOUND',
    'USER_NOT_FOUND',
    ...USER_ROUTE_ERRORS,
    ...WRITE_ERRORS,
  ])
  @UnknownUserError('USER_NOT_FOUND')
  async remove(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
    await this.commands.execute(new ListCommand(watchLaterList, { type: 'RemoveVideo', userId: user._id, videoId }));
    return this.watchLater(user);
  }
}
