import { afterEach, describe, expect, test } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api';
import type { Video } from '@/lib/types';
import { inlineCatalogueActions, inlineDataForFirstRender, readInlineCatalogue } from './inline-catalogue';
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
    inlineCatalogueActions(readInlineCatalogue()!, true, store.getState()).forEach((action) => store.dispatch(action));
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
    expect(readInlineCatalogue()).toBeUndefined();
    writeInlineData();
    const catalogue = readInlineCatalogue()!;
    const home = makeStore();
    inlineCatalogueActions(catalogue, false).forEach((action) => home.dispatch(action));
    expect(videosApi.endpoints.getVideoPage.select({})(home.getState()).data?.pages[0].videos).toHaveLength(2);
    expect(videosApi.endpoints.getCategories.select()(home.getState()).data).toEqual(categories);
    expect(videosApi.endpoints.getVideo.select('v1')(home.getState()).isUninitialized).toBe(true);
    // At idle only the videos are left to take in.
    const late = inlineCatalogueActions(catalogue, true, home.getState());
    expect(late).toHaveLength(1);
    late.forEach((action) => home.dispatch(action));
    expect(videosApi.endpoints.getVideo.select('v2')(home.getState()).data?.title).toBe('Second');
    const player = makeStore();
    inlineCatalogueActions(catalogue, true).forEach((action) => player.dispatch(action));
    expect(videosApi.endpoints.getVideo.select('v1')(player.getState()).data?.title).toBe('As index.html was served');
    expect(inlineCatalogueActions(catalogue, true, player.getState())).toEqual([]);
  });

  test('a block that does not parse, or lacks its lists, is taken as none', () => {
    for (const text of ['{not json', JSON.stringify({ videos: served })]) {
      const block = Object.assign(document.createElement('script'), { type: 'application/json', id: 'catalogue-data', textContent: text });
      document.body.append(block);
      expect(readInlineCatalogue()).toBeUndefined();
      block.remove();
    }
  });
});
