import { describe, expect, test } from 'vitest';
import { chunks, csvRows, parseImportFile } from './import-file';

describe('parseImportFile: JSON', () => {
  test('{ videos: [...] } and a bare array', () => {
    const videos = [{ url: 'https://youtu.be/BJrsmM6aEYE', title: 'Best TV' }];
    expect(parseImportFile('videos.json', JSON.stringify({ videos }))).toEqual({ videos });
    expect(parseImportFile('videos.json', JSON.stringify(videos))).toEqual({ videos });
  });

  test('says what is wrong with a file it cannot read', () => {
    expect(parseImportFile('videos.json', '{ "videos": [')).toEqual({ error: 'This file is not valid JSON.' });
    expect(parseImportFile('videos.json', '{ "items": [] }')).toEqual({ error: 'The JSON holds no "videos" list.' });
    expect(parseImportFile('videos.json', '{ "videos": [1, "a"] }')).toEqual({ error: 'Every entry of "videos" must be an object.' });
  });
});

describe('parseImportFile: CSV', () => {
  test('a header names the columns; quoted cells keep commas, quotes and line breaks; blank lines are skipped', () => {
    const csv = [
      'url,title,category,channel,duration,description',
      'https://youtu.be/BJrsmM6aEYE,"Best TV, 2024",television,Tech,10:24,"Says ""wow""',
      'on two lines"',
      '',
      'dQw4w9WgXcQ,Phone,smartphone,Tech,3:33,',
    ].join('\r\n');
    expect(parseImportFile('videos.csv', csv)).toEqual({
      videos: [
        {
          url: 'https://youtu.be/BJrsmM6aEYE',
          title: 'Best TV, 2024',
          category: 'television',
          channel: 'Tech',
          duration: '10:24',
          description: 'Says "wow"\r\non two lines',
        },
        { url: 'dQw4w9WgXcQ', title: 'Phone', category: 'smartphone', channel: 'Tech', duration: '3:33' },
      ],
    });
  });

  test('semicolons or tabs; "id" is _id; unknown columns are dropped; a BOM is ignored', () => {
    expect(parseImportFile('v.csv', '\uFEFFID;Title;Notes\nBJrsmM6aEYE;Best TV;x')).toEqual({
      videos: [{ _id: 'BJrsmM6aEYE', title: 'Best TV' }],
    });
    expect(parseImportFile('v.tsv', '_id\ttitle\nBJrsmM6aEYE\tBest TV')).toEqual({ videos: [{ _id: 'BJrsmM6aEYE', title: 'Best TV' }] });
  });

  test('without a header naming url or _id, or empty, it says so', () => {
    expect(parseImportFile('v.csv', 'BJrsmM6aEYE,Best TV')).toHaveProperty('error');
    expect(parseImportFile('v.csv', '\n\n')).toEqual({ error: 'This file is empty.' });
  });

  test('csvRows keeps an empty last cell', () => {
    expect(csvRows('a,b,\nc,,d')).toEqual([
      ['a', 'b', ''],
      ['c', '', 'd'],
    ]);
  });
});

describe('chunks', () => {
  test('runs of at most 1 000, each with its offset in the file', () => {
    const items = Array.from({ length: 2500 }, (_, i) => i);
    const runs = chunks(items);
    expect(runs.map((r) => [r.offset, r.items.length])).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 500],
    ]);
    expect(runs[2].items[0]).toBe(2000);
    expect(chunks([])).toEqual([]);
    expect(chunks([1, 2, 3], 2)).toEqual([
      { offset: 0, items: [1, 2] },
      { offset: 2, items: [3] },
    ]);
  });
});
