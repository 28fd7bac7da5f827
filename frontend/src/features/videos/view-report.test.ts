import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { guestViewerId, playbackTimer } from './view-report';

describe('playbackTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('reports once after 10 s of playback, counted across pauses', () => {
    const report = vi.fn();
    const timer = playbackTimer(report);
    timer.playing(true);
    vi.advanceTimersByTime(6_000);
    timer.playing(false);
    vi.advanceTimersByTime(60_000);
    expect(report).not.toHaveBeenCalled();
    timer.playing(true);
    vi.advanceTimersByTime(3_999);
    expect(report).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(report).toHaveBeenCalledTimes(1);
    timer.playing(false);
    timer.playing(true);
    vi.advanceTimersByTime(60_000);
    expect(report).toHaveBeenCalledTimes(1);
  });

  test('a repeated "playing" does not restart the count; leaving the page before 10 s reports nothing', () => {
    const report = vi.fn();
    const timer = playbackTimer(report);
    timer.playing(true);
    vi.advanceTimersByTime(5_000);
    timer.playing(true);
    vi.advanceTimersByTime(5_000);
    expect(report).toHaveBeenCalledTimes(1);

    const left = vi.fn();
    const other = playbackTimer(left);
    other.playing(true);
    vi.advanceTimersByTime(9_000);
    other.stop();
    vi.advanceTimersByTime(60_000);
    expect(left).not.toHaveBeenCalled();
  });
});

describe('guestViewerId', () => {
  test('one random id per browser session, kept in sessionStorage', () => {
    sessionStorage.clear();
    const id = guestViewerId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(guestViewerId()).toBe(id);
    expect(sessionStorage.getItem('viewer')).toBe(id);
  });

  test('where storage is refused, one id for the page', () => {
    const refused = () => {
      throw new Error('SecurityError');
    };
    expect(guestViewerId(refused)).toBe(guestViewerId(refused));
  });
});
