import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { UndoService } from '../library/undo.service';
import type { UserProfile } from '../read-model/read-model.port';
import { ApiRoute, ApiUserRoute, USER_ROUTE_ERRORS, WRITE_ERRORS } from './openapi/api-docs.decorators';
import { UndoResponse } from './openapi/library-schemas';

@ApiTags('library')
@ApiUserRoute()
@Controller('user/undo')
@UseGuards(AuthGuard)
@UnknownUserError('USER_NOT_FOUND')
export class UndoController {
  constructor(private readonly undos: UndoService) {}

  @Post()
  @HttpCode(200)
  @ApiRoute('Revert the most recent list action (again to go further back); the lists come back exactly as they were', 200, UndoResponse, [
    'NOTHING_TO_UNDO',
    'USER_NOT_FOUND',
    ...USER_ROUTE_ERRORS,
    ...WRITE_ERRORS,
  ])
  async undo(@CurrentUser() user: UserProfile) {
    return this.undos.undo(user._id);
  }
}
