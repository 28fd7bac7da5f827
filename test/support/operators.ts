import { ReadYourWrites } from '../../backend/src/api/read-your-writes';
import { ListCommand } from '../../backend/src/commands/list-command';
import { userAccount } from '../../backend/src/domain/user-account/user-account';
import { CredentialsReader } from '../../backend/src/queries/credentials.reader';
import { ApiClient } from './api-client';
import type { RunningApp } from './app';

/**
 * Makes the user who signed up with `email` an operator, as `npm run operator -- grant <email>` does
 * (`by: "cli"`), through the app under test itself (no build, no process), and returns their user id once
 * the read model shows the role: the token they already hold is an operator's from the next request on.
 */
export async function makeOperator(server: RunningApp, email: string): Promise<string> {
  const found = await server.app.get(CredentialsReader, { strict: false }).findByEmail(email);
  if (!found) throw new Error(`makeOperator: nobody signed up with ${email}`);
  const grant = new ListCommand(userAccount, { type: 'GrantOperator', userId: found.userId, by: 'cli' });
  await server.app.get(ReadYourWrites, { strict: false }).execute(grant);
  return found.userId;
}

/** A fresh user who is an operator, with a client carrying their token. */
export async function signUpOperator(server: RunningApp, name = 'Operator'): Promise<{ client: ApiClient; email: string; userId: string }> {
  const user = await new ApiClient(server.url).signUpUser(name);
  await makeOperator(server, user.email);
  return user;
}
