import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { ACTIVITY_PAGE, ActivityQueryDto } from './dto/activity-query.dto';
import { ActivityResponse } from './openapi/activity-schemas';
import { ApiRoute, ApiUserRoute, USER_READ_ERRORS } from './openapi/api-docs.decorators';

/** The signed-in user's own events, newest first, paged by position (never anyone else's). */
@ApiTags('activity')
@ApiUserRoute()
@Controller('user/activity')
@UnknownUserError('USER_NOT_FOUND')
export class ActivityController {
  constructor(private readonly lists: UserListsReader) {}

  @Get()
  @ApiRoute('The user’s own events, newest first, with videos and playlist titles; page with nextBefore', 200, ActivityResponse, [
    'BAD_URL',
    ...USER_READ_ERRORS,
  ])
  async activity(@CurrentUser() user: UserProfile, @Query() query: ActivityQueryDto) {
    const limit = query.limit === undefined ? ACTIVITY_PAGE.default : Number(query.limit);
    const before = query.before === undefined ? undefined : BigInt(query.before);
    return this.lists.activity(user._id, limit, before);
  }
}
