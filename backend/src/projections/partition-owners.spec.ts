import { assignPartitions } from './partition-owners';

describe('assignPartitions', () => {
  const members = ['a', 'b', 'c'];

  it('gives every partition one live member, evenly (never more than ⌈P / N⌉ each)', () => {
    for (const partitions of [1, 2, 3, 4, 7, 16]) {
      const owners = assignPartitions(partitions, members);
      expect(owners.every((o) => o !== undefined && members.includes(o))).toBe(true);
      for (const m of members) expect(owners.filter((o) => o === m).length).toBeLessThanOrEqual(Math.ceil(partitions / 3));
    }
    expect(new Set(assignPartitions(3, members))).toEqual(new Set(members));
  });

  it('is the same whatever order the members are listed in, and a survivor keeps what it had when another leaves', () => {
    expect(assignPartitions(6, ['c', 'a', 'b'])).toEqual(assignPartitions(6, members));
    const before = assignPartitions(6, members);
    const after = assignPartitions(6, ['a', 'b']);
    for (let k = 0; k < 6; k++) if (before[k] !== 'c') expect(after[k]).toBe(before[k]);
  });

  it('assigns nothing without members', () => {
    expect(assignPartitions(2, [])).toEqual([undefined, undefined]);
  });
});
