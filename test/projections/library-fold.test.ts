import { foldLibrary, snapshotOf } from '../../backend/src/domain/library/library';
import { UserEventsReader } from '../../backend/src/event-store/user-events.reader';
import { READ_MODEL, ReadModel } from '../../backend/src/read-model/read-model.port';
import { Lists, perform, randomActions, readLists } from '../support/library-actions';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/**
 * Time-travel, export and undo compute the library from the user's events with foldLibrary; the
 * list routes serve what the projection built. They must agree exactly — order, details, settings
 * — or an undo would "restore" a state the user never saw.
 */
describe.each(READ_MODEL_VARIANTS)('foldLibrary over a user’s events equals the %s read model', (variantName) => {
  const app = useAppOn(variantName);

  async function compare(userId: string): Promise<void> {
    const readModel = app.server.app.get<ReadModel>(READ_MODEL);
    const { events } = await app.server.app.get(UserEventsReader).read(userId);
    const folded = snapshotOf(foldLibrary(events));
    const projected = {
      likes: await readModel.list(userId, 'likes'),
      watchlater: await readModel.list(userId, 'watchlater'),
      history: await readModel.list(userId, 'history'),
      playlists: await readModel.playlists(userId),
      settings: await readModel.settings(userId),
      subscriptions: await readModel.list(userId, 'subscriptions'),
    };
    expect({ ...folded, history: folded.history.map((h) => h.videoId) }).toEqual(projected);
  }

  test('after every 20 of 160 random actions by two interleaved users', async () => {
    const users = [await app.guest.signUpUser('One'), await app.guest.signUpUser('Two')];
    const lists: Lists[] = users.map(() => ({ likes: [], watchlater: [], history: [], playlists: [] }));
    for (const [i, action] of randomActions(8, 160).entries()) {
      const who = i % 2;
      const { client } = users[who]!;
      await perform({ client, videos: app.videoIds, lists: lists[who]! }, action);
      lists[who] = await readLists(client);
      if (i % 20 === 19) for (const user of users) await compare(user.userId);
    }
  });
});
