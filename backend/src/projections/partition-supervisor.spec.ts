import { assignPartitions } from './partition-owners';
import { PartitionSupervisor } from './partition-supervisor';
import type { ProjectorLeases } from '../projector-leases/projector-lease';

/** Leases of three partitions shared by `members`; `refused` partitions are held by someone else. */
function fakeLeases(members: string[], refused: number[] = []) {
  const released: number[] = [];
  let left = false;
  const leases: ProjectorLeases = {
    holderId: 'me',
    ttlMs: 300,
    partitions: 3,
    lease: (partition) => ({
      holderId: 'me',
      ttlMs: 300,
      acquire: async () => !refused.includes(partition),
      renew: async () => true,
      release: async () => void released.push(partition),
      close: async () => {},
    }),
    heartbeat: async () => [...members].sort(),
    leave: async () => void (left = true),
    close: async () => {},
  };
  return { leases, released, left: () => left };
}

/** Partition loops that run until they are told the partition is lost. */
function fakeLoops() {
  const running = new Set<number>();
  const project = async (partition: number, lost: AbortController) => {
    running.add(partition);
    await new Promise((resolve) => lost.signal.addEventListener('abort', resolve, { once: true }));
    running.delete(partition);
  };
  return { running, project };
}

const quiet = { log: () => undefined, warn: () => undefined };
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
};

describe('partition supervisor', () => {
  let stop: AbortController;
  beforeEach(() => (stop = new AbortController()));
  afterEach(() => stop.abort());

  test('a sole live instance holds and projects every partition whose lease it gets', async () => {
    const { leases } = fakeLeases(['me'], [1]);
    const { running, project } = fakeLoops();
    const supervisor = new PartitionSupervisor(leases, project, stop.signal, quiet);
    supervisor.start();
    await until(() => supervisor.heldPartitions.length === 2);
    expect(supervisor.heldPartitions).toEqual([0, 2]);
    expect([...running].sort()).toEqual([0, 2]);
    expect(supervisor.holds(1)).toBe(false);
  });

  test('when another instance joins, the partitions now assigned to it are handed over: projection stops and the lease is freed', async () => {
    const members = ['me'];
    const { leases, released } = fakeLeases(members);
    const { running, project } = fakeLoops();
    const lost: number[] = [];
    const supervisor = new PartitionSupervisor(leases, project, stop.signal, quiet, (partition) => lost.push(partition));
    supervisor.start();
    await until(() => supervisor.heldPartitions.length === 3);

    members.push('other');
    const theirs = assignPartitions(3, ['me', 'other']).flatMap((owner, k) => (owner === 'other' ? [k] : []));
    expect(theirs.length).toBeGreaterThan(0);
    await until(() => theirs.every((k) => released.includes(k)));
    expect(supervisor.heldPartitions).toEqual([0, 1, 2].filter((k) => !theirs.includes(k)));
    expect([...running].sort()).toEqual(supervisor.heldPartitions);
    expect(lost.sort()).toEqual(theirs);
  });

  test('a stop ends every partition loop, frees every lease and leaves the members at once', async () => {
    const { leases, released, left } = fakeLeases(['me']);
    const { running, project } = fakeLoops();
    const supervisor = new PartitionSupervisor(leases, project, stop.signal, quiet);
    supervisor.start();
    await until(() => supervisor.heldPartitions.length === 3);
    stop.abort();
    await supervisor.stopped();
    expect(running.size).toBe(0);
    expect(supervisor.heldPartitions).toEqual([]);
    expect(released.sort()).toEqual([0, 1, 2]);
    expect(left()).toBe(true);
  });
});
