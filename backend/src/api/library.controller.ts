import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { LibraryService } from '../queries/library/library.service';
import { parseIsoDateTime } from '../shared/iso-date-time';
import type { UserProfile } from '../read-model/read-model.port';
import { LibraryQueryDto } from './dto/library-query.dto';
import { ApiRoute, ApiUserRoute, USER_READ_ERRORS } from './openapi/api-docs.decorators';
import { LibraryResponse } from './openapi/library-schemas';

/** Time-travel: the user's lists as they stood at a moment, computed from their events. */
@ApiTags('library')
@ApiUserRoute()
@Controller('user/library')
@UnknownUserError('USER_NOT_FOUND')
export class LibraryController {
  constructor(private readonly library: LibraryService) {}

  @Get()
  @ApiRoute('Likes, watch later, history and playlists exactly as they stood at asOf', 200, LibraryResponse, [
    'BAD_URL',
    ...USER_READ_ERRORS,
  ])
  async asOf(@CurrentUser() user: UserProfile, @Query() query: LibraryQueryDto) {
    return this.library.asOf(user._id, parseIsoDateTime(query.asOf)!);
  }
}
