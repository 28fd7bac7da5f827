import { atTime } from './live-opener';

describe('atTime: what ends a stream when its token expires', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  test('fires at the time, not before', () => {
    const action = jest.fn();
    atTime(1_000_000 + 5_000, action);
    jest.advanceTimersByTime(4_999);
    expect(action).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
  });

  test('a time further away than setTimeout can wait (90 days) does not fire at once, and fires then', () => {
    const action = jest.fn();
    const ninetyDays = 90 * 24 * 3600 * 1000;
    atTime(1_000_000 + ninetyDays, action);
    jest.advanceTimersByTime(1);
    expect(action).not.toHaveBeenCalled();
    jest.advanceTimersByTime(ninetyDays - 2);
    expect(action).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
  });

  test('a time already past fires at once; a cancelled one never', () => {
    const past = jest.fn();
    atTime(1_000_000 - 1, past);
    expect(past).toHaveBeenCalledTimes(1);
    const cancelled = jest.fn();
    const cancel = atTime(1_000_000 + 10_000, cancelled);
    cancel();
    jest.advanceTimersByTime(20_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
