import type { CredentialsReader } from '../queries/credentials.reader';
import type { ReadModel, UserProfile } from '../read-model/read-model.port';
import { Authenticator } from './authenticator';
import type { TokenService } from './token.service';

const ada: UserProfile = {
  _id: 'u-ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const tokens = { verify: () => ({ _id: ada._id, email: ada.email }) } as unknown as TokenService;
const credentials = {} as CredentialsReader;

/** A read model that does not answer the first `failures` reads of a profile (Redis restarting), then does. */
function flakyReadModel(failures: number): ReadModel {
  let calls = 0;
  return {
    user: async () => {
      calls++;
      if (calls <= failures) throw new Error('Connection is closed.');
      return ada;
    },
  } as unknown as ReadModel;
}

describe('Authenticator.authenticateRequest', () => {
  test('one outcome per request: a write the hooks could not authenticate is refused by the guard too, even if the read model is back', async () => {
    const authenticator = new Authenticator(tokens, flakyReadModel(1), credentials);
    const request = { headers: { authorization: 'token' } };
    // The write hooks (rate, Idempotency-Key) run first and find the read model down…
    await expect(authenticator.authenticateRequest(request)).rejects.toThrow('Connection is closed.');
    // …so the guard, a moment later, answers the same failure instead of running the write unkeyed.
    await expect(authenticator.authenticateRequest(request)).rejects.toThrow('Connection is closed.');
    // The next request is authenticated afresh.
    await expect(authenticator.authenticateRequest({ headers: { authorization: 'token' } })).resolves.toEqual(ada);
  });

  test('a request authenticated once is not read again', async () => {
    const readModel = flakyReadModel(0);
    const user = jest.spyOn(readModel, 'user');
    const authenticator = new Authenticator(tokens, readModel, credentials);
    const request = { headers: { authorization: 'token' } };
    expect(await authenticator.authenticateRequest(request)).toEqual(ada);
    expect(await authenticator.authenticateRequest(request)).toEqual(ada);
    expect(user).toHaveBeenCalledTimes(1);
  });
});
