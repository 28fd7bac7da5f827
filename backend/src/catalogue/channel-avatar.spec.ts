import { channelAvatar } from './channel-avatar';

/** WCAG's relative luminance of an `hsl(h,s%,l%)` colour. */
function luminance(hsl: string): number {
  const [h, s, l] = hsl.match(/\d+/g)!.map(Number) as [number, number, number];
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
}

const svgOf = (url: string) => decodeURIComponent(url.slice('data:image/svg+xml;utf8,'.length));

describe('channelAvatar', () => {
  it("is the channel's initials, in white, on a disc", () => {
    const svg = svgOf(channelAvatar('Unbox Therapy'));
    expect(svg).toMatch(/<circle [^>]*fill="hsl\(\d+,55%,\d+%\)"/);
    expect(svg).toMatch(/<text [^>]*fill="#fff"[^>]*>UT<\/text>/);
  });

  it('gives the initials a contrast of at least 4.5:1 on the disc, whatever colour the name gives it', () => {
    const hues = new Set<string>();
    let lowest = Infinity;
    for (let i = 0; i < 2000; i++) {
      const disc = /<circle [^>]*fill="(hsl\([^)]*\))"/.exec(svgOf(channelAvatar(`Channel ${i}`)))![1]!;
      hues.add(disc);
      lowest = Math.min(lowest, 1.05 / (luminance(disc) + 0.05));
    }
    expect(lowest).toBeGreaterThanOrEqual(4.5);
    // The names cover the colour wheel, the hardest hues (yellows and greens) among them.
    expect(hues.size).toBeGreaterThan(300);
  });
});
