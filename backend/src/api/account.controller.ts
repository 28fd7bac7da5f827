import { Body, Controller, Delete, HttpCode, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { DeleteAccount } from '../commands/users/delete-account.handler';
import type { UserProfile } from '../read-model/read-model.port';
import { DeleteAccountBodyDto } from './dto/delete-account-body.dto';
import { AccountDeletedResponse } from './openapi/account-schemas';
import { ApiRoute, ApiUserRoute, USER_ROUTE_ERRORS, WRITE_ERRORS } from './openapi/api-docs.decorators';
import { ReadYourWrites } from './read-your-writes';

/** "Delete my account" (right to erasure): crypto-shredding, see DeleteAccountHandler and SECURITY.md §10. */
@ApiTags('account')
@ApiUserRoute()
@Controller('user')
@UseGuards(AuthGuard)
@UnknownUserError('USER_NOT_FOUND')
export class AccountController {
  constructor(private readonly commands: ReadYourWrites) {}

  @Delete()
  @HttpCode(200)
  @ApiRoute(
    'Delete my account: the personal data key is destroyed, the email released, the lists and timeline removed; the token stops working',
    200,
    AccountDeletedResponse,
    ['ACCOUNT_PASSWORD_WRONG', 'USER_NOT_FOUND', 'BAD_REQUEST', ...USER_ROUTE_ERRORS, ...WRITE_ERRORS],
  )
  async delete(@CurrentUser() user: UserProfile, @Body() body: DeleteAccountBodyDto) {
    await this.commands.execute(new DeleteAccount(user._id, body.password));
    return { deleted: true };
  }
}
