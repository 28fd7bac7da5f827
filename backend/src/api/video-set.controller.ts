import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { ListCommand } from '../commands/list-command';
import { VideoSetCommand, VideoSetList, likesList, watchLaterList } from '../domain/video-set/video-set.list';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { VideoBodyDto } from './dto/video-body.dto';
import { ApiRoute, ApiUserRoute, LIST_ADD_ERRORS, LIST_READ_ERRORS, USER_WRITE_ERRORS } from './openapi/api-docs.decorators';
import { LikesResponse, WatchLaterResponse } from './openapi/api-schemas';
import { ReadYourWrites } from './read-your-writes';

/**
 * GET, POST and DELETE /user/<list> for a list that is a set of videos: the routes of likes and watch
 * later do the same, and differ only in their names, messages and documentation (the controllers below).
 */
class VideoSetRoutes {
  private constructor(
    private readonly name: VideoSetList['name'],
    private readonly send: (command: VideoSetCommand) => Promise<unknown>,
    private readonly lists: UserListsReader,
  ) {}

  static of<Added extends string, Removed extends string>(
    list: VideoSetList<Added, Removed>,
    commands: ReadYourWrites,
    lists: UserListsReader,
  ): VideoSetRoutes {
    return new VideoSetRoutes(list.name, (command) => commands.execute(new ListCommand(list, command)), lists);
  }

  async read(user: UserProfile) {
    return { [this.name]: await this.lists.videos(user._id, this.name) };
  }

  async add(user: UserProfile, videoId: string) {
    await this.send({ type: 'AddVideo', userId: user._id, videoId });
    return this.read(user);
  }

  async remove(user: UserProfile, videoId: string) {
    await this.send({ type: 'RemoveVideo', userId: user._id, videoId });
    return this.read(user);
  }
}

@ApiTags('likes')
@ApiUserRoute()
@Controller('user/likes')
@UnknownUserError('EMAIL_NOT_REGISTERED')
export class LikesController {
  private readonly routes: VideoSetRoutes;

  constructor(commands: ReadYourWrites, lists: UserListsReader) {
    this.routes = VideoSetRoutes.of(likesList, commands, lists);
  }

  @Get()
  @ApiRoute('Liked videos, oldest first', 200, LikesResponse, LIST_READ_ERRORS)
  read(@CurrentUser() user: UserProfile) {
    return this.routes.read(user);
  }

  @Post()
  @ApiRoute('Like a video (only its _id is read)', 201, LikesResponse, ['ALREADY_LIKED', 'VIDEO_NOT_FOUND', ...LIST_ADD_ERRORS])
  @HttpCode(201)
  add(@CurrentUser() user: UserProfile, @Body() body: VideoBodyDto) {
    return this.routes.add(user, body.video._id);
  }

  @Delete(':videoId')
  @ApiRoute('Unlike a video', 200, LikesResponse, ['VIDEO_NOT_FOUND', ...USER_WRITE_ERRORS])
  @UnknownUserError('USER_NOT_FOUND')
  remove(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
    return this.routes.remove(user, videoId);
  }
}

/** Existing clients read this list at `/user/watchlater/`; the router ignores trailing slashes. */
@ApiTags('watch later')
@ApiUserRoute()
@Controller('user/watchlater')
@UnknownUserError('EMAIL_NOT_REGISTERED')
export class WatchLaterController {
  private readonly routes: VideoSetRoutes;

  constructor(commands: ReadYourWrites, lists: UserListsReader) {
    this.routes = VideoSetRoutes.of(watchLaterList, commands, lists);
  }

  @Get()
  @ApiRoute('Watch-later videos, oldest first (also at /user/watchlater/)', 200, WatchLaterResponse, LIST_READ_ERRORS)
  read(@CurrentUser() user: UserProfile) {
    return this.routes.read(user);
  }

  @Post()
  @ApiRoute('Save a video to watch later', 201, WatchLaterResponse, ['ALREADY_IN_WATCH_LATER', 'VIDEO_NOT_FOUND', ...LIST_ADD_ERRORS])
  @HttpCode(201)
  add(@CurrentUser() user: UserProfile, @Body() body: VideoBodyDto) {
    return this.routes.add(user, body.video._id);
  }

  @Delete(':videoId')
  @ApiRoute('Remove a video from watch later', 200, WatchLaterResponse, ['VIDEO_NOT_FOUND', ...USER_WRITE_ERRORS])
  @UnknownUserError('USER_NOT_FOUND')
  remove(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
    return this.routes.remove(user, videoId);
  }
}
