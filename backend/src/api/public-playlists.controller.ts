import { Controller, Get, Header, Param, Query, UseGuards } from '@nestjs/common';
import { Public } from '../auth/auth.guard';
import { ApiTags } from '@nestjs/swagger';
import { SharedPlaylistsReader } from '../queries/shared-playlists.reader';
import { ACTIVITY_PAGE, ActivityQueryDto } from './dto/activity-query.dto';
import { ApiRoute } from './openapi/api-docs.decorators';
import { PublicPlaylistResponse, PublicPlaylistsResponse } from './openapi/sharing-schemas';
import { ParsePlaylistIdPipe } from './parse-playlist-id.pipe';
import { PublicReadRateGuard } from './public-read-rate.guard';

/**
 * Playlists their owners shared: no token needed, so each client address has a read rate of its own
 * (PublicReadRateGuard), and the listing answers bounded summaries built once for everyone (SECURITY.md §12).
 */
@ApiTags('shared playlists')
@Controller('playlists')
@Public()
@UseGuards(PublicReadRateGuard)
export class PublicPlaylistsController {
  constructor(private readonly shared: SharedPlaylistsReader) {}

  @Get()
  @ApiRoute(
    'Public playlists, most recently made public first, as summaries (video count and the first thumbnails, not the videos); page with nextBefore. A page holds at most 256 kB of JSON: it may end before `limit`, with nextBefore pointing at the rest. Identical for every reader: built once and reused while the read model is unchanged (at most 1 s)',
    200,
    PublicPlaylistsResponse,
    ['BAD_URL', 'TOO_MANY_PUBLIC_READS', 'READ_MODEL_UNAVAILABLE'],
  )
  // The page comes as the JSON every reader of it is sent (encoded once); what the serializer would set.
  @Header('content-type', 'application/json; charset=utf-8')
  async list(@Query() query: ActivityQueryDto) {
    const limit = query.limit === undefined ? ACTIVITY_PAGE.default : Number(query.limit);
    return this.shared.publicPlaylists(limit, query.before === undefined ? undefined : BigInt(query.before));
  }

  @Get(':playlistId')
  @ApiRoute(
    'An unlisted or public playlist, with its owner’s first name; a private one answers like an unknown id',
    200,
    PublicPlaylistResponse,
    ['PLAYLIST_NOT_FOUND', 'TOO_MANY_PUBLIC_READS', 'READ_MODEL_UNAVAILABLE'],
  )
  async playlist(@Param('playlistId', ParsePlaylistIdPipe) id: string) {
    return { playlist: await this.shared.playlist(id) };
  }
}
