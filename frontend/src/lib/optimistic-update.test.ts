import { describe, expect, test, vi } from 'vitest';
import { optimisticThenServer, type CacheUpdate } from './optimistic-update';

/** A cache entry and the bound updateQueryData that RTK Query would hand over, with its undo. */
function cacheOf(initial: string[]) {
  const cache = { current: initial };
  const update: CacheUpdate<string[]> = (recipe) => () => {
    const before = cache.current;
    cache.current = recipe(before);
    return { undo: () => void (cache.current = before) };
  };
  const dispatch = vi.fn((action: unknown) => (action as () => unknown)());
  return { cache, update, dispatch };
}

describe('optimistic list writes', () => {
  test('the guess shows at once, then exactly what the server answered', async () => {
    const { cache, update, dispatch } = cacheOf(['a']);
    let answer!: (value: { data: string[] }) => void;
    const queryFulfilled = new Promise<{ data: string[] }>((resolve) => (answer = resolve));
    const done = optimisticThenServer(
      { dispatch, queryFulfilled },
      update,
      (list) => [...list, 'b'],
      (server) => server,
    );
    expect(cache.current).toEqual(['a', 'b']);
    answer({ data: ['a', 'b', 'c'] });
    await done;
    expect(cache.current).toEqual(['a', 'b', 'c']);
  });

  test('a failed write undoes the guess', async () => {
    const { cache, update, dispatch } = cacheOf(['a', 'b']);
    await optimisticThenServer(
      { dispatch, queryFulfilled: Promise.reject(new Error('500')) },
      update,
      (list) => list.filter((v) => v !== 'a'),
      (server: string[]) => server,
    );
    expect(cache.current).toEqual(['a', 'b']);
  });

  test('a 202 (saved, lists still updating) carries no list: the guess stands', async () => {
    const { cache, update, dispatch } = cacheOf(['a']);
    await optimisticThenServer(
      { dispatch, queryFulfilled: Promise.resolve({ data: undefined as unknown as string[] }) },
      update,
      (list) => [...list, 'b'],
      () => ['from the server'],
    );
    expect(cache.current).toEqual(['a', 'b']);
  });
});
