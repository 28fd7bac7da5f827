import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { randomUUID } from 'node:crypto';
import { ListCommand } from '../commands/list-command';
import { PlaylistCommand } from '../domain/playlist/playlist.decide';
import { playlistList } from '../domain/playlist/playlist.list';
import { ValidationFailed } from '../errors/validation-failed';
import { ParsePlaylistIdPipe } from './parse-playlist-id.pipe';
import { ReadYourWrites } from './read-your-writes';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { PlaylistBodyDto } from './dto/playlist-body.dto';
import { PlaylistDetailsDto, ReorderPlaylistDto } from './dto/playlist-changes.dto';
import { VideoBodyDto } from './dto/video-body.dto';
import { ApiTags } from '@nestjs/swagger';
import {
  ApiRoute,
  ApiUserRoute,
  PLAYLIST_READ_ERRORS,
  PLAYLIST_WRITE_ERRORS,
  USER_READ_ERRORS,
  USER_WRITE_ERRORS,
} from './openapi/api-docs.decorators';
import { PlaylistResponse, PlaylistsResponse } from './openapi/api-schemas';

const playlist = (command: PlaylistCommand) => new ListCommand(playlistList, command);

@ApiTags('playlists')
@ApiUserRoute()
@Controller('user/playlists')
@UnknownUserError('USER_NOT_FOUND')
export class PlaylistsController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly lists: UserListsReader,
  ) {}

  @Get()
  @ApiRoute("The user's playlists, oldest first, with their videos", 200, PlaylistsResponse, USER_READ_ERRORS)
  async playlists(@CurrentUser() user: UserProfile) {
    return { playlists: await this.lists.playlists(user._id) };
  }

  @Post()
  @ApiRoute('Create an empty playlist', 201, PlaylistsResponse, ['PLAYLIST_CAP_REACHED', ...USER_WRITE_ERRORS])
  @HttpCode(201)
  async create(@CurrentUser() user: UserProfile, @Body() body: PlaylistBodyDto) {
    const { title, description, playlistImg } = body.playlist;
    // Ids are minted here, fresh: the decider refuses one that exists.
    const created = { playlistId: randomUUID(), userId: user._id, title, description, playlistImg };
    await this.commands.execute(playlist({ type: 'CreatePlaylist', ...created }));
    return this.playlists(user);
  }

  @Get(':playlistId')
  @ApiRoute('One playlist of the user', 200, PlaylistResponse, PLAYLIST_READ_ERRORS)
  async playlist(@CurrentUser() user: UserProfile, @Param('playlistId', ParsePlaylistIdPipe) id: string) {
    return { playlist: await this.lists.playlist(user._id, id) };
  }

  @Delete(':playlistId')
  @ApiRoute('Delete a playlist', 200, PlaylistsResponse, PLAYLIST_WRITE_ERRORS)
  async delete(@CurrentUser() user: UserProfile, @Param('playlistId', ParsePlaylistIdPipe) id: string) {
    await this.commands.execute(playlist({ type: 'DeletePlaylist', userId: user._id, playlistId: id }));
    return this.playlists(user);
  }

  @Patch(':playlistId')
  @ApiRoute('Rename a playlist, change its description, or share it (visibility)', 200, PlaylistResponse, PLAYLIST_WRITE_ERRORS)
  async changeDetails(
    @CurrentUser() user: UserProfile,
    @Param('playlistId', ParsePlaylistIdPipe) id: string,
    @Body() body: PlaylistDetailsDto,
  ) {
    const { title, description, visibility } = body;
    if (title === undefined && description === undefined && visibility === undefined)
      throw new ValidationFailed(['Send a title or a description (or both), or a visibility, to change.']);
    await this.commands.execute(playlist({ type: 'ChangeDetails', userId: user._id, playlistId: id, title, description, visibility }));
    return this.playlist(user, id);
  }

  @Post(':playlistId/reorder')
  @ApiRoute('Move a video of a playlist to another place', 200, PlaylistResponse, [
    'PLAYLIST_INDEX_OUT_OF_RANGE',
    'VIDEO_NOT_IN_PLAYLIST',
    ...PLAYLIST_WRITE_ERRORS,
  ])
  @HttpCode(200)
  async reorder(@CurrentUser() user: UserProfile, @Param('playlistId', ParsePlaylistIdPipe) id: string, @Body() body: ReorderPlaylistDto) {
    await this.commands.execute(
      playlist({ type: 'Reorder', userId: user._id, playlistId: id, videoId: body.videoId, toIndex: body.toIndex }),
    );
    return this.playlist(user, id);
  }

  @Post(':playlistId')
  @ApiRoute('Add a video to a playlist', 201, PlaylistResponse, [
    'ALREADY_IN_PLAYLIST',
    'PLAYLIST_VIDEO_CAP_REACHED',
    'VIDEO_NOT_FOUND',
    ...PLAYLIST_WRITE_ERRORS,
  ])
  @HttpCode(201)
  async addVideo(@CurrentUser() user: UserProfile, @Param('playlistId', ParsePlaylistIdPipe) id: string, @Body() body: VideoBodyDto) {
    await this.commands.execute(playlist({ type: 'AddVideoToPlaylist', userId: user._id, playlistId: id, videoId: body.video._id }));
    return this.playlist(user, id);
  }

  @Delete(':playlistId/:videoId')
  @ApiRoute('Remove a video from a playlist', 200, PlaylistResponse, ['VIDEO_NOT_FOUND', ...PLAYLIST_WRITE_ERRORS])
  async removeVideo(
    @CurrentUser() user: UserProfile,
    @Param('playlistId', ParsePlaylistIdPipe) id: string,
    @Param('videoId') videoId: string,
  ) {
    await this.commands.execute(playlist({ type: 'RemoveVideoFromPlaylist', userId: user._id, playlistId: id, videoId }));
    return this.playlist(user, id);
  }
}
