import type { FastifyInstance, FastifyReply } from 'fastify';
import { Effort, addVary, compressed, compressedOffLoop, preferredEncoding } from './http-encoding';

/** Smaller answers gain too little for the work (and the bytes of the header itself). */
const MIN_BYTES = 1024;

/** Up to this size an answer is compressed on the event loop (well under a millisecond); larger ones on libuv's pool. */
const INLINE_BYTES = 64 * 1024;

/** For answers compressed at every request: brotli 4 is about gzip 6's speed, with a fifth fewer bytes. */
const EFFORT: Effort = { brotliQuality: 4, gzipLevel: 6 };

/**
 * Compresses every JSON answer of 1 kB or more that went out uncompressed (a channel, a user's lists, a
 * playlist, the studio's table of videos), brotli or gzip as the client takes them (README, "Speed on a
 * phone"). The catalogue reads and index.html come compressed already (content-encoding set: left alone), and
 * streams (live changes, exports) are not touched. Registered after the Idempotency-Key hook, which keeps the
 * plain JSON: a replayed answer is compressed again for whoever asks.
 *
 * Compression beside secrets in one answer is what BREACH attacks; it needs a page of the attacker's to make the
 * victim's browser send authenticated requests. Credentials here travel only in the Authorization header, never
 * in cookies, so such a request carries none (SECURITY.md).
 */
export function compressJsonAnswers(fastify: FastifyInstance): void {
  // A callback hook, not an async one: an answer that goes out as it is (small, already compressed, or for a
  // client that takes no compression) pays no promise and no copy.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || reply.hasHeader('content-encoding') || !isJson(reply))
      return done(null, payload);
    if ((typeof payload === 'string' ? Buffer.byteLength(payload, 'utf8') : payload.length) < MIN_BYTES) return done(null, payload);
    addVary(reply, 'accept-encoding');
    const coding = preferredEncoding(request.headers['accept-encoding']);
    if (!coding) return done(null, payload);
    void reply.header('content-encoding', coding).removeHeader('content-length');
    const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
    if (body.length <= INLINE_BYTES) return done(null, compressed(body, coding, EFFORT));
    compressedOffLoop(body, coding, EFFORT).then(
      (compressed) => done(null, compressed),
      (error: Error) => done(error),
    );
  });
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}
