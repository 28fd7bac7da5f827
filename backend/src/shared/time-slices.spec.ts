import { TimeSlices } from './time-slices';

describe('TimeSlices: bulk work that lets other work run every few milliseconds', () => {
  test('a timer due meanwhile runs between slices, not after all the work', async () => {
    const slices = new TimeSlices(2);
    let timerRanAfter: number | undefined;
    let done = 0;
    setTimeout(() => (timerRanAfter = done), 0);
    const until = performance.now() + 50;
    while (performance.now() < until) {
      done++;
      await slices.pass();
    }
    expect(timerRanAfter).toBeDefined();
    expect(timerRanAfter!).toBeLessThan(done);
  });

  test('within its time a slice does not yield: the work goes on in the same turn', async () => {
    const slices = new TimeSlices(60_000);
    let immediate = false;
    setImmediate(() => (immediate = true));
    for (let k = 0; k < 1000; k++) await slices.pass();
    expect(slices.due()).toBe(false);
    expect(immediate).toBe(false);
  });
});
