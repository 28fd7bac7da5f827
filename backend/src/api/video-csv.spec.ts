import { parseVideoCsv, videoIdOf } from './video-csv';

describe('parseVideoCsv', () => {
  test('reads one video per line from the first column, skipping blank lines and a header', () => {
    const csv = '\uFEFFvideoId,title\r\nBJrsmM6aEYE,Phone review\n\n  yoigsHYc77s  ;x\n"9XdS9sShG5Q","a, ""quoted"" title"\n';
    expect(parseVideoCsv(csv)).toEqual({ videoIds: ['BJrsmM6aEYE', 'yoigsHYc77s', '9XdS9sShG5Q'] });
    expect(parseVideoCsv('url\nhttps://youtu.be/BJrsmM6aEYE')).toEqual({ videoIds: ['BJrsmM6aEYE'] });
  });

  test('a header word after the first line is read as an id (the catalogue will report it unknown)', () => {
    expect(parseVideoCsv('a1\nid')).toEqual({ videoIds: ['a1', 'id'] });
  });

  test('keeps duplicates and order: the planner decides what is missing', () => {
    expect(parseVideoCsv('b\na\nb')).toEqual({ videoIds: ['b', 'a', 'b'] });
  });

  test('a line that names no video is an error with its line number; nothing is returned', () => {
    expect(parseVideoCsv('good\nhttps://vimeo.com/123\nnot an id')).toEqual({
      errors: [
        'csv line 2: "https://vimeo.com/123" is not a video id or a video URL',
        'csv line 3: "not an id" is not a video id or a video URL',
      ],
    });
  });

  test('a file without any video is an error', () => {
    expect(parseVideoCsv('')).toEqual({ errors: ['csv must list at least one video, one per line'] });
    expect(parseVideoCsv('videoId\n\n')).toEqual({ errors: ['csv must list at least one video, one per line'] });
  });
});

describe('videoIdOf', () => {
  test.each([
    ['BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['https://www.youtube.com/watch?v=BJrsmM6aEYE&t=42s', 'BJrsmM6aEYE'],
    ['youtube.com/watch?v=BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['https://m.youtube.com/watch?feature=share&v=BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['https://youtu.be/BJrsmM6aEYE?si=x', 'BJrsmM6aEYE'],
    ['https://www.youtube.com/embed/BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['https://www.youtube.com/shorts/BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['http://localhost:3000/video/BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['/video/BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['http://localhost:3000/videoPlay/BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['/videoPlay/BJrsmM6aEYE', 'BJrsmM6aEYE'],
  ])('%s names %s', (cell, id) => {
    expect(videoIdOf(cell)).toBe(id);
  });

  test.each([
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=bad id',
    'https://youtu.be/',
    'https://example.com/watch?v=BJrsmM6aEYE',
    'https://example.com/videos/BJrsmM6aEYE',
    'javascript:alert(1)',
    'ftp://youtu.be/BJrsmM6aEYE',
    'two words',
    'x'.repeat(65),
  ])('%s names no video', (cell) => {
    expect(videoIdOf(cell)).toBeUndefined();
  });
});
