import { afterEach, describe, expect, test } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api';
import type { Category, Video } from '@/lib/types';
import {
  catalogueInParts,
  inlineCatalogueActions,
  inlineDataForFirstRender,
  readInlineCatalogue,
  type InlineCatalogue,
} from './inline-catalogue';
import { videosApi } from './videos-api';

const video = (id: string, title: string): Video =>
  ({ _id: id, title, description: '', channel: 'c', likes: '0', category: 'Phone', duration: '1:00', views: '0', thumbnail: '' }) as Video;
// The query cache alone, as the app's store holds it (app/ composes the rest and is imported by nothing).
const makeStore = () =>
  configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (defaults) => defaults().concat(api.middleware) });
const served = [video('v1', 'As index.html was served'), video('v2', 'Second')];
const categories = [{ _id: 'c1', categoryName: 'Phone' }] as Category[];

function writeInlineData(query?: unknown): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'catalogue-data';
  block.textContent = JSON.stringify({ ...(query !== undefined && { query }), videos: served, next: null, categories });
  document.body.append(block);
}

afterEach(() => document.getElementById('catalogue-data')?.remove());

/** Every part of the catalogue, each checked against the store as it is then (as main.tsx does at idle). */
const takeInLate = (store: ReturnType<typeof makeStore>, catalogue: InlineCatalogue) =>
  catalogueInParts(catalogue).forEach((parts) =>
    inlineCatalogueActions(catalogue, parts, store.getState()).forEach((action) => store.dispatch(action)),
  );

describe('the catalogue index.html carries', () => {
  test('home renders its first page in its first render, the player its own video; other pages none of it', () => {
    expect(inlineDataForFirstRender('/')).toEqual({ page: true, videoIds: [] });
    expect(['/videoPlay/v1', '/VideoPlay/v1/'].map(inlineDataForFirstRender)).toEqual([
      { page: false, videoIds: ['v1'] },
      { page: false, videoIds: ['v1'] },
    ]);
    const others = ['/like', '/playlist/p1', '/channel/c1', '/studio', '/login', '/videoPlay/%E0%A4%A'];
    expect(others.map(inlineDataForFirstRender)).toEqual(others.map(() => undefined));
  });

  test('taken in late, it fills what the store does not hold and keeps what a page has read since', () => {
    writeInlineData();
    const store = makeStore();
    // The page read video v1 before the browser was idle: that answer is newer than index.html's.
    store.dispatch(videosApi.util.upsertQueryEntries([{ endpointName: 'getVideo', arg: 'v1', value: video('v1', 'Read since') }]));
    takeInLate(store, readInlineCatalogue()!);
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

  test("taken in first, home's part holds the page and categories, the player's its own video; the rest comes late", () => {
    expect(readInlineCatalogue()).toBeUndefined();
    writeInlineData();
    const catalogue = readInlineCatalogue()!;
    const home = makeStore();
    inlineCatalogueActions(catalogue, inlineDataForFirstRender('/')!).forEach((action) => home.dispatch(action));
    expect(videosApi.endpoints.getVideoPage.select({})(home.getState()).data?.pages[0].videos).toHaveLength(2);
    expect(videosApi.endpoints.getCategories.select()(home.getState()).data).toEqual(categories);
    expect(videosApi.endpoints.getVideo.select('v1')(home.getState()).isUninitialized).toBe(true);
    takeInLate(home, catalogue);
    expect(videosApi.endpoints.getVideo.select('v2')(home.getState()).data?.title).toBe('Second');

    const player = makeStore();
    inlineCatalogueActions(catalogue, inlineDataForFirstRender('/videoPlay/v2')!).forEach((action) => player.dispatch(action));
    expect(videosApi.endpoints.getVideo.select('v2')(player.getState()).data?.title).toBe('Second');
    expect(videosApi.endpoints.getVideo.select('v1')(player.getState()).isUninitialized).toBe(true);
    expect(videosApi.endpoints.getVideoPage.select({})(player.getState()).isUninitialized).toBe(true);
    takeInLate(player, catalogue);
    expect(videosApi.endpoints.getVideo.select('v1')(player.getState()).data?.title).toBe('As index.html was served');
    // Once everything is in, nothing is written again.
    expect(catalogueInParts(catalogue).flatMap((parts) => inlineCatalogueActions(catalogue, parts, player.getState()))).toEqual([]);
  });

  test("a search's first page (/?q=…) is held as home asks for that search, not as home's own page", () => {
    writeInlineData({ q: 'pixel', sort: 'popular' });
    const catalogue = readInlineCatalogue()!;
    expect(catalogue.query).toEqual({ q: 'pixel', sort: 'popular' });
    const store = makeStore();
    inlineCatalogueActions(catalogue, inlineDataForFirstRender('/')!).forEach((action) => store.dispatch(action));
    const page = (query: object) => videosApi.endpoints.getVideoPage.select(query)(store.getState());
    // The same entry however the keys are ordered: RTK Query keys an argument by its sorted fields.
    expect(page({ sort: 'popular', q: 'pixel' }).data?.pages[0].videos.map((v) => v._id)).toEqual(['v1', 'v2']);
    expect(page({}).isUninitialized).toBe(true);
    expect(page({ q: 'pixel' }).isUninitialized).toBe(true);
  });

  test('a query the block names is read as home reads its URL: fields that are not text, or that home drops, are left out', () => {
    writeInlineData({ q: '  pixel ', category: 7, sort: 'title', extra: 'x' });
    expect(readInlineCatalogue()!.query).toEqual({ q: 'pixel' });
    document.getElementById('catalogue-data')!.remove();
    writeInlineData('pixel');
    expect(readInlineCatalogue()!.query).toEqual({});
  });

  test('taken in late in small parts: the page and categories, then the videos six at a time, every one once', () => {
    const videos = Array.from({ length: 14 }, (_, i) => video(`v${i}`, `Video ${i}`));
    const parts = catalogueInParts({ query: {}, page: { videos, next: null }, categories });
    expect(parts[0]).toEqual({ page: true, videoIds: [] });
    expect(parts.slice(1).map((part) => part.videoIds.length)).toEqual([6, 6, 2]);
    expect(parts.flatMap((part) => part.videoIds)).toEqual(videos.map((v) => v._id));
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
