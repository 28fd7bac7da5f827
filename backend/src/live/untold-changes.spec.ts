import { UntoldChanges } from './untold-changes';

describe('UntoldChanges: the limit below the first change not told yet', () => {
  test('nothing added, or everything told: no limit of its own', () => {
    const untold = new UntoldChanges();
    expect(untold.toldBefore()).toBeUndefined();
    untold.add(3n);
    untold.told(3n);
    expect(untold.toldBefore()).toBeUndefined();
  });

  test('told out of order: the limit stays below the first untold, then jumps past every one told early', () => {
    const untold = new UntoldChanges();
    for (const position of [5n, 8n, 9n, 12n]) untold.add(position);
    expect(untold.toldBefore()).toBe(4n);
    untold.told(9n);
    untold.told(8n);
    expect(untold.toldBefore()).toBe(4n);
    untold.told(5n);
    expect(untold.toldBefore()).toBe(11n);
    untold.add(20n);
    untold.told(12n);
    expect(untold.toldBefore()).toBe(19n);
    untold.told(20n);
    expect(untold.toldBefore()).toBeUndefined();
  });

  test('holds many in flight and drops the told ones as it goes', () => {
    const untold = new UntoldChanges();
    for (let position = 1n; position <= 5000n; position++) untold.add(position);
    // The first stays untold while the rest are told: the limit does not move.
    for (let position = 5000n; position >= 2n; position--) untold.told(position);
    expect(untold.toldBefore()).toBe(0n);
    untold.told(1n);
    expect(untold.toldBefore()).toBeUndefined();
    for (let position = 5001n; position <= 7000n; position++) {
      untold.add(position);
      untold.told(position);
      expect(untold.toldBefore()).toBeUndefined();
    }
  });
});
