import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { Public } from '../auth/auth.guard';
import { LoginRateLimiter, settleAttempt } from '../auth/login-rate-limiter';
import { LoginService } from '../auth/login.service';
import { SignupRateLimiter } from '../auth/signup-rate-limiter';
import { TokenService } from '../auth/token.service';
import { SignUp } from '../commands/users/sign-up.handler';
import { normaliseEmail } from '../shared/user-id';
import { signUpProfile } from '../commands/users/sign-up-profile';
import { ReadYourWrites } from './read-your-writes';
import { UserListsReader } from '../queries/user-lists.reader';
import { UserProfile } from '../read-model/read-model.port';
import { timestamp } from '../shared/timestamp';
import { LoginDto, SignupDto } from './dto/auth-body.dto';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute, WRITE_ERRORS } from './openapi/api-docs.decorators';
import { LoginResponse, SignupResponse } from './openapi/api-schemas';

@ApiTags('auth')
@Controller('auth')
@Public()
export class AuthController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly logins: LoginService,
    private readonly tokens: TokenService,
    private readonly lists: UserListsReader,
    private readonly limiter: LoginRateLimiter,
    private readonly signups: SignupRateLimiter,
  ) {}

  @Post('signup')
  @ApiRoute('Create an account and receive a token', 201, SignupResponse, [
    'EMAIL_EXISTS',
    'TOO_MANY_SIGNUPS',
    'MALFORMED_JSON',
    ...WRITE_ERRORS,
  ])
  @HttpCode(201)
  async signup(@Body() body: SignupDto, @Ip() address: string) {
    // Counted before the password is hashed: a flood from one address costs no scrypt work past the limit.
    await this.signups.count(address);
    // The token is used at once: its user must already be visible to the auth guard.
    const { userId } = await this.commands.execute(new SignUp(body));
    const email = normaliseEmail(body.email);
    const now = timestamp();
    const createdUser = { _id: userId, email, ...signUpProfile(body), createdAt: now, updatedAt: now };
    return {
      encodedToken: this.tokens.sign({ _id: userId, email }),
      createdUser: { ...createdUser, likes: [], history: [], playlists: [], watchlater: [] },
    };
  }

  @Post('login')
  @ApiRoute('Log in and receive a token', 200, LoginResponse, [
    'EMAIL_NOT_REGISTERED',
    'INVALID_CREDENTIALS',
    'TOO_MANY_LOGIN_ATTEMPTS',
    'MALFORMED_JSON',
  ])
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Ip() address: string) {
    // Refused before the password is even hashed: a blocked guesser costs no scrypt work.
    const attempt = await this.limiter.begin(normaliseEmail(body.email), address);
    const found = await settleAttempt(attempt, ['INVALID_CREDENTIALS', 'EMAIL_NOT_REGISTERED'], () =>
      this.logins.login(body.email, body.password),
    );
    const { sessionGeneration, ...user } = found;
    return {
      encodedToken: this.tokens.sign({ _id: user._id, email: user.email, gen: sessionGeneration }),
      foundUser: await this.withLists(user),
    };
  }

  private async withLists(user: UserProfile) {
    const [likes, history, watchlater, playlists] = await Promise.all([
      this.lists.videos(user._id, 'likes'),
      this.lists.videos(user._id, 'history'),
      this.lists.videos(user._id, 'watchlater'),
      this.lists.playlists(user._id),
    ]);
    return { ...user, likes, history, playlists, watchlater };
  }
}
