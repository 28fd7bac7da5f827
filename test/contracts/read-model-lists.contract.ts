import { ListsReadModel, ProjectionTarget, ReadModelChange } from '../../backend/src/read-model/read-model.port';
import { OpenModel, eachFresh, newId, add, remove } from './read-model-fixtures';

const DEFAULTS = { historyPaused: false, historyRetention: 'off' };

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
      expect(await model().settings(userId)).toEqual(DEFAULTS);
      await model().apply([{ op: 'putSettings', userId, settings: { historyPaused: true } }], 1n);
      expect(await model().settings(userId)).toEqual({ ...DEFAULTS, historyPaused: true });
      expect(await model().settings(other)).toEqual(DEFAULTS);
      await model().apply([{ op: 'putSettings', userId, settings: { historyPaused: false } }], 2n);
      expect(await model().settings(userId)).toEqual(DEFAULTS);
    });

    it('a putSettings assigns the settings it names and leaves the others as they are', async () => {
      const userId = newId('user');
      await model().apply([{ op: 'putSettings', userId, settings: { historyRetention: 18 } }], 1n);
      expect(await model().settings(userId)).toEqual({ historyPaused: false, historyRetention: 18 });
      await model().apply([{ op: 'putSettings', userId, settings: { historyPaused: true } }], 2n);
      expect(await model().settings(userId)).toEqual({ historyPaused: true, historyRetention: 18 });
      await model().apply([{ op: 'putSettings', userId, settings: { historyRetention: 'off', historyPaused: false } }], 3n);
      expect(await model().settings(userId)).toEqual(DEFAULTS);
    });

    it('settings keep only the declared fields, and a batch with a malformed one applies nothing', async () => {
      const userId = newId('user');
      const extra = { historyPaused: true, passwordHash: 'secret' } as unknown as { historyPaused: boolean };
      await model().apply([{ op: 'putSettings', userId, settings: extra }], 1n);
      expect(await model().settings(userId)).toEqual({ ...DEFAULTS, historyPaused: true });
      for (const settings of [{ historyPaused: 'no' }, { historyRetention: 6 }, { historyRetention: '3' }, {}]) {
        const malformed = { op: 'putSettings', userId, settings } as unknown as ReadModelChange;
        await expect(model().apply([add(userId, 'likes', 'a', 2n), malformed], 2n)).rejects.toThrow();
      }
      expect(await model().settings(userId)).toEqual({ ...DEFAULTS, historyPaused: true });
      expect(await model().list(userId, 'likes')).toEqual([]);
      expect(await model().checkpoint()).toBe(1n);
    });

    it('names the users whose auto-delete is on, a page at a time; turning it off or erasing the user drops them', async () => {
      const users = Array.from({ length: 25 }, () => newId('user'));
      const retention = (userId: string, historyRetention: 'off' | 3 | 18 | 36): ReadModelChange => ({
        op: 'putSettings',
        userId,
        settings: { historyRetention },
      });
      await model().apply(
        users.map((userId, i) => retention(userId, ([3, 18, 36] as const)[i % 3])),
        1n,
      );
      // Users with only the pause set, and one turned on then off, are not named.
      const [paused, offAgain] = [newId('user'), newId('user')];
      await model().apply(
        [{ op: 'putSettings', userId: paused, settings: { historyPaused: true } }, retention(offAgain, 3), retention(offAgain, 'off')],
        2n,
      );
      await model().apply([{ op: 'eraseUser', userId: users[0]! }, retention(users[1]!, 'off')], 3n);
      const named: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await model().usersWithHistoryRetention(cursor, 4);
        named.push(...page.userIds);
        cursor = page.next;
        pages++;
      } while (cursor !== undefined && pages < 100_000);
      // SCAN may name a key twice while Redis rehashes: the sweep is idempotent, so only coverage matters.
      expect([...new Set(named)].sort()).toEqual(users.slice(2).sort());
      expect(pages).toBeGreaterThan(1);
    });
  });
}
