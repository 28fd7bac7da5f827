import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/auth.guard';
import { OperatorOnly } from '../auth/operator.guard';
import { ListCommand } from '../commands/list-command';
import { userAccount } from '../domain/user-account/user-account';
import { DomainError } from '../errors/domain-error';
import { CredentialsReader } from '../queries/credentials.reader';
import { READ_MODEL, ReadModel, UserProfile } from '../read-model/read-model.port';
import { OperatorBodyDto } from './dto/operator-body.dto';
import { ApiRoute, ApiUserRoute, OPERATOR_READ_ERRORS, OPERATOR_WRITE_ERRORS } from './openapi/api-docs.decorators';
import { OperatorsResponse } from './openapi/operator-schemas';
import { ReadYourWrites } from './read-your-writes';

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may change the catalogue (docs/design/catalogue.md, "Operators"): operators grant and revoke the
 * role by email and id; `npm run operator -- grant <email>` makes the first one. Every change is an
 * event of the target's account stream naming who made it (`by`); writes answer once the read model shows it.
 */
@ApiTags('admin')
@ApiUserRoute()
@OperatorOnly()
@Controller('admin/operators')
export class AdminOperatorsController {
  constructor(
    private readonly commands: ReadYourWrites,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly credentials: CredentialsReader,
  ) {}

  @Get()
  @ApiRoute('Every operator', 200, OperatorsResponse, OPERATOR_READ_ERRORS)
  list() {
    return this.operators();
  }

  @Post()
  @HttpCode(200)
  @ApiRoute('Make the user with this email an operator (one who already is stays one)', 200, OperatorsResponse, [
    'EMAIL_NOT_REGISTERED',
    'BAD_REQUEST',
    ...OPERATOR_WRITE_ERRORS,
  ])
  async grant(@CurrentUser() operator: UserProfile, @Body() body: OperatorBodyDto) {
    const found = await this.credentials.findByEmail(body.email);
    if (!found) throw new DomainError('EMAIL_NOT_REGISTERED');
    await this.commands.execute(new ListCommand(userAccount, { type: 'GrantOperator', userId: found.userId, by: operator._id }));
    return this.operators();
  }

  @Delete(':userId')
  @HttpCode(200)
  @ApiRoute('Take the operator role from this user (nobody can take their own)', 200, OperatorsResponse, [
    'CANNOT_REVOKE_SELF',
    'USER_NOT_FOUND',
    ...OPERATOR_WRITE_ERRORS,
  ])
  async revoke(@CurrentUser() operator: UserProfile, @Param('userId') userId: string) {
    // User ids are UUIDs: anything else names nobody, and never reaches the store.
    if (!USER_ID.test(userId)) throw new DomainError('USER_NOT_FOUND');
    const target = userId.toLowerCase();
    await this.commands.execute(new ListCommand(userAccount, { type: 'RevokeOperator', userId: target, by: operator._id }));
    return this.operators();
  }

  private async operators() {
    const profiles = await this.readModel.operators();
    const operators = profiles
      .map(({ _id, email, firstName, lastName }) => ({ _id, email, firstName, lastName }))
      .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    return { operators };
  }
}
