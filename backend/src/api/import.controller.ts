import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { ValidationFailed } from '../errors/validation-failed';
import { ImportRequest } from '../commands/library/import-plan';
import { ImportLibrary } from '../commands/library/import-library.handler';
import { ReadYourWrites } from './read-your-writes';
import { parseIsoDateTime } from '../shared/iso-date-time';
import { parseVideoCsv } from './video-csv';
import type { UserProfile } from '../read-model/read-model.port';
import { CSV_FORMAT, ImportBodyDto } from './dto/import-body.dto';
import { ApiRoute, ApiUserRoute, USER_WRITE_ERRORS } from './openapi/api-docs.decorators';
import { ImportResponse } from './openapi/library-schemas';

/** The request as the planner takes it. The body is already valid as a whole: nothing is written before this. */
function importRequest(body: ImportBodyDto): ImportRequest {
  if (body.format === CSV_FORMAT) {
    const csv = parseVideoCsv(body.csv!);
    if (csv.errors) throw new ValidationFailed(csv.errors);
    return { likes: [], watchlater: [], history: [], playlists: [{ title: body.playlist!, videoIds: csv.videoIds }] };
  }
  return {
    likes: body.likes ?? [],
    watchlater: body.watchlater ?? [],
    // One instant, one spelling: the watch time is stored in UTC whatever offset the file used.
    history: (body.history ?? []).map(({ videoId, watchedAt }) => ({ videoId, watchedAt: parseIsoDateTime(watchedAt)!.toISOString() })),
    playlists: (body.playlists ?? []).map(({ title, description, playlistImg, videoIds }) => ({
      title,
      description,
      playlistImg,
      videoIds,
    })),
    ...(body.settings && { settings: { historyPaused: body.settings.historyPaused, historyRetention: body.settings.historyRetention } }),
    ...(body.subscriptions && { subscriptions: body.subscriptions }),
  };
}

@ApiTags('library')
@ApiUserRoute()
@Controller('user/import')
@UnknownUserError('USER_NOT_FOUND')
export class ImportController {
  constructor(private readonly commands: ReadYourWrites) {}

  @Post()
  @HttpCode(200)
  @ApiRoute(
    'Add an exported library, or a CSV of videos into a named playlist: only what is missing is added, unknown ids are reported',
    200,
    ImportResponse,
    ['IMPORT_TOO_LARGE', 'PLAYLIST_CAP_REACHED', 'PLAYLIST_VIDEO_CAP_REACHED', ...USER_WRITE_ERRORS],
  )
  async import(@CurrentUser() user: UserProfile, @Body() body: ImportBodyDto) {
    // Read-your-writes: every list the client fetches next shows the import.
    const { imported, unknownVideoIds } = await this.commands.execute(new ImportLibrary(user._id, importRequest(body)));
    return { imported, unknownVideoIds };
  }
}
