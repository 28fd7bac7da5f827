import type { TokenService } from '../auth/token.service';
import type { RederivedField, StoredAnswer } from '../idempotency/idempotency-store.port';
import type { UserProfile } from '../read-model/read-model.port';

/**
 * An answer larger than this is kept as a short "already saved" answer instead (below): one user
 * replaying 2 MB answers must not grow the store by 2 MB a write (SECURITY.md §1).
 */
export const MAX_KEPT_ANSWER_BYTES = 64 * 1024;

/** What a retry of a write whose answer was too large to keep is told (with the write's position). */
export const ALREADY_SAVED_MESSAGE = 'This change was already saved. Read your lists again to see it.';

const REDERIVED: readonly RederivedField[] = ['encodedToken', 'user'];

/**
 * Answers worth repeating: the write's own (2xx) and a 409 (the duplicate the first request was
 * told of). Every other answer wrote nothing and depends on who asked and when (400, 401, 403 a wrong
 * password, 404, 413, 422, 429, 5xx): it is not kept, and a retry runs again.
 */
export function isKept(status: number): boolean {
  return (status >= 200 && status < 300) || status === 409;
}

/**
 * The answer as kept: never a token or the profile (a replay makes them anew for the user it has
 * authenticated), and never more than MAX_KEPT_ANSWER_BYTES (a larger 2xx becomes the 202 "already
 * saved" answer, naming the write's position, which every client already handles as "saved, read the
 * lists again").
 */
export function toKept(status: number, body: string, contentType: string | undefined, position: bigint | undefined): StoredAnswer {
  let kept: StoredAnswer = { status, body, ...(contentType !== undefined && { contentType }) };
  if (contentType?.startsWith('application/json') && REDERIVED.some((field) => body.includes(`"${field}"`))) {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const rederive = REDERIVED.filter((field) => field in parsed);
    for (const field of rederive) delete parsed[field];
    kept = { ...kept, body: JSON.stringify(parsed), rederive };
  }
  if (Buffer.byteLength(kept.body) <= MAX_KEPT_ANSWER_BYTES) return kept;
  const saved = { saved: true, message: ALREADY_SAVED_MESSAGE, ...(position !== undefined && { position: position.toString() }) };
  return { status: status < 300 ? 202 : status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(saved) };
}

/** The kept answer's body as a replay sends it: a fresh token and the profile as it is now, for this user. */
export function replayedBody(answer: StoredAnswer, user: UserProfile, tokens: TokenService): string {
  if (!answer.rederive?.length) return answer.body;
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  for (const field of answer.rederive) {
    if (field === 'encodedToken') body.encodedToken = tokens.sign({ _id: user._id, email: user.email, gen: user.sessionGeneration ?? 0 });
    else {
      const { sessionGeneration: _generation, ...profile } = user;
      body.user = profile;
    }
  }
  return JSON.stringify(body);
}
