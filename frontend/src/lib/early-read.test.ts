import { expect, test, vi } from 'vitest';
import { takeEarlyRead, type EarlyRead } from './early-read';

const origin = 'http://localhost:3000';
const get = (path: string, token = 't1', method = 'GET') => new Request(`${origin}${path}`, { method, headers: { authorization: token } });
const early = (response: Promise<Response>): { __earlyRead?: EarlyRead } => ({
  __earlyRead: { path: '/api/user/likes', token: 't1', response },
});

test('the same read with the same token takes the early answer, once', async () => {
  const answer = Response.json({ likes: [] });
  const holder = early(Promise.resolve(answer));
  expect(await takeEarlyRead(get('/api/user/likes'), holder)).toBe(answer);
  expect(takeEarlyRead(get('/api/user/likes'), holder)).toBeUndefined();
});

test('another path, a query, another token or a write is sent as usual, and leaves the early answer', () => {
  const holder = early(Promise.resolve(Response.json({ likes: [] })));
  for (const request of [
    get('/api/user/watchlater/'),
    get('/api/user/likes?x=1'),
    get('/api/user/likes', 'someone else'),
    get('/api/user/likes', 't1', 'DELETE'),
  ])
    expect(takeEarlyRead(request, holder)).toBeUndefined();
  expect(holder.__earlyRead).toBeDefined();
  expect(takeEarlyRead(get('/api/user/likes'), {})).toBeUndefined();
});

test('an early read that could not reach the server is sent again', async () => {
  const again = Response.json({ likes: [] });
  const fetch = vi.fn(async () => again);
  vi.stubGlobal('fetch', fetch);
  const holder = early(Promise.reject(new TypeError('Failed to fetch')));
  expect(await takeEarlyRead(get('/api/user/likes'), holder)).toBe(again);
  expect(fetch).toHaveBeenCalledTimes(1);
});
