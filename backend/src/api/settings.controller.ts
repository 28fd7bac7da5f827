import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { ListCommand } from '../commands/list-command';
import { historyList } from '../lists/history.list';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { SettingsBodyDto } from './dto/settings-body.dto';
import { ApiRoute, ApiUserRoute, USER_ROUTE_ERRORS, WRITE_ERRORS } from './openapi/api-docs.decorators';
import { SettingsResponse } from './openapi/settings-schemas';
import { ReadYourWrites } from './read-your-writes';

/** The user's library settings: so far, whether the history is paused. */
@ApiTags('settings')
@ApiUserRoute()
@Controller('user/settings')
@UseGuards(AuthGuard)
@UnknownUserError('USER_NOT_FOUND')
export class SettingsController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly lists: UserListsReader,
  ) {}

  @Get()
  @ApiRoute('The user’s settings', 200, SettingsResponse, ['USER_NOT_FOUND', ...USER_ROUTE_ERRORS])
  async settings(@CurrentUser() user: UserProfile) {
    return { settings: await this.lists.settings(user._id) };
  }

  @Put()
  @ApiRoute('Pause or resume the history', 200, SettingsResponse, ['USER_NOT_FOUND', ...USER_ROUTE_ERRORS, ...WRITE_ERRORS])
  async update(@CurrentUser() user: UserProfile, @Body() body: SettingsBodyDto) {
    await this.commands.execute(new ListCommand(historyList, { type: 'SetPaused', userId: user._id, paused: body.historyPaused }));
    return this.settings(user);
  }
}
