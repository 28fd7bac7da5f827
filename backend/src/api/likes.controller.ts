import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { AuthGuard, CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { ListCommand } from '../commands/list-command';
import { likesList } from '../lists/video-set.list';
import { ReadYourWrites } from './read-your-writes';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { VideoBodyDto } from './dto/video-body.dto';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute, ApiUserRoute, USER_ROUTE_ERRORS, WRITE_ERRORS } from './openapi/api-docs.decorators';
import { LikesResponse } from './openapi/api-schemas';

@ApiTags('likes')
@ApiUserRoute()
@Controller('user/likes')
@UseGuards(AuthGuard)
@UnknownUserError('EMAIL_NOT_REGISTERED')
export class LikesController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly lists: UserListsReader,
  ) {}

  @Get()
  @ApiRoute('Liked videos, oldest first', 200, LikesResponse, ['EMAIL_NOT_REGISTERED', ...USER_ROUTE_ERRORS])
  async likes(@CurrentUser() user: UserProfile) {
    return { likes: await this.lists.videos(user._id, 'likes') };
  }

  @Post()
  @ApiRoute('Like a video (only its _id is read)', 201, LikesResponse, [
    'ALREADY_LIKED',
    'VIDEO_NOT_FOUND',
    'EMAIL_NOT_REGISTERED',
    ...USER_ROUTE_ERRORS,
    ...WRITE_ERRORS,
  ])
  @HttpCode(201)
  async like(@CurrentUser() user: UserProfile, @Body() body: VideoBodyDto) {
    await this.commands.execute(new ListCommand(likesList, { type: 'AddVideo', userId: user._id, videoId: body.video._id }));
    return this.likes(user);
  }

  @Delete(':videoId')
  @ApiRoute('Unlike a video', 200, LikesResponse, ['VIDEO_NOT_FOUND', 'USER_NOT_FOUND', ...USER_ROUTE_ERRORS, ...WRITE_ERRORS])
  @UnknownUserError('USER_NOT_FOUND')
  async unlike(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
    await this.commands.execute(new ListCommand(likesList, { type: 'RemoveVideo', userId: user._id, videoId }));
    return this.likes(user);
  }
}
