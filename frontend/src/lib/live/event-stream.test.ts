import { describe, expect, test, vi } from 'vitest';
import { followEventStream } from './event-stream';
import type { SseMessage } from './sse-parser';

const streamOf = (...chunks: string[]) =>
  new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

const headersOf = (fetchImpl: ReturnType<typeof vi.fn>, call: number) => fetchImpl.mock.calls[call][1].headers as Record<string, string>;
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 2_000, interval: 5 });

describe('following a changes stream', () => {
  test('sends the token, resumes with Last-Event-ID after an end, backs off after a failure until woken, and stops at a 401', async () => {
    const answers = [
      () => streamOf(': heartbeat\n\nid: 5\nevent: ch', 'ange\ndata: {"what":"likes"}\n\n'),
      () => new Response(null, { status: 503 }),
      () => new Response(null, { status: 401 }),
    ];
    const fetchImpl = vi.fn(async () => answers.shift()!());
    const received: SseMessage[] = [];
    const refused = vi.fn();
    let token = 'first-token';
    const stream = followEventStream({
      url: '/api/user/changes',
      token: () => token,
      signal: new AbortController().signal,
      onMessage: (message) => received.push(message),
      onRefused: refused,
      fetchImpl: fetchImpl as unknown as typeof fetch,
      // The shortest of each spread: 0.8 s after the end, then 1.6 s after the 503, cut short by wake().
      random: () => 0,
    });

    await until(() => received.length === 1);
    expect(received).toEqual([{ id: '5', event: 'change', data: '{"what":"likes"}' }]);
    expect(headersOf(fetchImpl, 0)).toEqual({ accept: 'text/event-stream', authorization: 'first-token' });

    // The stream ended: asked again after the first backoff step, from the last id, with the token as it is now.
    token = 'renewed-token';
    await until(() => fetchImpl.mock.calls.length === 2);
    expect(headersOf(fetchImpl, 1)).toEqual({ accept: 'text/event-stream', authorization: 'renewed-token', 'last-event-id': '5' });

    // After the 503 it waits; back in the foreground, it asks at once.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    stream.wake();
    await until(() => fetchImpl.mock.calls.length === 3);
    expect(headersOf(fetchImpl, 2)['last-event-id']).toBe('5');

    await stream.done;
    expect(refused).toHaveBeenCalledWith(401);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(stream.lastEventId()).toBe('5');
  });

  test('a server without the route (404) is asked once, and the app goes on', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"errors":["Not found"]}', { status: 404 }));
    const refused = vi.fn();
    const stream = followEventStream({
      url: '/api/catalogue/changes',
      signal: new AbortController().signal,
      onMessage: () => undefined,
      onRefused: refused,
      fetchImpl: fetchImpl as unknown as typeof fetch,
    });
    await stream.done;
    expect(refused).toHaveBeenCalledWith(404);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(headersOf(fetchImpl, 0).authorization).toBeUndefined();
  });

  test('stopping (signed out, the tab gone) aborts the open stream and asks nothing more', async () => {
    const stop = new AbortController();
    let signal: AbortSignal | undefined;
    const fetchImpl = vi.fn(async (_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Response(new ReadableStream({ start: () => undefined }), { status: 200 });
    });
    const stream = followEventStream({
      url: '/api/user/changes',
      signal: stop.signal,
      onMessage: () => undefined,
      fetchImpl: fetchImpl as unknown as typeof fetch,
    });
    await until(() => signal !== undefined);
    stop.abort();
    await stream.done;
    expect(signal!.aborted).toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
