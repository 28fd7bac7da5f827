import { Logger } from '@nestjs/common';
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../auth/token.service';
import { ERRORS, ErrorCode } from '../errors/error-catalogue';
import { IdempotencyKey, IdempotencyStore, StoredAnswer } from '../idempotency/idempotency-store.port';
import { committedPosition } from '../errors/committed-writes';
import { isKept, replayedBody, toKept } from './kept-answers';
import { isUserWrite, writer } from './user-writes';

/** How long a key answers again with its first answer (the draft's suggested 24 hours). */
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** Keys of printable ASCII, as the draft's examples (UUIDs and the like); an sf-string's quotes are removed. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const METHODS = new Set(['POST', 'PATCH', 'DELETE']);
/**
 * The latest answers are also kept in this process (bounded in number and bytes): a retry reaching
 * the same instance is answered even while the store is down, or after it came back empty (a Redis
 * without persistence), and an answer the store could not take is saved there once it is back.
 */
const MAX_REMEMBERED = 10_000;
const MAX_REMEMBERED_BYTES = 32 * 1024 * 1024;
/** What an answer's body may take of the heap: V8 keeps a string holding any non-Latin-1 character at two bytes a character. */
const heapBytes = (answer: StoredAnswer) => answer.body.length * 2;

/** The answers this hook gives itself; their messages live in the error catalogue like every other. */
export const IDEMPOTENCY_MESSAGES = {
  badKey: ERRORS.IDEMPOTENCY_KEY_MALFORMED.message,
  inProgress: ERRORS.IDEMPOTENCY_KEY_IN_USE.message,
  mismatch: ERRORS.IDEMPOTENCY_KEY_REUSED.message,
} as const;

interface Held {
  readonly key: IdempotencyKey;
  readonly fingerprint: string;
  readonly claimId: string;
}
const HELD = Symbol('idempotency-key');
type KeyedRequest = FastifyRequest & { [HELD]?: Held };

/** One string per (owner, key), for this process's maps; owners are user ids, which hold no newline. */
const idOf = ({ owner, key }: IdempotencyKey) => `${owner}\n${key}`;
function keyOf(id: string): IdempotencyKey {
  const at = id.indexOf('\n');
  return { owner: id.slice(0, at), key: id.slice(at + 1) };
}

/** JSON with object keys sorted: the same body sent twice with its keys in another order is the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `Idempotency-Key` on every POST, PATCH and DELETE of /api/user and /api/user/* (IETF httpapi
 * idempotency-key draft). Per user and key, for a request whose token passed the full authentication
 * (authenticateUserWrites, added before: a revoked token is the guard's 401, never a stored answer):
 * the first request runs and its answer is kept 24 h (kept-answers.ts: which answers, and in what
 * form); the same key with the same method, URL and body answers that again and writes nothing; with
 * anything else it is a 422; while the first is still running, a 409. The request is fingerprinted
 * with an HMAC under a server secret, never a bare hash of a body that may hold passwords. Requests
 * without the header are untouched. Fastify hooks, not a Nest interceptor: they see the answer
 * exactly as sent, errors too.
 */
export function honourIdempotencyKeys(
  fastify: FastifyInstance,
  deps: {
    store: IdempotencyStore;
    tokens: TokenService;
    fingerprintSecret: Buffer;
    pendingMs: number;
    /** Told of each replay and each refused reuse (docs/design/operating.md's idempotency metrics); optional. */
    counts?: { replayed(): void; refused(reason: 'in_flight' | 'mismatch'): void };
  },
): { close(): void } {
  const logger = new Logger('IdempotencyKeys');
  const remembered = new Map<string, { readonly fingerprint: string; readonly answer: StoredAnswer; readonly until: number }>();
  let rememberedBytes = 0;
  const unsaved = new Set<string>();
  const forgetLocal = (id: string) => {
    const entry = remembered.get(id);
    if (!entry) return;
    remembered.delete(id);
    rememberedBytes -= heapBytes(entry.answer);
    unsaved.delete(id);
  };
  /**
   * Claims to let go of once the store answers (key → claim id): their release failed, or the claim's
   * own answer was lost (the store went down meanwhile), which would otherwise hold the key until it expires.
   */
  const unreleased = new Map<string, { readonly key: IdempotencyKey; readonly claimId: string }>();
  const release = async (key: IdempotencyKey, claimId: string) => {
    const id = idOf(key);
    try {
      await deps.store.release(key, claimId);
      if (unreleased.get(id)?.claimId === claimId) unreleased.delete(id);
    } catch {
      if (unreleased.size < MAX_REMEMBERED) unreleased.set(id, { key, claimId });
    }
  };
  const remember = (id: string, fingerprint: string, answer: StoredAnswer) => {
    forgetLocal(id);
    while (remembered.size > 0 && (remembered.size >= MAX_REMEMBERED || rememberedBytes + heapBytes(answer) > MAX_REMEMBERED_BYTES)) {
      forgetLocal(remembered.keys().next().value!);
    }
    remembered.set(id, { fingerprint, answer, until: Date.now() + IDEMPOTENCY_TTL_MS });
    rememberedBytes += heapBytes(answer);
  };

  const refuse = (reply: FastifyReply, code: ErrorCode, retryAfter?: string) => {
    if (code === 'IDEMPOTENCY_KEY_IN_USE') deps.counts?.refused('in_flight');
    if (code === 'IDEMPOTENCY_KEY_REUSED') deps.counts?.refused('mismatch');
    if (retryAfter) void reply.header('retry-after', retryAfter);
    return reply.status(ERRORS[code].status).send({ errors: [ERRORS[code].message] });
  };
  const replay = (request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer) => {
    if (answer.contentType) void reply.header('content-type', answer.contentType);
    const body = replayedBody(answer, writer(request)!, deps.tokens);
    deps.counts?.replayed();
    return reply.status(answer.status).header('idempotent-replayed', 'true').send(body);
  };

  fastify.addHook('preHandler', async (request: KeyedRequest, reply) => {
    if (!METHODS.has(request.method) || !isUserWrite(request)) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const raw = Array.isArray(header) ? undefined : header.trim().replace(/^"(.*)"$/, '$1');
    if (raw === undefined || !KEY_FORMAT.test(raw)) return refuse(reply, 'IDEMPOTENCY_KEY_MALFORMED');
    const user = writer(request);
    if (!user) return; // not a current token of a known user: the guard answers, and nothing is kept
    const key: IdempotencyKey = { owner: user._id, key: raw };
    const id = idOf(key);
    const fingerprint = createHmac('sha256', deps.fingerprintSecret)
      .update(`${request.method}\n${request.url}\n${canonical(request.body)}`)
      .digest('base64url');
    const local = remembered.get(id);
    if (local && local.until > Date.now()) {
      return local.fingerprint === fingerprint ? replay(request, reply, local.answer) : refuse(reply, 'IDEMPOTENCY_KEY_REUSED');
    }
    let claim;
    const claimId = randomUUID();
    try {
      const stale = unreleased.get(id);
      if (stale !== undefined) await deps.store.release(key, stale.claimId).then(() => unreleased.delete(id));
      claim = await deps.store.claim(key, fingerprint, deps.pendingMs, claimId);
    } catch (error) {
      void release(key, claimId); // the claim may have been made, its answer lost: it must not hold the key
      // Nothing was written: the client may retry, and the key then works as if new.
      logger.warn(`Idempotency key store unavailable: ${(error as Error).message}`);
      return refuse(reply, 'STORE_UNAVAILABLE', '1');
    }
    switch (claim.kind) {
      case 'claimed':
        request[HELD] = { key, fingerprint, claimId };
        return;
      case 'in-progress':
        return refuse(reply, 'IDEMPOTENCY_KEY_IN_USE', '1');
      case 'mismatch':
        return refuse(reply, 'IDEMPOTENCY_KEY_REUSED');
      case 'done':
        return replay(request, reply, claim.answer);
      default: {
        const never: never = claim;
        return never;
      }
    }
  });

  fastify.addHook('onSend', async (request: KeyedRequest, reply, payload) => {
    const held = request[HELD];
    if (!held) return payload;
    delete request[HELD];
    const status = reply.statusCode;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    if (!isKept(status) || body === undefined) {
      await release(held.key, held.claimId);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    const answer = toKept(status, body, typeof contentType === 'string' ? contentType : undefined, committedPosition(request));
    const id = idOf(held.key);
    remember(id, held.fingerprint, answer);
    try {
      await deps.store.complete(held.key, held.fingerprint, answer, IDEMPOTENCY_TTL_MS);
    } catch (error) {
      // The write is done: its answer stays here and is saved once the store is back.
      unsaved.add(id);
      logger.warn(`Answer of an Idempotency-Key kept in memory until the key store is back: ${(error as Error).message}`);
    }
    return payload;
  });

  // Saves the answers kept in memory, and lets go of stale claims, once the store answers again.
  let flushing = false;
  const timer = setInterval(() => {
    if (flushing || (unsaved.size === 0 && unreleased.size === 0)) return;
    flushing = true;
    void (async () => {
      for (const { key, claimId } of [...unreleased.values()]) await release(key, claimId);
      for (const id of [...unsaved]) {
        const entry = remembered.get(id);
        if (!entry || entry.until <= Date.now()) {
          unsaved.delete(id);
          continue;
        }
        try {
          await deps.store.complete(keyOf(id), entry.fingerprint, entry.answer, entry.until - Date.now());
          unsaved.delete(id);
        } catch {
          break;
        }
      }
    })().finally(() => (flushing = false));
  }, 1000);
  timer.unref();
  return { close: () => clearInterval(timer) };
}
