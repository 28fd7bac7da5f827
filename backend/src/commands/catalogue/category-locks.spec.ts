import { CategoryLocks } from './category-locks';

/** A promise settled from outside, for work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('CategoryLocks', () => {
  test('a removal waits for the writes into its category under way, and the writes that come meanwhile wait for it', async () => {
    const locks = new CategoryLocks();
    const order: string[] = [];
    const importing = gate();
    const imported = locks.placing(['c', 'd'], async () => {
      await importing.opened;
      order.push('import');
    });
    const removed = locks.removing('c', async () => {
      order.push('removal');
    });
    const published = locks.placing(['c'], async () => {
      order.push('publication');
    });
    await turn();
    expect(order).toEqual([]);
    importing.open();
    await Promise.all([imported, removed, published]);
    expect(order).toEqual(['import', 'removal', 'publication']);
  });

  test('writes into one category run side by side; other categories are not held up; a failed removal frees its category', async () => {
    const locks = new CategoryLocks();
    const first = gate();
    const order: string[] = [];
    const slow = locks.placing(['c'], async () => {
      await first.opened;
      order.push('slow');
    });
    await locks.placing(['c'], async () => order.push('fast'));
    await locks.removing('other', async () => order.push('other removed'));
    expect(order).toEqual(['fast', 'other removed']);
    first.open();
    await slow;

    await expect(
      locks.removing('c', async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await locks.placing(['c'], async () => order.push('after'));
    expect(order).toEqual(['fast', 'other removed', 'slow', 'after']);
  });

  test('two removals of one category run one after the other', async () => {
    const locks = new CategoryLocks();
    const held = gate();
    const order: string[] = [];
    const one = locks.removing('c', async () => {
      await held.opened;
      order.push('one');
    });
    const two = locks.removing('c', async () => order.push('two'));
    await turn();
    expect(order).toEqual([]);
    held.open();
    await Promise.all([one, two]);
    expect(order).toEqual(['one', 'two']);
  });
});
