import { VIDEOS } from './catalogue.data';
import { formatCount, parseCount } from './display-count';

describe('display counts', () => {
  it('gives back every seed video’s published figures', () => {
    for (const video of VIDEOS) {
      expect(formatCount(parseCount(video.likes))).toBe(video.likes);
      expect(formatCount(parseCount(video.views))).toBe(video.views);
    }
  });

  it('never shows more than the count', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_299)).toBe('1.2k');
    expect(formatCount(92_999)).toBe('92k');
    expect(formatCount(4_199_999)).toBe('4.1M');
    expect(formatCount(12_500_000)).toBe('12M');
  });

  it('reads what it cannot parse as zero', () => {
    expect(parseCount('lots')).toBe(0);
    expect(parseCount('160')).toBe(160);
  });
});
