import { ProfilesReadModel, ProjectionTarget } from '../../backend/src/read-model/read-model.port';
import { OpenModel, eachFresh, newId, profile } from './read-model-fixtures';

/** What ProfilesReadModel promises, fed through ProjectionTarget. */
export function describeProfilesContract(open: OpenModel<ProjectionTarget & ProfilesReadModel>): void {
  describe('profiles (ProfilesReadModel)', () => {
    const model = eachFresh(open);

    it('putUser round-trips the profile, and a later putUser replaces it', async () => {
      const user = profile(newId('user'));
      await model().apply([{ op: 'putUser', user }], 1n);
      expect(await model().user(user._id)).toEqual(user);
      const renamed = { ...user, firstName: 'Grace', updatedAt: '2024-02-01T00:00:00.000Z' };
      await model().apply([{ op: 'putUser', user: renamed }], 2n);
      expect(await model().user(user._id)).toEqual(renamed);
    });
  });
}
