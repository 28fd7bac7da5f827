import { ApiProperty } from '@nestjs/swagger';
import { VideoSchema } from './api-schemas';

/** Channels, subscriptions and the feed, for the OpenAPI document only. */
export class ChannelSchema {
  @ApiProperty({ example: 'unbox-therapy', description: 'A URL-safe slug of the channel’s name' }) _id!: string;
  @ApiProperty({ example: 'Unbox Therapy' }) name!: string;
  @ApiProperty({ description: 'A URL (an inline SVG of the channel initials)' }) avatar!: string;
  @ApiProperty({ example: 3 }) videoCount!: number;
}

export class ChannelsResponse {
  @ApiProperty({ type: [ChannelSchema] }) channels!: ChannelSchema[];
}

export class ChannelResponse {
  @ApiProperty({ type: ChannelSchema }) channel!: ChannelSchema;
  @ApiProperty({ type: [VideoSchema] }) videos!: VideoSchema[];
}

export class SubscriptionsResponse {
  @ApiProperty({ type: [ChannelSchema], description: 'Oldest subscription first' }) subscriptions!: ChannelSchema[];
}

export class FeedResponse {
  @ApiProperty({ type: [VideoSchema], description: 'Videos of the subscribed channels, in catalogue order' }) videos!: VideoSchema[];
}
