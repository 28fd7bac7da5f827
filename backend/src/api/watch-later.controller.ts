import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { AuthGuard, CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { AddToWatchLater } from '../commands/watch-later/add-to-watch-later.handler';
import { RemoveFromWatchLater } from '../commands/watch-later/remove-from-watch-later.handler';
import { ReadYourWrites } from './read-your-writes';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { VideoBodyDto } from './dto/video-body.dto';

/** Existing clients read this list at `/user/watchlater/`; the router ignores trailing slashes. */
@Controller('user/watchlater')
@UseGuards(AuthGuard)
@UnknownUserError('EMAIL_NOT_REGISTERED')
export class WatchLaterController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly lists: UserListsReader,
  ) {}

  @Get()
  async watchLater(@CurrentUser() user: UserProfile) {
    return { watchlater: await this.lists.videos(user._id, 'watchlater') };
  }

  @Post()
  @HttpCode(201)
  async add(@CurrentUser() user: UserProfile, @Body() body: VideoBodyDto) {
    await this.commands.execute(new AddToWatchLater(user._id, body.video._id));
    return this.watchLater(user);
  }

  @Delete(':videoId')
  @UnknownUserError('USER_NOT_FOUND')
  async remove(@CurrentUser() user: UserProfile, @Param('videoId') videoId: string) {
    await this.commands.execute(new RemoveFromWatchLater(user._id, videoId));
    return this.watchLater(user);
  }
}
