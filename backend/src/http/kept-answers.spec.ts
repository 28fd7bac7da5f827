import type { TokenService } from '../auth/token.service';
import type { UserProfile } from '../read-model/read-model.port';
import { ALREADY_SAVED_MESSAGE, MAX_KEPT_ANSWER_BYTES, isKept, replayedBody, toKept } from './kept-answers';

const JSON_TYPE = 'application/json; charset=utf-8';
const user: UserProfile = {
  _id: 'u-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sessionGeneration: 3,
};
const tokens = {
  sign: (payload: { _id: string; gen?: number }) => `token-of-${payload._id}-gen-${payload.gen}`,
} as unknown as TokenService;

describe('kept answers of Idempotency-Keys', () => {
  test('the write’s own answers and a 409 are kept; answers that wrote nothing are not', () => {
    expect([200, 201, 202, 409].map(isKept)).toEqual([true, true, true, true]);
    expect([400, 401, 403, 404, 408, 413, 415, 422, 429, 500, 503].some(isKept)).toBe(false);
  });

  test('a token and the profile are never kept, and a replay makes them anew for the user it authenticated', () => {
    const body = JSON.stringify({ encodedToken: 'the-real-token', user: { email: 'ada@example.com', firstName: 'Ada' }, other: 1 });
    const kept = toKept(200, body, JSON_TYPE, 5n);
    expect(kept.body).not.toContain('the-real-token');
    expect(kept.body).not.toContain('ada@example.com');
    expect(kept.rederive).toEqual(['encodedToken', 'user']);
    const replayed = JSON.parse(replayedBody(kept, user, tokens));
    expect(replayed).toEqual({
      other: 1,
      encodedToken: 'token-of-u-1-gen-3',
      user: {
        _id: 'u-1',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      },
    });
  });

  test('an answer over the bound is kept as the short 202 "already saved" with the write’s position; smaller ones as they are', () => {
    const small = JSON.stringify({ likes: ['a'.repeat(100)] });
    expect(toKept(201, small, JSON_TYPE, 7n)).toEqual({ status: 201, body: small, contentType: JSON_TYPE });
    const large = JSON.stringify({ playlists: ['p'.repeat(MAX_KEPT_ANSWER_BYTES)] });
    const kept = toKept(201, large, JSON_TYPE, 7n);
    expect(kept.status).toBe(202);
    expect(JSON.parse(kept.body)).toEqual({ saved: true, message: ALREADY_SAVED_MESSAGE, position: '7' });
    expect(JSON.parse(toKept(200, large, JSON_TYPE, undefined).body)).toEqual({ saved: true, message: ALREADY_SAVED_MESSAGE });
  });
});
