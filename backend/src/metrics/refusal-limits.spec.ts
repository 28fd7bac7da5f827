import { CapReached } from '../errors/cap-reached';
import { DomainError } from '../errors/domain-error';
import { ERRORS, ErrorCode } from '../errors/error-catalogue';
import { TooManyAttempts } from '../errors/too-many-attempts';
import { refusalLimit } from './refusal-limits';

describe('refusalLimit: the `limit` label of techtube_refusals_total', () => {
  it('names each cap by what it bounds', () => {
    expect(refusalLimit(new CapReached('PLAYLIST_CAP_REACHED', 200))).toBe('playlists');
    expect(refusalLimit(new CapReached('PLAYLIST_VIDEO_CAP_REACHED', 5000))).toBe('playlist_videos');
    expect(refusalLimit(new CapReached('IMPORT_TOO_LARGE', 10_000))).toBe('import_entries');
  });

  it('names each rate limit, and the view reports apart from the writes whose message they share', () => {
    expect(refusalLimit(new TooManyAttempts(3))).toBe('login');
    expect(refusalLimit(new TooManyAttempts(3, 'TOO_MANY_SIGNUPS'))).toBe('signup');
    expect(refusalLimit(new TooManyAttempts(3, 'TOO_MANY_PUBLIC_READS'))).toBe('public_reads');
    expect(refusalLimit(new TooManyAttempts(3, 'TOO_MANY_WRITES'))).toBe('writes');
    expect(refusalLimit(new TooManyAttempts(3, 'TOO_MANY_WRITES', 'view_reports'))).toBe('view_reports');
    expect(refusalLimit(new DomainError('TOO_MANY_LIVE_STREAMS'))).toBe('live_streams');
    expect(refusalLimit(new DomainError('LIVE_STREAMS_FULL'))).toBe('live_streams');
  });

  it('counts every 429 of the error catalogue under some limit, so a new limit cannot go uncounted', () => {
    const tooMany = (Object.keys(ERRORS) as ErrorCode[]).filter((code) => ERRORS[code].status === 429);
    expect(tooMany.length).toBeGreaterThan(0);
    for (const code of tooMany) expect([code, refusalLimit({ code })]).toEqual([code, expect.any(String)]);
  });

  it('is no refusal for any other failure', () => {
    expect(refusalLimit(new DomainError('VIDEO_NOT_FOUND'))).toBeUndefined();
    expect(refusalLimit(new Error('boom'))).toBeUndefined();
    expect(refusalLimit(undefined)).toBeUndefined();
  });
});
