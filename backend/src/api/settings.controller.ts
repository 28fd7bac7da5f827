import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { ListCommand } from '../commands/list-command';
import { historyList } from '../domain/history/history.list';
import { UserListsReader } from '../queries/user-lists.reader';
import type { UserProfile } from '../read-model/read-model.port';
import { CLOCK, Clock } from '../shared/clock';
import { SettingsBodyDto } from './dto/settings-body.dto';
import { ApiRoute, ApiUserRoute, USER_READ_ERRORS, USER_WRITE_ERRORS } from './openapi/api-docs.decorators';
import { SettingsResponse } from './openapi/settings-schemas';
import { ReadYourWrites } from './read-your-writes';

/** The user's library settings: whether the history is paused, and its auto-delete (SECURITY.md §10). */
@ApiTags('settings')
@ApiUserRoute()
@Controller('user/settings')
@UnknownUserError('USER_NOT_FOUND')
export class SettingsController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly lists: UserListsReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiRoute('The user’s settings', 200, SettingsResponse, USER_READ_ERRORS)
  async settings(@CurrentUser() user: UserProfile) {
    return { settings: await this.lists.settings(user._id) };
  }

  @Put()
  @ApiRoute(
    'Change the settings given (those left out stay): pause or resume the history, set its auto-delete (older entries are removed at once)',
    200,
    SettingsResponse,
    USER_WRITE_ERRORS,
  )
  async update(@CurrentUser() user: UserProfile, @Body() body: SettingsBodyDto) {
    const { historyPaused: paused, historyRetention: retention } = body;
    // One command, so both settings change in one append, and auto-delete applies under the new one at once.
    const command = { type: 'ChangeSettings' as const, userId: user._id, paused, retention, at: this.clock.now().toISOString() };
    await this.commands.execute(new ListCommand(historyList, command));
    return this.settings(user);
  }
}
