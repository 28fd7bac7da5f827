import { Body, Controller, Delete, Get, HttpCode, Inject, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { LoginRateLimiter, settleAttempt } from '../auth/login-rate-limiter';
import { TokenService } from '../auth/token.service';
import { ErrorCode } from '../errors/error-catalogue';
import { IDEMPOTENCY_STORE, IdempotencyStore } from '../idempotency/idempotency-store.port';
import { ListCommand } from '../commands/list-command';
import { ChangePassword } from '../commands/users/change-password.handler';
import { DeleteAccount } from '../commands/users/delete-account.handler';
import { ValidationFailed } from '../errors/validation-failed';
import { userAccount } from '../domain/user-account/user-account';
import { READ_MODEL, ReadModel, UserProfile } from '../read-model/read-model.port';
import { CredentialsReader } from '../queries/credentials.reader';
import { timestamp } from '../shared/timestamp';
import { PasswordBodyDto, ProfileBodyDto } from './dto/account-body.dto';
import { DeleteAccountBodyDto } from './dto/delete-account-body.dto';
import { ApiRoute, ApiUserRoute, USER_READ_ERRORS, USER_WRITE_ERRORS } from './openapi/api-docs.decorators';
import { AccountDeletedResponse, NewTokenResponse, ProfileResponse } from './openapi/account-schemas';
import { ReadYourWrites } from './read-your-writes';

/** The profile as clients see it: never the session generation. */
const shown = ({ sessionGeneration: _generation, ...profile }: UserProfile) => profile;

/**
 * The signed-in user's account: name, password and signing out everywhere (SECURITY.md §11), and "Delete my
 * account" (right to erasure: crypto-shredding, see DeleteAccountHandler and SECURITY.md §10).
 */
@ApiTags('account')
@ApiUserRoute()
@Controller('user')
@UnknownUserError('USER_NOT_FOUND')
export class AccountController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly tokens: TokenService,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly credentials: CredentialsReader,
    private readonly passwordChecks: LoginRateLimiter,
    @Inject(IDEMPOTENCY_STORE) private readonly idempotency: IdempotencyStore,
  ) {}

  /** A token of the generation now in the user's stream (the authority, not a possibly lagging view). */
  private async freshToken(user: UserProfile): Promise<{ encodedToken: string }> {
    const state = await this.credentials.read(user._id);
    const gen = state.registered ? state.sessionGeneration : 0;
    return { encodedToken: this.tokens.sign({ _id: user._id, email: user.email, gen }) };
  }

  /**
   * The profile as the read model holds it now: a client that signed in before a change made elsewhere (a
   * new name, the operator role granted) reads it here without signing in again.
   */
  @Get('profile')
  @ApiRoute('The signed-in user’s profile', 200, ProfileResponse, USER_READ_ERRORS)
  profileNow(@CurrentUser() user: UserProfile) {
    return { user: shown(user) };
  }

  @Patch('profile')
  @ApiRoute('Change the first or last name', 200, ProfileResponse, USER_WRITE_ERRORS)
  async profile(@CurrentUser() user: UserProfile, @Body() body: ProfileBodyDto) {
    const { firstName, lastName } = body;
    if (firstName === undefined && lastName === undefined)
      throw new ValidationFailed(['Send a firstName or a lastName (or both) to change.']);
    await this.commands.execute(
      new ListCommand(userAccount, { type: 'UpdateProfile', userId: user._id, firstName, lastName, at: timestamp() }),
    );
    return { user: shown((await this.readModel.user(user._id)) ?? user) };
  }

  @Post('password')
  @HttpCode(200)
  @ApiRoute('Change the password: every token issued before is refused from now on', 200, NewTokenResponse, [
    'WRONG_CURRENT_PASSWORD',
    'TOO_MANY_PASSWORD_ATTEMPTS',
    ...USER_WRITE_ERRORS,
  ])
  async password(@CurrentUser() user: UserProfile, @Body() body: PasswordBodyDto) {
    await this.checkingPassword(user, 'WRONG_CURRENT_PASSWORD', () =>
      this.commands.execute(new ChangePassword(user._id, body.currentPassword, body.newPassword)),
    );
    return this.freshToken(user);
  }

  @Post('sessions/revoke')
  @HttpCode(200)
  @ApiRoute('Sign out everywhere: every token issued before this one is refused', 200, NewTokenResponse, USER_WRITE_ERRORS)
  async revoke(@CurrentUser() user: UserProfile) {
    await this.commands.execute(new ListCommand(userAccount, { type: 'RevokeSessions', userId: user._id, at: timestamp() }));
    return this.freshToken(user);
  }

  @Delete()
  @HttpCode(200)
  @ApiRoute(
    'Delete my account: the personal data key is destroyed, the email released, the lists and timeline removed; the token stops working',
    200,
    AccountDeletedResponse,
    ['ACCOUNT_PASSWORD_WRONG', 'TOO_MANY_PASSWORD_ATTEMPTS', 'BAD_REQUEST', ...USER_WRITE_ERRORS],
  )
  async delete(@CurrentUser() user: UserProfile, @Body() body: DeleteAccountBodyDto) {
    await this.checkingPassword(user, 'ACCOUNT_PASSWORD_WRONG', () => this.commands.execute(new DeleteAccount(user._id, body.password)));
    // The answers kept for the user's Idempotency-Keys go with the account (none holds a profile or a
    // token, see kept-answers.ts, but what is erased is erased).
    await this.idempotency.forget(user._id);
    return { deleted: true };
  }

  /**
   * A password check behind a token counts against the account's login limit (10 per 15 minutes by
   * default): a stolen token cannot guess the password faster than the login form can, and past the
   * limit the 429 comes before any scrypt work.
   */
  private async checkingPassword<T>(user: UserProfile, wrong: ErrorCode, check: () => Promise<T>): Promise<T> {
    return settleAttempt(await this.passwordChecks.beginPasswordCheck(user.email), [wrong], check);
  }
}
