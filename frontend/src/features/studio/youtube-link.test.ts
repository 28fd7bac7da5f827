import { describe, expect, test } from 'vitest';
import { youTubeThumbnail, youTubeVideoId } from './youtube-link';

const ID = 'BJrsmM6aEYE';

describe('youTubeVideoId', () => {
  test.each([
    [`https://www.youtube.com/watch?v=${ID}`],
    [`https://youtube.com/watch?feature=share&v=${ID}&t=42s`],
    [`https://m.youtube.com/watch?v=${ID}`],
    [`youtube.com/watch?v=${ID}`],
    [`https://youtu.be/${ID}`],
    [`https://youtu.be/${ID}?si=abc&t=10`],
    [`https://www.youtube.com/shorts/${ID}`],
    [`https://www.youtube.com/embed/${ID}?autoplay=1`],
    [`https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://www.youtube.com/live/${ID}`],
    [`  ${ID}  `],
  ])('%s', (link) => {
    expect(youTubeVideoId(link)).toBe(ID);
  });

  test.each([
    [''],
    ['not a link'],
    ['https://vimeo.com/123456789'],
    [`https://example.com/watch?v=${ID}`],
    ['https://www.youtube.com/watch?v=short'],
    ['https://www.youtube.com/watch'],
    ['https://www.youtube.com/@channel'],
    [`https://youtu.be/${ID}extra`],
    ['BJrsmM6aEY!'],
  ])('refuses %s', (link) => {
    expect(youTubeVideoId(link)).toBeNull();
  });

  test('the thumbnail of an id', () => {
    expect(youTubeThumbnail(ID)).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
  });
});
