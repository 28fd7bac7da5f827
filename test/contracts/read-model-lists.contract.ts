import { ListsReadModel, ProjectionTarget, ReadModelChange } from '../../backend/src/read-model/read-model.port';
import { OpenModel, eachFresh, newId, add, remove } from './read-model-fixtures';

/** What ListsReadModel promises, fed through ProjectionTarget. */
export function describeListsContract(open: OpenModel<ProjectionTarget & ListsReadModel>): void {
  describe('lists and settings (ListsReadModel)', () => {
    const model = eachFresh(open);

    it('lists are oldest first by position, whatever the order of changes within one batch', async () => {
      const userId = newId('user');
      await model().apply([add(userId, 'likes', 'c', 30n), add(userId, 'likes', 'a', 10n), add(userId, 'likes', 'b', 20n)], 30n);
      expect(await model().list(userId, 'likes')).toEqual(['a', 'b', 'c']);
      await model().apply([add(userId, 'likes', 'z', 31n)], 31n);
      expect(await model().list(userId, 'likes')).toEqual(['a', 'b', 'c', 'z']);
    });

    it('adding a video already in the list moves it to the new position', async () => {
      const userId = newId('user');
      await model().apply([add(userId, 'history', 'a', 1n), add(userId, 'history', 'b', 2n)], 2n);
      await model().apply([add(userId, 'history', 'a', 3n)], 3n);
      expect(await model().list(userId, 'history')).toEqual(['b', 'a']);
    });

    it('re-adding after removal puts the video last', async () => {
      const userId = newId('user');
      await model().apply([add(userId, 'watchlater', 'a', 1n), add(userId, 'watchlater', 'b', 2n)], 2n);
      await model().apply([remove(userId, 'watchlater', 'a')], 3n);
      expect(await model().list(userId, 'watchlater')).toEqual(['b']);
      await model().apply([add(userId, 'watchlater', 'a', 4n)], 4n);
      expect(await model().list(userId, 'watchlater')).toEqual(['b', 'a']);
    });

    it('removing an absent video is a no-op', async () => {
      const userId = newId('user');
      await model().apply([add(userId, 'likes', 'a', 1n)], 1n);
      await model().apply([remove(userId, 'likes', 'missing'), remove(newId('user'), 'likes', 'a')], 2n);
      expect(await model().list(userId, 'likes')).toEqual(['a']);
      expect(await model().checkpoint()).toBe(2n);
    });

    it('clearList empties that list and no other', async () => {
      const userId = newId('user');
      await model().apply([add(userId, 'history', 'a', 1n), add(userId, 'history', 'b', 2n), add(userId, 'likes', 'a', 3n)], 3n);
      await model().apply([{ op: 'clearList', userId, list: 'history' }], 4n);
      expect(await model().list(userId, 'history')).toEqual([]);
      expect(await model().list(userId, 'likes')).toEqual(['a']);
      await model().apply([add(userId, 'history', 'c', 5n)], 5n);
      expect(await model().list(userId, 'history')).toEqual(['c']);
    });

    it('the three lists are independent', async () => {
      const userId = newId('user');
      await model().apply(
        [add(userId, 'likes', 'l', 1n), add(userId, 'watchlater', 'w', 2n), add(userId, 'history', 'h', 3n), add(userId, 'likes', 'x', 4n)],
        4n,
      );
      await model().apply([remove(userId, 'watchlater', 'x')], 5n);
      expect(await model().list(userId, 'likes')).toEqual(['l', 'x']);
      expect(await model().list(userId, 'watchlater')).toEqual(['w']);
      expect(await model().list(userId, 'history')).toEqual(['h']);
    });

    it('settings are the defaults until put; a later putSettings replaces them; users are apart', async () => {
      const [userId, other] = [newId('user'), newId('user')];
      expect(await model().settings(userId)).toEqual({ historyPaused: false });
      await model().apply([{ op: 'putSettings', userId, settings: { historyPaused: true } }], 1n);
      expect(await model().settings(userId)).toEqual({ historyPaused: true });
      expect(await model().settings(other)).toEqual({ historyPaused: false });
      await model().apply([{ op: 'putSettings', userId, settings: { historyPaused: false } }], 2n);
      expect(await model().settings(userId)).toEqual({ historyPaused: false });
    });

    it('settings keep only the declared field, and a batch with a malformed one applies nothing', async () => {
      const userId = newId('user');
      const extra = { historyPaused: true, passwordHash: 'secret' } as unknown as { historyPaused: boolean };
      await model().apply([{ op: 'putSettings', userId, settings: extra }], 1n);
      expect(await model().settings(userId)).toEqual({ historyPaused: true });
      const malformed = { op: 'putSettings', userId, settings: { historyPaused: 'no' } } as unknown as ReadModelChange;
      await expect(model().apply([add(userId, 'likes', 'a', 2n), malformed], 2n)).rejects.toThrow();
      expect(await model().settings(userId)).toEqual({ historyPaused: true });
      expect(await model().list(userId, 'likes')).toEqual([]);
      expect(await model().checkpoint()).toBe(1n);
    });
  });
}
