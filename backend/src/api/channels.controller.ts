import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, UnknownUserError } from '../auth/auth.guard';
import { CatalogueService } from '../catalogue/catalogue.service';
import { ListCommand } from '../commands/list-command';
import { subscriptionsList } from '../domain/subscriptions/subscriptions.list';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { SubscriptionBodyDto } from './dto/subscription-body.dto';
import { ApiRoute, ApiUserRoute, USER_READ_ERRORS, USER_WRITE_ERRORS } from './openapi/api-docs.decorators';
import { ChannelResponse, ChannelsResponse, FeedResponse, SubscriptionsResponse } from './openapi/channel-schemas';
import { ReadYourWrites } from './read-your-writes';

/** The catalogue's channels: open to everyone. */
@ApiTags('channels')
@Controller('channels')
@Public()
export class ChannelsController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get()
  @ApiRoute('Every channel of the catalogue', 200, ChannelsResponse, [])
  channels() {
    return { channels: this.catalogue.channels() };
  }

  @Get(':channelId')
  @ApiRoute('One channel and its videos', 200, ChannelResponse, ['CHANNEL_NOT_FOUND'])
  channel(@Param('channelId') channelId: string) {
    const channel = this.catalogue.channel(channelId);
    return { channel, videos: this.catalogue.videosOfChannels([channel._id]) };
  }
}

/** The channels a user follows, and the videos of those channels. */
@ApiTags('subscriptions')
@ApiUserRoute()
@Controller('user')
@UnknownUserError('USER_NOT_FOUND')
export class SubscriptionsController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly lists: UserListsReader,
    private readonly catalogue: CatalogueService,
  ) {}

  @Get('subscriptions')
  @ApiRoute('The channels the user follows, oldest subscription first', 200, SubscriptionsResponse, USER_READ_ERRORS)
  async subscriptions(@CurrentUser() user: UserProfile) {
    const ids = await this.lists.ids(user._id, 'subscriptions');
    return { subscriptions: ids.flatMap((id) => this.catalogue.channels().filter((channel) => channel._id === id)) };
  }

  @Post('subscriptions')
  @HttpCode(201)
  @ApiRoute('Follow a channel', 201, SubscriptionsResponse, ['ALREADY_SUBSCRIBED', 'CHANNEL_NOT_FOUND', ...USER_WRITE_ERRORS])
  async subscribe(@CurrentUser() user: UserProfile, @Body() body: SubscriptionBodyDto) {
    // Events name catalogue channels only.
    const { _id: channelId } = this.catalogue.channel(body.channelId);
    await this.commands.execute(new ListCommand(subscriptionsList, { type: 'Subscribe', userId: user._id, channelId }));
    return this.subscriptions(user);
  }

  @Delete('subscriptions/:channelId')
  @ApiRoute('Stop following a channel', 200, SubscriptionsResponse, ['CHANNEL_NOT_FOUND', ...USER_WRITE_ERRORS])
  async unsubscribe(@CurrentUser() user: UserProfile, @Param('channelId') id: string) {
    const { _id: channelId } = this.catalogue.channel(id);
    await this.commands.execute(new ListCommand(subscriptionsList, { type: 'Unsubscribe', userId: user._id, channelId }));
    return this.subscriptions(user);
  }

  @Get('feed')
  @ApiRoute('Videos of the channels the user follows', 200, FeedResponse, USER_READ_ERRORS)
  async feed(@CurrentUser() user: UserProfile) {
    return { videos: this.catalogue.videosOfChannels(await this.lists.ids(user._id, 'subscriptions')) };
  }
}
