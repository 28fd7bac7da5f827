import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { AuthGuard, CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { LikeVideo } from '../commands/likes/like-video.handler';
import { UnlikeVideo } from '../commands/likes/unlike-video.handler';
import { ReadYourWrites } from './read-your-writes';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { VideoBodyDto } from './dto/video-body.dto';

@Controller('user/likes')
@UseGuards(AuthGuard)
@UnknownUserError('EMAIL_NOT_REGISTERED')
export class LikesController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly lists: UserListsReader,
  ) {}

  @Get()
  async likes(@CurrentUser() user: UserProfile) {
    return { likes: await this.lists.videos(user._id, 'likes') };
  }

  @Post()
  @HttpCode(201)
  async like(@CurrentUser() user: UserProfile, @Body() body: VideoBodyDto) {
    await this.commands.execute(new LikeVideo(user._id, body.video._id));
    return this.likes(user);
  }

  @Delete(':videoId')
  @UnknownUserError('USER_NOT_FOUND')
  async unlike(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
    await this.commands.execute(new UnlikeVideo(user._id, videoId));
    return this.likes(user);
  }
}
