import fc from 'fast-check';
import { VIDEOS } from '../catalogue/catalogue.data';
import { frozenJson, jsonReplySerializer } from './json-reply';

const known = frozenJson(VIDEOS);
const serialize = jsonReplySerializer(() => known);
const bytes = (answer: string | Buffer) => (typeof answer === 'string' ? Buffer.from(answer, 'utf8') : answer);

describe('jsonReplySerializer: the bytes of JSON.stringify, faster for lists of catalogue videos', () => {
  it('answers a list read with exactly the bytes JSON.stringify would send', () => {
    for (const payload of [{ likes: VIDEOS.slice(0, 12) }, { history: [] }, { videos: VIDEOS }, { watchlater: [VIDEOS[3]!, VIDEOS[0]!] }]) {
      const answer = serialize(payload);
      expect(Buffer.isBuffer(answer)).toBe(true);
      expect(bytes(answer).equals(Buffer.from(JSON.stringify(payload), 'utf8'))).toBe(true);
    }
  });

  it('any other shape — other values, copies of videos, toJSON, classes — is JSON.stringify', () => {
    class Answer {
      likes = [VIDEOS[0]];
    }
    const others: unknown[] = [
      { errors: ['The token is invalid. Unauthorized access error.'] },
      { likes: [{ ...VIDEOS[0]! }] },
      { likes: [VIDEOS[0], null] },
      { likes: VIDEOS.slice(0, 2), total: { of: 2 } },
      { likes: VIDEOS.slice(0, 2), at: new Date(0) },
      { next: 'cursor' },
      { likes: { toJSON: () => 'x' } },
      { toJSON: () => ({ likes: [] }) },
      new Answer(),
      {},
      [VIDEOS[0]],
      'text',
      42,
      null,
    ];
    for (const payload of others) expect(serialize(payload)).toEqual(JSON.stringify(payload));
  });

  it('a page, its lists beside a cursor, a count or a flag, keeps the fast path with the same bytes', () => {
    for (const payload of [
      { videos: VIDEOS.slice(0, 3), next: 'eyJrIjoxfQ.c2ln' },
      { videos: VIDEOS.slice(0, 3), next: null },
      { likes: VIDEOS.slice(0, 2), total: 2, done: true, skipped: undefined },
      { note: 'quote " and \u2028 and é', videos: [] },
    ]) {
      const answer = serialize(payload);
      expect(Buffer.isBuffer(answer)).toBe(true);
      expect(bytes(answer).toString('utf8')).toEqual(JSON.stringify(payload));
    }
  });

  it('for any keys and any lists of catalogue videos, the bytes are those of JSON.stringify', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string(),
          fc.oneof(
            fc.array(fc.constantFrom(...VIDEOS), { maxLength: 20 }),
            fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined)),
          ),
          { minKeys: 1, maxKeys: 4 },
        ),
        (payload) => {
          expect(bytes(serialize(payload)).toString('utf8')).toEqual(JSON.stringify(payload));
        },
      ),
    );
  });

  it('catalogue videos cannot change under their encoded JSON', () => {
    expect(Object.isFrozen(VIDEOS[0])).toBe(true);
    expect(() => {
      (VIDEOS[0] as { title: string }).title = 'changed';
    }).toThrow(TypeError);
  });
});
