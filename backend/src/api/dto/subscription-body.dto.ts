import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** POST /user/subscriptions */
export class SubscriptionBodyDto {
  @ApiProperty({ example: 'unbox-therapy', description: 'A channel’s _id (GET /api/channels)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  channelId!: string;
}
