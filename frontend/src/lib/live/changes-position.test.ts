import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { api } from '../api';
import { CHANGES_POSITION_HEADER, changesPositionReducer, pagePosition, pageRead } from './changes-position';
import { whenNoRequestPending } from './pending-requests';

/** A store with the app's API slice; each read answers the status and header given, as the server would. */
function setUp() {
  const testApi = api.injectEndpoints({
    endpoints: (build) => ({
      positionTestRead: build.query<unknown, { path: string; position?: string; status?: number; delayMs?: number }>({
        // RTK Query hands a queryFn's `meta` to the reducers as a base query's (fetchBaseQuery's { request, response }).
        queryFn: async ({ position, status = 200, delayMs = 0 }) => {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          const response = new Response('{}', { status, headers: position === undefined ? {} : { [CHANGES_POSITION_HEADER]: position } });
          const meta = { response } as never;
          return status < 400 ? { data: {}, meta } : { error: { status, data: {} }, meta };
        },
      }),
    }),
    overrideExisting: true,
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, changesPosition: changesPositionReducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const read = (path: string, position?: string, options: { status?: number; delayMs?: number } = {}) =>
    store.dispatch(testApi.endpoints.positionTestRead.initiate({ path, position, ...options }));
  return { store, read, readThrough: () => store.getState().changesPosition.readThrough };
}

describe('the position the page has read through', () => {
  test('is the smallest any answer carried, refusals included, compared as numbers beyond 2^53', async () => {
    const { read, readThrough } = setUp();
    expect(readThrough()).toBeUndefined();
    await read('/user/likes', '9007199254740993');
    expect(readThrough()).toBe('9007199254740993');
    await read('/user/playlists', '9007199254740995');
    await read('/user/history', '9007199254740992', { status: 404 });
    await read('/videos', '9007199254740994');
    expect(readThrough()).toBe('9007199254740992');
  });

  test('answers without the header, or with something other than a position in it, change nothing', async () => {
    const { read, readThrough } = setUp();
    await read('/a', '40');
    await read('/b');
    await read('/c', '-1');
    await read('/d', '12abc');
    expect(readThrough()).toBe('40');
  });

  test('is emptied with the cache (a session started or ended): the next reads start it again', async () => {
    const { store, read, readThrough } = setUp();
    await read('/user/likes', '15');
    store.dispatch(api.util.resetApiState());
    expect(readThrough()).toBeUndefined();
    await read('/user/likes', '30');
    expect(readThrough()).toBe('30');
  });

  test('the streams wait for the reads on their way, then start from the smallest; at most for the bound', async () => {
    const { store, read, readThrough } = setUp();
    void read('/slow', '70', { delayMs: 50 });
    void read('/slower', '60', { delayMs: 100 });
    await whenNoRequestPending(store, 5_000);
    expect(readThrough()).toBe('60');
    void read('/stuck', '50', { delayMs: 2_000 });
    const started = performance.now();
    await whenNoRequestPending(store, 100);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(readThrough()).toBe('60');
  });
});

describe('the position the page was served with', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The browser's navigation entry, with these Server-Timing entries. */
  const servedWith = (...entries: { name: string; description: string }[]) =>
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ serverTiming: entries }] as unknown as PerformanceEntryList);

  test('is read from the page’s `changes` Server-Timing entry; anything else there is no position', () => {
    servedWith({ name: 'db', description: '12' }, { name: 'changes', description: '9007199254740993' });
    expect(pagePosition()).toBe('9007199254740993');
    servedWith({ name: 'changes', description: 'soon' });
    expect(pagePosition()).toBeUndefined();
    servedWith();
    expect(pagePosition()).toBeUndefined();
  });

  test('counts as a read: the streams start from it unless an answer read since carried an earlier one', async () => {
    const { store, read, readThrough } = setUp();
    store.dispatch(pageRead('50'));
    expect(readThrough()).toBe('50');
    await read('/user/likes', '60');
    expect(readThrough()).toBe('50');
    await read('/videos', '45');
    expect(readThrough()).toBe('45');
    store.dispatch(pageRead('not a position'));
    expect(readThrough()).toBe('45');
  });
});
