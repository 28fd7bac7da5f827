import { Body, Controller, Delete, Get, HttpCode, Param, Post, Type, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { ListCommand } from '../commands/list-command';
import type { ErrorCode } from '../errors/error-catalogue';
import { VideoSetList, likesList, watchLaterList } from '../domain/video-set/video-set.list';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { VideoBodyDto } from './dto/video-body.dto';
import { ApiRoute, ApiUserRoute, USER_ROUTE_ERRORS, WRITE_ERRORS } from './openapi/api-docs.decorators';
import { LikesResponse, WatchLaterResponse } from './openapi/api-schemas';
import { ReadYourWrites } from './read-your-writes';

interface VideoSetRoutes<Added extends string, Removed extends string> {
  readonly list: VideoSetList<Added, Removed>;
  readonly className: string;
  readonly tag: string;
  readonly response: Type;
  /** The 409 of adding a video already there. */
  readonly duplicate: ErrorCode;
  readonly summaries: { readonly read: string; readonly add: string; readonly remove: string };
}

/**
 * GET, POST and DELETE /user/<list> for a list that is a set of videos: the routes of likes and
 * watch later are the same but for their names, messages and documentation.
 */
function videoSetController<Added extends string, Removed extends string>(routes: VideoSetRoutes<Added, Removed>): Type {
  const { list, tag, response, duplicate, summaries } = routes;
  const name = list.name;

  @ApiTags(tag)
  @ApiUserRoute()
  @Controller(`user/${name}`)
  @UseGuards(AuthGuard)
  @UnknownUserError('EMAIL_NOT_REGISTERED')
  class VideoSetController {
    constructor(
      private readonly commands: ReadYourWrites,
      private readonly lists: UserListsReader,
    ) {}

    @Get()
    @ApiRoute(summaries.read, 200, response, ['EMAIL_NOT_REGISTERED', ...USER_ROUTE_ERRORS])
    async read(@CurrentUser() user: UserProfile) {
      return { [name]: await this.lists.videos(user._id, name) };
    }

    @Post()
    @ApiRoute(summaries.add, 201, response, [duplicate, 'VIDEO_NOT_FOUND', 'EMAIL_NOT_REGISTERED', ...USER_ROUTE_ERRORS, ...WRITE_ERRORS])
    @HttpCode(201)
    async add(@CurrentUser() user: UserProfile, @Body() body: VideoBodyDto) {
      await this.commands.execute(new ListCommand(list, { type: 'AddVideo', userId: user._id, videoId: body.video._id }));
      return this.read(user);
    }

    @Delete(':videoId')
    @ApiRoute(summaries.remove, 200, response, ['VIDEO_NOT_FOUND', 'USER_NOT_FOUND', ...USER_ROUTE_ERRORS, ...WRITE_ERRORS])
    @UnknownUserError('USER_NOT_FOUND')
    async remove(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
      await this.commands.execute(new ListCommand(list, { type: 'RemoveVideo', userId: user._id, videoId }));
      return this.read(user);
    }
  }
  // Nest and OpenAPI name operations after the class (`LikesController_add`): one name per list.
  return Object.defineProperty(VideoSetController, 'name', { value: routes.className });
}

export const LikesController = videoSetController({
  list: likesList,
  className: 'LikesController',
  tag: 'likes',
  response: LikesResponse,
  duplicate: 'ALREADY_LIKED',
  summaries: { read: 'Liked videos, oldest first', add: 'Like a video (only its _id is read)', remove: 'Unlike a video' },
});

/** Existing clients read this list at `/user/watchlater/`; the router ignores trailing slashes. */
export const WatchLaterController = videoSetController({
  list: watchLaterList,
  className: 'WatchLaterController',
  tag: 'watch later',
  response: WatchLaterResponse,
  duplicate: 'ALREADY_IN_WATCH_LATER',
  summaries: {
    read: 'Watch-later videos, oldest first (also at /user/watchlater/)',
    add: 'Save a video to watch later',
    remove: 'Remove a video from watch later',
  },
});
