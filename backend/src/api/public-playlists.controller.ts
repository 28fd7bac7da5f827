import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SharedPlaylistsReader } from '../queries/shared-playlists.reader';
import { ACTIVITY_PAGE, ActivityQueryDto } from './dto/activity-query.dto';
import { ApiRoute } from './openapi/api-docs.decorators';
import { PublicPlaylistResponse, PublicPlaylistsResponse } from './openapi/sharing-schemas';
import { playlistId } from './playlist-id';

/** Playlists their owners shared (issue 17): no token needed. */
@ApiTags('shared playlists')
@Controller('playlists')
export class PublicPlaylistsController {
  constructor(private readonly shared: SharedPlaylistsReader) {}

  @Get()
  @ApiRoute('Public playlists, most recently made public first; page with nextBefore', 200, PublicPlaylistsResponse, [
    'BAD_URL',
    'READ_MODEL_UNAVAILABLE',
  ])
  async list(@Query() query: ActivityQueryDto) {
    const limit = query.limit === undefined ? ACTIVITY_PAGE.default : Number(query.limit);
    return this.shared.publicPlaylists(limit, query.before === undefined ? undefined : BigInt(query.before));
  }

  @Get(':playlistId')
  @ApiRoute(
    'An unlisted or public playlist, with its owner’s first name; a private one answers like an unknown id',
    200,
    PublicPlaylistResponse,
    ['PLAYLIST_NOT_FOUND', 'READ_MODEL_UNAVAILABLE'],
  )
  async playlist(@Param('playlistId') id: string) {
    return { playlist: await this.shared.playlist(playlistId(id)) };
  }
}
