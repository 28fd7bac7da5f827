import { afterEach, describe, expect, test } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api';
import type { Video } from '@/lib/types';
import { inlineCatalogueAction, lateInlineCatalogueActions, rendersInlineData } from './inline-catalogue';
import { videosApi } from './videos-api';

const video = (id: string, title: string): Video =>
  ({ _id: id, title, description: '', channel: 'c', likes: '0', category: 'Phone', duration: '1:00', views: '0', thumbnail: '' }) as Video;
// The query cache alone, as the app's store holds it (app/ composes the rest and is imported by nothing).
const makeStore = () =>
  configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (defaults) => defaults().concat(api.middleware) });
const served = [video('v1', 'As index.html was served'), video('v2', 'Second')];
const categories = [{ _id: 'c1', categoryName: 'Phone' }];

function writeInlineData(): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'catalogue-data';
  block.textContent = JSON.stringify({ videos: served, next: null, categories });
  document.body.append(block);
}

afterEach(() => document.getElementById('catalogue-data')?.remove());

describe('the catalogue index.html carries', () => {
  test('home and the player render it in their first render; other pages take it in later', () => {
    expect(['/', '/videoPlay/v1', '/VideoPlay/v1'].map(rendersInlineData)).toEqual([true, true, true]);
    expect(['/like', '/playlist/p1', '/channel/c1', '/studio', '/login'].map(rendersInlineData)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  test('taken in late, it fills what the store does not hold and keeps what a page has read since', () => {
    writeInlineData();
    const store = makeStore();
    // The page read video v1 before the browser was idle: that answer is newer than index.html's.
    store.dispatch(videosApi.util.upsertQueryEntries([{ endpointName: 'getVideo', arg: 'v1', value: video('v1', 'Read since') }]));
    lateInlineCatalogueActions(store.getState()).forEach((action) => store.dispatch(action));
    const state = store.getState();
    expect(videosApi.endpoints.getVideo.select('v1')(state).data?.title).toBe('Read since');
    expect(videosApi.endpoints.getVideo.select('v2')(state).data?.title).toBe('Second');
    expect(videosApi.endpoints.getCategories.select()(state).data).toEqual(categories);
    expect(
      videosApi.endpoints.getVideoPage
        .select({})(state)
        .data?.pages[0].videos.map((v) => v._id),
    ).toEqual(['v1', 'v2']);
  });

  test('taken in first, it fills every entry; without the block there is nothing to take', () => {
    const bare = makeStore();
    expect(inlineCatalogueAction()).toBeUndefined();
    expect(lateInlineCatalogueActions(bare.getState())).toEqual([]);
    writeInlineData();
    const store = makeStore();
    store.dispatch(inlineCatalogueAction()!);
    expect(videosApi.endpoints.getVideo.select('v1')(store.getState()).data?.title).toBe('As index.html was served');
  });
});
