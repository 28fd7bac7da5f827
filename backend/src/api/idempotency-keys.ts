import { Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../auth/token.service';
import { ERRORS, ErrorCode } from '../errors/error-catalogue';
import { IdempotencyStore, StoredAnswer } from '../idempotency/idempotency-store.port';

/** How long a key answers again with its first answer (the draft's suggested 24 hours). */
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** Keys of printable ASCII, as the draft's examples (UUIDs and the like); an sf-string's quotes are removed. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const METHODS = new Set(['POST', 'PATCH', 'DELETE']);
/**
 * The latest answers are also kept in this process (bounded): a retry reaching the same instance is
 * answered even while the store is down, or after it came back empty (a Redis without persistence),
 * and an answer the store could not take is saved there once it is back.
 */
const MAX_REMEMBERED = 10_000;

/** The answers this hook gives itself; their messages live in the error catalogue like every other. */
export const IDEMPOTENCY_MESSAGES = {
  badKey: ERRORS.IDEMPOTENCY_KEY_MALFORMED.message,
  inProgress: ERRORS.IDEMPOTENCY_KEY_IN_USE.message,
  mismatch: ERRORS.IDEMPOTENCY_KEY_REUSED.message,
} as const;

interface Held {
  readonly key: string;
  readonly fingerprint: string;
  readonly claimId: string;
}
const HELD = Symbol('idempotency-key');
type KeyedRequest = FastifyRequest & { [HELD]?: Held };

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
 * `Idempotency-Key` on every POST, PATCH and DELETE of /api/user/* (IETF httpapi idempotency-key
 * draft). Per user (the token's id) and key: the first request runs and its answer is kept 24 h;
 * the same key with the same method, URL and body answers that again, status and body, and writes
 * nothing; with anything else it is a 422; while the first is still running, a 409. An answer that
 * wrote nothing (5xx, 408, 429) is not kept, so a retry runs again. Requests without the header are
 * untouched. Fastify hooks, not a Nest interceptor: they see the answer exactly as sent, errors too.
 */
export function honourIdempotencyKeys(
  fastify: FastifyInstance,
  deps: { store: IdempotencyStore; tokens: TokenService; pendingMs: number },
): { close(): void } {
  const logger = new Logger('IdempotencyKeys');
  const remembered = new Map<string, { readonly fingerprint: string; readonly answer: StoredAnswer; readonly until: number }>();
  const unsaved = new Set<string>();
  /**
   * Claims to let go of once the store answers (key → claim id): their release failed, or the claim's
   * own answer was lost (the store went down meanwhile), which would otherwise hold the key until it expires.
   */
  const unreleased = new Map<string, string>();
  const release = async (key: string, claimId: string) => {
    try {
      await deps.store.release(key, claimId);
      if (unreleased.get(key) === claimId) unreleased.delete(key);
    } catch {
      if (unreleased.size < MAX_REMEMBERED) unreleased.set(key, claimId);
    }
  };
  const remember = (key: string, fingerprint: string, answer: StoredAnswer) => {
    remembered.delete(key);
    if (remembered.size >= MAX_REMEMBERED) {
      const oldest = remembered.keys().next().value!;
      remembered.delete(oldest);
      unsaved.delete(oldest);
    }
    remembered.set(key, { fingerprint, answer, until: Date.now() + IDEMPOTENCY_TTL_MS });
  };

  const refuse = (reply: FastifyReply, code: ErrorCode, retryAfter?: string) => {
    if (retryAfter) void reply.header('retry-after', retryAfter);
    return reply.status(ERRORS[code].status).send({ errors: [ERRORS[code].message] });
  };
  const replay = (reply: FastifyReply, answer: StoredAnswer) => {
    if (answer.contentType) void reply.header('content-type', answer.contentType);
    return reply.status(answer.status).header('idempotent-replayed', 'true').send(answer.body);
  };

  fastify.addHook('preHandler', async (request: KeyedRequest, reply) => {
    if (!METHODS.has(request.method) || !request.routeOptions.url?.startsWith('/api/user/')) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const raw = Array.isArray(header) ? undefined : header.trim().replace(/^"(.*)"$/, '$1');
    if (raw === undefined || !KEY_FORMAT.test(raw)) return refuse(reply, 'IDEMPOTENCY_KEY_MALFORMED');
    let userId: string;
    try {
      userId = deps.tokens.verify(request.headers.authorization)._id;
    } catch {
      return; // the auth guard answers the 401
    }
    const key = `${userId}:${raw}`;
    const fingerprint = createHash('sha256')
      .update(`${request.method}\n${request.url}\n${canonical(request.body)}`)
      .digest('base64url');
    const local = remembered.get(key);
    if (local && local.until > Date.now()) {
      return local.fingerprint === fingerprint ? replay(reply, local.answer) : refuse(reply, 'IDEMPOTENCY_KEY_REUSED');
    }
    let claim;
    const claimId = randomUUID();
    try {
      const stale = unreleased.get(key);
      if (stale !== undefined) await deps.store.release(key, stale).then(() => unreleased.delete(key));
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
        return replay(reply, claim.answer);
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
    if (status >= 500 || status === 408 || status === 429 || body === undefined) {
      await release(held.key, held.claimId);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    const answer: StoredAnswer = { status, body, ...(typeof contentType === 'string' && { contentType }) };
    remember(held.key, held.fingerprint, answer);
    try {
      await deps.store.complete(held.key, held.fingerprint, answer, IDEMPOTENCY_TTL_MS);
    } catch (error) {
      // The write is done: its answer stays here and is saved once the store is back.
      unsaved.add(held.key);
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
      for (const [key, claimId] of [...unreleased]) await release(key, claimId);
      for (const key of [...unsaved]) {
        const entry = remembered.get(key);
        if (!entry || entry.until <= Date.now()) {
          unsaved.delete(key);
          continue;
        }
        try {
          await deps.store.complete(key, entry.fingerprint, entry.answer, entry.until - Date.now());
          unsaved.delete(key);
        } catch {
          break;
        }
      }
    })().finally(() => (flushing = false));
  }, 1000);
  timer.unref();
  return { close: () => clearInterval(timer) };
}
