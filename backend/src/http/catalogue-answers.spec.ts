import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AnswerCodec, CatalogueAnswers, ZLIB_CODEC } from './catalogue-answers';

const json = (n: number, size = 2000) => Buffer.from(JSON.stringify({ videos: [{ n, text: 'x'.repeat(size) }], next: null }));

/** The zlib codec, counting its calls. */
function countingCodec() {
  const calls = { encode: 0, decode: 0 };
  const codec: AnswerCodec = {
    encode: (identity, coding) => (calls.encode++, ZLIB_CODEC.encode(identity, coding)),
    decode: (bytes, coding) => (calls.decode++, ZLIB_CODEC.decode(bytes, coding)),
  };
  return { calls, codec };
}

describe('kept catalogue answers', () => {
  test('an answer is kept in the coding its client took, and sent again without encoding it again', () => {
    const { calls, codec } = countingCodec();
    const answers = new CatalogueAnswers(1 << 20, codec);
    const identity = json(1);
    const kept = answers.keep('/api/videos?q=tv', 7, identity, 'br', '</api/videos?cursor=c>; rel="next"');
    expect(brotliDecompressSync(answers.bytes(kept, 'br'))).toEqual(identity);
    const again = answers.find('/api/videos?q=tv', 7)!;
    expect(again.etag).toBe(kept.etag);
    expect(again.link).toBe('</api/videos?cursor=c>; rel="next"');
    expect(answers.bytes(again, 'br')).toBe(answers.bytes(kept, 'br'));
    expect(calls).toEqual({ encode: 1, decode: 0 });
    // Only the brotli bytes (and the entry) are counted: not the JSON beside them.
    expect(answers.size.bytes).toBeLessThan(identity.length / 4);
  });

  test('another coding is made from the kept one, the same JSON once decoded, and kept from then on', () => {
    const { calls, codec } = countingCodec();
    const answers = new CatalogueAnswers(1 << 20, codec);
    const identity = json(2);
    const kept = answers.keep('/api/videos?q=a', 1, identity, 'br');
    expect(answers.bytes(kept, undefined)).toEqual(identity);
    expect(gunzipSync(answers.bytes(kept, 'gzip'))).toEqual(identity);
    const before = { ...calls };
    answers.bytes(kept, 'gzip');
    answers.bytes(kept, undefined);
    expect(calls).toEqual(before);
    // A client without compression: the JSON is kept as it is, and brotli made from it.
    const plain = answers.keep('/api/categories', 1, identity, undefined);
    expect(answers.bytes(plain, undefined)).toEqual(identity);
    expect(brotliDecompressSync(answers.bytes(plain, 'br'))).toEqual(identity);
  });

  test('the ETag names the JSON, whatever the coding kept, and differs for another answer', () => {
    const answers = new CatalogueAnswers();
    const a = answers.keep('/api/videos?q=a', 1, json(3), 'br');
    const b = answers.keep('/api/videos?q=b', 1, json(3), 'gzip');
    const c = answers.keep('/api/videos?q=c', 1, json(4), 'br');
    expect(a.etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(b.etag).toBe(a.etag);
    expect(c.etag).not.toBe(a.etag);
  });

  test('a new version of the catalogue drops every answer kept before it', () => {
    const answers = new CatalogueAnswers();
    answers.keep('/api/videos?limit=24', 1, json(5), 'br');
    answers.keep('/api/videos?q=tv', 1, json(6), 'br');
    expect(answers.find('/api/videos?limit=24', 1)).toBeDefined();
    expect(answers.find('/api/videos?limit=24', 2)).toBeUndefined();
    expect(answers.size).toEqual({ answers: 0, bytes: 0 });
    expect(answers.find('/api/videos?q=tv', 1)).toBeUndefined();
    answers.keep('/api/videos?q=tv', 2, json(7), 'br');
    expect(answers.find('/api/videos?q=tv', 2)).toBeDefined();
  });

  test('past its bytes, the least recently used answers are dropped first; the one just used stays', () => {
    // Incompressible answers of ~3 kB, in a store of 10 kB: three fit.
    const noise = (n: number) => Buffer.from(JSON.stringify({ n, noise: randomBytes(2200).toString('base64') }));
    const answers = new CatalogueAnswers(10_000, { encode: (b) => Buffer.from(b), decode: (b) => b });
    for (const n of [1, 2, 3]) answers.keep(`/u${n}`, 1, noise(n), 'br');
    expect(answers.size.answers).toBe(3);
    answers.find('/u1', 1);
    answers.keep('/u4', 1, noise(4), 'br');
    expect(answers.find('/u2', 1)).toBeUndefined();
    expect(['/u1', '/u3', '/u4'].map((url) => answers.find(url, 1) !== undefined)).toEqual([true, true, true]);
    expect(answers.size.bytes).toBeLessThanOrEqual(10_000);
    // A coding added to an answer counts too: the oldest other answer makes room.
    answers.bytes(answers.find('/u4', 1)!, 'gzip');
    expect(answers.find('/u1', 1)).toBeUndefined();
    expect(answers.size.bytes).toBeLessThanOrEqual(10_000);
  });

  test('an answer dropped while its bytes are being made is still answered, and not counted', () => {
    const answers = new CatalogueAnswers();
    const kept = answers.keep('/api/videos?q=x', 1, json(8), 'br');
    answers.find('/api/videos?q=x', 2);
    expect(gunzipSync(answers.bytes(kept, 'gzip'))).toEqual(json(8));
    expect(answers.size).toEqual({ answers: 0, bytes: 0 });
  });

  test('kept bytes hold no larger buffer than themselves (zlib writes into 16 kB chunks)', () => {
    const answers = new CatalogueAnswers();
    const kept = answers.keep('/api/videos?q=y', 1, json(9, 200), 'br');
    const bytes = answers.bytes(kept, 'br');
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });
});
