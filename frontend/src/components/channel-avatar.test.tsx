import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ChannelAvatar } from './channel-avatar';

/** What the server gives as `channelAvatar` for "Unbox Therapy" (backend/src/catalogue/channel-avatar.ts). */
const SERVER_AVATAR =
  'data:image/svg+xml;utf8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%20width%3D%2264%22%20height%3D%2264%22%20viewBox%3D%220%200%2064%2064%22%3E%3Ccircle%20cx%3D%2232%22%20cy%3D%2232%22%20r%3D%2232%22%20fill%3D%22hsl(179%2C55%25%2C30%25)%22%2F%3E%3Ctext%20x%3D%2232%22%20y%3D%2240%22%20font-family%3D%22Arial%2Csans-serif%22%20font-size%3D%2224%22%20font-weight%3D%22700%22%20fill%3D%22%23fff%22%20text-anchor%3D%22middle%22%3EUT%3C%2Ftext%3E%3C%2Fsvg%3E';

function avatar(src: string | undefined, channel = 'Unbox Therapy') {
  const { container } = render(<ChannelAvatar src={src} channel={channel} />);
  return container;
}

afterEach(cleanup);

describe('a channel avatar', () => {
  test("the server's initials on a disc are drawn as text on the disc's own colour, not as an image", () => {
    const drawn = avatar(SERVER_AVATAR);
    expect(drawn.querySelector('img')).toBeNull();
    const disc = drawn.querySelector<HTMLElement>('.avatar--initials')!;
    expect(disc.textContent).toBe('UT');
    expect(disc.getAttribute('aria-hidden')).toBe('true');
    // jsdom writes the colour as the browser computes it: hsl(179, 55%, 30%).
    expect(disc.style.background).toBe('rgb(34, 119, 117)');
  });

  test('any other picture stays an image, decorative', () => {
    for (const src of [
      'https://yt3.ggpht.com/unbox.jpg',
      // An SVG with no text in it: a drawing, not initials.
      'data:image/svg+xml;utf8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%3E%3Ccircle%20fill%3D%22hsl(1%2C2%25%2C3%25)%22%2F%3E%3C%2Fsvg%3E',
      // Not a valid escape: never thrown, an image like any other.
      'data:image/svg+xml;utf8,%E0%A4%A',
    ]) {
      const drawn = avatar(src);
      expect(drawn.querySelector('img')?.getAttribute('src')).toBe(src);
      expect(drawn.querySelector('img')?.getAttribute('alt')).toBe('');
      cleanup();
    }
  });

  test('with no picture, the initials on the accent colour', () => {
    const disc = avatar(undefined, 'MKBHD').querySelector<HTMLElement>('.avatar--initials')!;
    expect(disc.textContent).toBe('M');
    expect(disc.style.background).toBe('');
  });
});
