import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, test, vi } from 'vitest';
import { api } from '../api';
import { createInvalidator } from './invalidator';
import { onLiveChange } from './live-change';

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 2_000, interval: 5 });

function setUp() {
  let reads = 0;
  let finishWrite: () => void = () => undefined;
  const testApi = api.injectEndpoints({
    endpoints: (build) => ({
      liveTestLikes: build.query<number, void>({
        queryFn: () => ({ data: ++reads }),
        providesTags: ['Likes'],
      }),
      liveTestWrite: build.mutation<null, void>({
        queryFn: () => new Promise((resolve) => (finishWrite = () => resolve({ data: null }))),
      }),
    }),
    overrideExisting: true,
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const likes = () => testApi.endpoints.liveTestLikes.select()(store.getState());
  const subscription = store.dispatch(testApi.endpoints.liveTestLikes.initiate());
  return { store, testApi, likes, reads: () => reads, finishWrite: () => finishWrite(), leave: () => subscription.unsubscribe() };
}

describe('reading again what a live change names', () => {
  test('reads the tagged answer again at once, keeping its data while it does (no loader over it)', async () => {
    const { store, likes, reads } = setUp();
    await until(() => likes().data === 1);
    const told = vi.fn();
    const stop = onLiveChange(told);
    createInvalidator(store)(['Likes'], { what: 'likes' });
    expect(likes()).toMatchObject({ data: 1, status: 'pending' });
    await until(() => likes().data === 2);
    expect(reads()).toBe(2);
    expect(told).toHaveBeenCalledWith({ what: 'likes' });
    stop();
  });

  test("waits for the user's own write on its way, then reads again once, and only then tells the cues", async () => {
    const { store, testApi, likes, reads, finishWrite } = setUp();
    await until(() => likes().data === 1);
    const told = vi.fn();
    const stop = onLiveChange(told);
    const write = store.dispatch(testApi.endpoints.liveTestWrite.initiate());
    const invalidate = createInvalidator(store);
    invalidate(['Likes'], { what: 'likes', position: '1' });
    invalidate(['Likes'], { what: 'likes', position: '2' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(1);
    expect(told).not.toHaveBeenCalled();

    finishWrite();
    await write;
    await until(() => likes().data === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(2);
    expect(told.mock.calls.map(([change]) => change.position)).toEqual(['1', '2']);
    stop();
  });

  test('an answer no page shows any more (the page just left) is read again and kept, not dropped', async () => {
    const { store, likes, leave } = setUp();
    await until(() => likes().data === 1);
    leave();
    createInvalidator(store)(['Likes']);
    await until(() => likes().data === 2);
    expect(likes().status).toBe('fulfilled');
  });

  test("the catalogue's answers no page shows are dropped instead (a retired video's would answer 410)", async () => {
    const { store, likes, leave, reads } = setUp();
    await until(() => likes().data === 1);
    leave();
    createInvalidator(store)(['Likes'], undefined, { keepUnshown: false });
    await until(() => likes().status === 'uninitialized');
    expect(reads()).toBe(1);
  });
});
