import { describe, expect, test } from 'vitest';
import { mergePages } from './paging';
import type { Video } from '@/lib/types';

const video = (id: string) => ({ _id: id, title: `Video ${id}` }) as Video;

describe('mergePages', () => {
  test('appends the pages in order', () => {
    const pages = [
      { videos: [video('a'), video('b')], next: 'c1' },
      { videos: [video('c'), video('d')], next: null },
    ];
    expect(mergePages(pages).map((v) => v._id)).toEqual(['a', 'b', 'c', 'd']);
  });

  test('a video met again in a later page stays where it first came', () => {
    const pages = [
      { videos: [video('a'), video('b')], next: 'c1' },
      { videos: [video('b'), video('c')], next: null },
    ];
    expect(mergePages(pages).map((v) => v._id)).toEqual(['a', 'b', 'c']);
  });

  test('nothing fetched yet is no videos', () => {
    expect(mergePages(undefined)).toEqual([]);
    expect(mergePages([{ videos: [], next: null }])).toEqual([]);
  });
});
