// Videos for the search engine's tests: hand-written ones with only what a test names, and a seeded
// catalogue of many, with a reference of what search and each sort must answer, written from
// docs/design/catalogue.md ("Public answers") without the engine's code.
import type { SearchableVideo, VideoCounts, VideoSort } from './search-types';
import { VideoSearch } from './video-search';

let nextSeq = 1;

export function video(fields: Partial<SearchableVideo> & { id: string }): SearchableVideo {
  return {
    title: '',
    description: '',
    channel: '',
    categoryId: 'phones',
    publishedAt: '2024-01-01T00:00:00.000Z',
    seq: nextSeq++,
    retired: false,
    ...fields,
  };
}

export function searchOf(...videos: SearchableVideo[]): VideoSearch {
  const search = new VideoSearch();
  for (const v of videos) search.upsert(v);
  return search;
}

export const counts = (popularity: number, likeCount = 0, viewCount = 0): VideoCounts => ({ popularity, likeCount, viewCount });

/** Deterministic numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const WORDS = [
  'écran',
  'ecrans',
  'oled',
  'olympus',
  'tv',
  'television',
  'télé',
  'phone',
  'phones',
  'pixel',
  'samsung',
  'sam',
  'lg',
  'review',
];
const CATEGORIES = ['phones', 'monitors', 'televisions'];

export interface Modelled {
  readonly video: SearchableVideo;
  counts: VideoCounts;
}

export function randomVideo(random: () => number, seq: number): Modelled {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const text = (words: number) => Array.from({ length: 1 + Math.floor(random() * words) }, () => pick(WORDS)).join(' ');
  const likeCount = Math.floor(random() * 4);
  return {
    video: {
      id: `v${seq}`,
      title: text(4),
      description: text(8),
      channel: text(2),
      categoryId: pick(CATEGORIES),
      // Few distinct times and counts: ties, which only seq breaks, are the common case.
      publishedAt: new Date(Date.UTC(2024, 0, 1 + Math.floor(random() * 5))).toISOString(),
      seq,
      retired: random() < 0.1,
    },
    counts: { likeCount, viewCount: Math.floor(random() * 3), popularity: likeCount + Math.floor(random() * 3) },
  };
}

const norm = (text: string) => text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
const wordsIn = (text: string) =>
  norm(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The reference score: per query word, its best match (title 6 > channel 4 > description 2, a prefix one less); 0 when a word has none. */
export function referenceScore(v: SearchableVideo, q: string): number {
  let total = 0;
  for (const word of new Set(wordsIn(q))) {
    let best = 0;
    for (const [text, place] of [
      [v.title, 3],
      [v.channel, 2],
      [v.description, 1],
    ] as const) {
      for (const w of wordsIn(text)) if (w.startsWith(word)) best = Math.max(best, place * 2 - (w === word ? 0 : 1));
    }
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

/** Negative when `a` comes first in `sort`. */
export function referenceCompare(sort: VideoSort, a: Modelled, b: Modelled, q = ''): number {
  const bySeq = a.video.seq - b.video.seq;
  switch (sort) {
    case 'catalogue':
      return bySeq;
    case 'newest':
      return Date.parse(b.video.publishedAt) - Date.parse(a.video.publishedAt) || -bySeq;
    case 'title':
      return norm(a.video.title) < norm(b.video.title) ? -1 : norm(a.video.title) > norm(b.video.title) ? 1 : bySeq;
    case 'popular':
      return b.counts.popularity - a.counts.popularity || bySeq;
    case 'likes':
      return b.counts.likeCount - a.counts.likeCount || bySeq;
    case 'views':
      return b.counts.viewCount - a.counts.viewCount || bySeq;
    case 'relevance':
      return referenceScore(b.video, q) - referenceScore(a.video, q) || b.counts.popularity - a.counts.popularity || bySeq;
  }
}
