import { afterEach, describe, expect, test } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api';
import type { Video } from '@/lib/types';
import { inlineCatalogueAction, inlineDataForFirstRender, lateInlineCatalogueActions } from './inline-catalogue';
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
  test('home renders its first page in its first render, the player also its video; other pages none of it', () => {
    expect(['/', '/videoPlay/v1', '/VideoPlay/v1'].map(inlineDataForFirstRender)).toEqual(['page', 'page-and-videos', 'page-and-videos']);
    const others = ['/like', '/playlist/p1', '/channel/c1', '/studio', '/login'];
    expect(others.map(inlineDataForFirstRender)).toEqual(others.map(() => 'none'));
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

  test("taken in first, home's part holds the page and categories, the player's each video too; the rest comes late", () => {
    const bare = makeStore();
    expect(inlineCatalogueAction(true)).toBeUndefined();
    expect(lateInlineCatalogueActions(bare.getState())).toEqual([]);
    writeInlineData();
    const home = makeStore();
    home.dispatch(inlineCatalogueAction(false)!);
    expect(videosApi.endpoints.getVideoPage.select({})(home.getState()).data?.pages[0].videos).toHaveLength(2);
    expect(videosApi.endpoints.getCategories.select()(home.getState()).data).toEqual(categories);
    expect(videosApi.endpoints.getVideo.select('v1')(home.getState()).isUninitialized).toBe(true);
    // At idle only the videos are left to take in.
    const late = lateInlineCatalogueActions(home.getState());
    expect(late).toHaveLength(1);
    late.forEach((action) => home.dispatch(action));
    expect(videosApi.endpoints.getVideo.select('v2')(home.getState()).data?.title).toBe('Second');
    const player = makeStore();
    player.dispatch(inlineCatalogueAction(true)!);
    expect(videosApi.endpoints.getVideo.select('v1')(player.getState()).data?.title).toBe('As index.html was served');
    expect(lateInlineCatalogueActions(player.getState())).toEqual([]);
  });
});
