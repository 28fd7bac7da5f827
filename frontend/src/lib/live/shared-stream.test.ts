import { describe, expect, test, vi } from 'vitest';
import { shareStream, type ChannelLike, type Leading, type LockManagerLike } from './shared-stream';
import type { SseMessage } from './sse-parser';

/** Web Locks as the browser keeps them: one holder per name, the others waiting in order; abort drops a waiter. */
function fakeLocks(): LockManagerLike {
  const queues = new Map<string, Array<() => void>>();
  const held = new Set<string>();
  const next = (name: string) => {
    const waiter = queues.get(name)?.shift();
    if (waiter) waiter();
    else held.delete(name);
  };
  return {
    request(name, { signal }, callback) {
      return new Promise((resolve, reject) => {
        const run = () => {
          held.add(name);
          callback()
            .then(resolve, reject)
            .finally(() => next(name));
        };
        if (!held.has(name)) return run();
        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        queue.push(run);
        signal?.addEventListener('abort', () => {
          const at = queue.indexOf(run);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  };
}

/** BroadcastChannel: a message reaches every other open channel of the name, never its sender, asynchronously. */
function fakeChannels() {
  const open = new Map<string, Set<{ listeners: Array<(event: { data: unknown }) => void> }>>();
  return (name: string): ChannelLike => {
    const self = { listeners: [] as Array<(event: { data: unknown }) => void> };
    const peers = open.get(name) ?? new Set();
    open.set(name, peers);
    peers.add(self);
    return {
      postMessage(message) {
        for (const peer of peers)
          if (peer !== self) queueMicrotask(() => peer.listeners.forEach((listener) => listener({ data: structuredClone(message) })));
      },
      addEventListener: (_type, listener) => self.listeners.push(listener),
      close: () => peers.delete(self),
    };
  };
}

/** A tab: what its stream was asked to do, and what it received. */
function openTab(name: string, locks: LockManagerLike | undefined, openChannel: (name: string) => ChannelLike) {
  const received: SseMessage[] = [];
  const leads: Array<{ lastEventId: string | undefined; deliver: (message: SseMessage) => void; signal: AbortSignal }> = [];
  const wake = vi.fn();
  const tab = shareStream({
    name,
    locks,
    openChannel,
    onMessage: (message) => received.push(message),
    lead: (lastEventId, signal, deliver): Leading => {
      leads.push({ lastEventId, deliver, signal });
      return { wake };
    },
  });
  return { ...tab, received, leads, wakes: wake };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const change = (id: string): SseMessage => ({ id, event: 'change', data: `{"what":"likes","position":"${id}"}` });

describe('one stream per browser', () => {
  test('of three tabs only the first reads the stream, and every tab receives each message once', async () => {
    const [locks, channels] = [fakeLocks(), fakeChannels()];
    const tabs = [1, 2, 3].map(() => openTab('user', locks, channels));
    await flush();
    expect(tabs.map((tab) => tab.leads.length)).toEqual([1, 0, 0]);
    expect(tabs[0].leads[0].lastEventId).toBeUndefined();

    tabs[0].leads[0].deliver(change('5'));
    tabs[0].leads[0].deliver(change('6'));
    await flush();
    for (const tab of tabs) expect(tab.received).toEqual([change('5'), change('6')]);
  });

  test('when the leader goes, the next tab takes over from the last id it was passed, and only that one', async () => {
    const [locks, channels] = [fakeLocks(), fakeChannels()];
    const tabs = [1, 2, 3].map(() => openTab('user', locks, channels));
    await flush();
    tabs[0].leads[0].deliver(change('5'));
    await flush();

    tabs[0].stop();
    await flush();
    expect(tabs[0].leads[0].signal.aborted).toBe(true);
    expect(tabs.map((tab) => tab.leads.length)).toEqual([1, 1, 0]);
    expect(tabs[1].leads[0].lastEventId).toBe('5');

    // The new leader's messages reach the tab left, and the one gone hears nothing more.
    tabs[1].leads[0].deliver(change('7'));
    await flush();
    expect(tabs[2].received).toEqual([change('5'), change('7')]);
    expect(tabs[0].received).toEqual([change('5')]);

    tabs[1].stop();
    await flush();
    expect(tabs[2].leads.map((lead) => lead.lastEventId)).toEqual(['7']);
  });

  test('a tab stopped while it waits (signed out) never reads the stream', async () => {
    const [locks, channels] = [fakeLocks(), fakeChannels()];
    const first = openTab('user', locks, channels);
    const second = openTab('user', locks, channels);
    await flush();
    second.stop();
    first.stop();
    await flush();
    expect(second.leads).toEqual([]);
    const third = openTab('user', locks, channels);
    await flush();
    expect(third.leads).toHaveLength(1);
  });

  test("a follower's wake (back in the foreground) reaches the leader's backoff", async () => {
    const [locks, channels] = [fakeLocks(), fakeChannels()];
    const leader = openTab('user', locks, channels);
    const follower = openTab('user', locks, channels);
    await flush();
    follower.wake();
    await flush();
    expect(leader.wakes).toHaveBeenCalledTimes(1);
    leader.wake();
    expect(leader.wakes).toHaveBeenCalledTimes(2);
  });

  test('streams of different names (the catalogue, each user) have a leader each', async () => {
    const [locks, channels] = [fakeLocks(), fakeChannels()];
    const catalogue = openTab('catalogue', locks, channels);
    const user = openTab('user a', locks, channels);
    const other = openTab('user b', locks, channels);
    await flush();
    expect([catalogue, user, other].map((tab) => tab.leads.length)).toEqual([1, 1, 1]);
    catalogue.leads[0].deliver(change('1'));
    await flush();
    expect(user.received).toEqual([]);
  });

  test('without Web Locks (an insecure context) each tab reads its own stream', async () => {
    const channels = fakeChannels();
    const tabs = [1, 2].map(() => openTab('user', undefined, channels));
    await flush();
    expect(tabs.map((tab) => tab.leads.length)).toEqual([1, 1]);
    tabs[0].leads[0].deliver(change('3'));
    await flush();
    expect(tabs[1].received).toEqual([]);
  });
});
