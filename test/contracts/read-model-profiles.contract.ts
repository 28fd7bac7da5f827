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

    it('updateUser operator: true marks the profile and lists it in operators(); false, or an erasure, takes both away', async () => {
      const [ada, bob, eve] = [profile(newId('user')), profile(newId('user')), profile(newId('user'))];
      const byId = <T extends { _id: string }>(users: readonly T[]) => [...users].sort((a, b) => a._id.localeCompare(b._id));
      await model().apply(
        [ada, bob, eve].map((user) => ({ op: 'putUser', user })),
        1n,
      );
      expect(await model().operators()).toEqual([]);
      const grant = (userId: string, operator: boolean) => ({ op: 'updateUser' as const, userId, fields: { operator } });
      await model().apply([grant(ada._id, true), grant(bob._id, true)], 2n);
      expect(await model().user(ada._id)).toEqual({ ...ada, operator: true });
      expect(byId(await model().operators())).toEqual(
        byId([
          { ...ada, operator: true },
          { ...bob, operator: true },
        ]),
      );
      // A revoked role leaves no field behind; another profile change keeps the role as it is.
      await model().apply([grant(ada._id, false), { op: 'updateUser', userId: bob._id, fields: { firstName: 'Bobby' } }], 3n);
      expect(await model().user(ada._id)).toEqual(ada);
      expect(await model().operators()).toEqual([{ ...bob, firstName: 'Bobby', operator: true }]);
      await model().apply([{ op: 'eraseUser', userId: bob._id }], 4n);
      expect(await model().operators()).toEqual([]);
      expect(await model().user(eve._id)).toEqual(eve);
    });
  });
}
