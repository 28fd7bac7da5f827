import { youtubeId } from './youtube-link';

describe('youtubeId', () => {
  it.each([
    ['BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['https://www.youtube.com/watch?v=BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['https://www.youtube.com/watch?feature=share&v=BJrsmM6aEYE&t=10', 'BJrsmM6aEYE'],
    ['youtube.com/watch?v=BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['https://youtu.be/BJrsmM6aEYE?si=abc', 'BJrsmM6aEYE'],
    ['https://m.youtube.com/shorts/BJrsmM6aEYE', 'BJrsmM6aEYE'],
    ['https://www.youtube-nocookie.com/embed/BJrsmM6aEYE?start=3', 'BJrsmM6aEYE'],
  ])('reads %s', (link, id) => expect(youtubeId(link)).toBe(id));

  it.each([
    'https://evil.example/watch?v=BJrsmM6aEYE',
    'https://www.youtube.com/watch?v=short',
    'javascript:alert(1)//BJrsmM6aEYE',
    'https://www.youtube.com/channel/BJrsmM6aEYE',
    'not a link',
  ])('refuses %s', (link) => expect(youtubeId(link)).toBeUndefined());
});
