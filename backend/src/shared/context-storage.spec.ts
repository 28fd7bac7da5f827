import { setTimeout as sleep } from 'node:timers/promises';
import { ContextStorage } from './context-storage';

// That the hooks are off once no context is open is shown in a process of its own
// (test/server/context-storage.test.ts): Jest keeps async_hooks on in its own.
describe('ContextStorage: a context for as long as its work', () => {
  const storage = new ContextStorage<string>();
  const other = new ContextStorage<number>();

  test('the store is seen through awaits and timers inside the work, and not outside it', async () => {
    const seen = await storage.run('a', async () => {
      await sleep(5);
      const afterTimer = storage.getStore();
      await Promise.resolve();
      return [afterTimer, storage.getStore()];
    });
    expect(seen).toEqual(['a', 'a']);
    expect(storage.getStore()).toBeUndefined();
  });

  test('a context that ends while another is at work leaves the other its store, in every storage', async () => {
    let releaseLong!: () => void;
    const long = storage.run('long', () =>
      other.run(7, async () => {
        await new Promise<void>((resolve) => (releaseLong = resolve));
        await sleep(5);
        return [storage.getStore(), other.getStore()];
      }),
    );
    await storage.run('short', async () => sleep(1));
    releaseLong();
    expect(await long).toEqual(['long', 7]);
  });

  test('once every context is done, the next one has its store again, through its awaits', async () => {
    await storage.run('x', async () => sleep(1));
    expect(await storage.run('y', async () => (await sleep(1)) ?? storage.getStore())).toBe('y');
  });

  test('work that throws or rejects closes its context and passes the error on unchanged', async () => {
    const thrown = new Error('thrown');
    expect(() =>
      storage.run('t', () => {
        throw thrown;
      }),
    ).toThrow(thrown);
    const rejected = new Error('rejected');
    await expect(storage.run('r', async () => Promise.reject(rejected))).rejects.toBe(rejected);
    expect(await storage.run('after', async () => (await sleep(1)) ?? storage.getStore())).toBe('after');
  });

  test('the work’s own result is returned: the same promise, or a plain value', async () => {
    const promise = Promise.resolve(1);
    expect(storage.run('p', () => promise)).toBe(promise);
    expect(storage.run('v', () => storage.getStore())).toBe('v');
    await promise;
  });
});
