import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';

export interface TokenPayload {
  readonly _id: string;
  readonly email: string;
  /**
   * The user's session generation when the token was issued (SECURITY.md §11): a password change or
   * "sign out everywhere" raises it, and the auth guard refuses tokens of a lower one. Absent
   * (every token issued before, and while it is 0): 0.
   */
  readonly gen?: number;
}

/** Tokens remembered as verified; past this many the oldest is forgotten first. */
const MAX_VERIFIED = 10_000;

/** Three parts of base64url: letters, digits, `-` and `_`, no padding (RFC 7515 §2). */
const JWS_COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Only the one canonical spelling of a token is accepted: base64url without padding, each part
 * decoding and re-encoding to itself (no stray trailing bits). Standard base64 (`+`, `/`, `=`) is
 * decoded leniently by Node, so without this one token would have many accepted spellings.
 */
function isCanonical(token: string): boolean {
  return JWS_COMPACT.test(token) && token.split('.').every((part) => Buffer.from(part, 'base64url').toString('base64url') === part);
}

/**
 * A client that keeps its token as `JSON.stringify(token)` sends it with the quotes that gives: `"eyJ…"`.
 * The raw form only, in exactly one pair around the whole value: what is inside must be a token itself
 * (the canonical check below refuses a quote, a space or a `Bearer` left inside), and `Bearer "…"`
 * keeps its quotes, so it is refused.
 */
const QUOTED = /^"[^"]*"$/;

/** HS256 only: the algorithm is pinned on verify so a token cannot choose its own ("none", RS256 …). */
@Injectable()
export class TokenService {
  private readonly jwt: JwtService;
  /**
   * Tokens whose signature already checked out, with their expiry (seconds). A client sends the same
   * token with every request, and checking its HMAC again cost a list read more than its Redis read
   * (bench/RESULTS.md). Keyed by the whole token, so only those exact bytes are trusted; the expiry is
   * still checked on every use, as jsonwebtoken would.
   */
  private readonly verified = new Map<string, { readonly payload: TokenPayload; readonly exp: number }>();
  /** The configured lifetime: no token of ours expires further ahead than this. */
  private readonly lifetimeSeconds: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse it as
    // a public key on every verify, which cost ~0.4 ms of CPU per request (bench/RESULTS.md).
    this.lifetimeSeconds = config.jwtExpiresInSeconds;
    const secret = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
    this.jwt = new JwtService({ secret, signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresInSeconds } });
  }

  sign(payload: TokenPayload): string {
    const gen = payload.gen ?? 0;
    return this.jwt.sign({ _id: payload._id, email: payload.email, ...(gen > 0 && { gen }) });
  }

  /**
   * Accepts the raw token (what existing clients send), "Bearer <token>", or the raw token in one pair of
   * double quotes (docs/compatibility.md, "Quoted tokens"). The token inside is verified all the same.
   */
  verify(header: string | string[] | undefined): TokenPayload {
    if (typeof header !== 'string') throw new DomainError('INVALID_TOKEN');
    const value = header.trim();
    const token = QUOTED.test(value) ? value.slice(1, -1) : value.replace(/^Bearer\s+/i, '').trim();
    const known = this.verified.get(token);
    if (known) {
      if (Math.floor(Date.now() / 1000) < known.exp) return known.payload;
      this.verified.delete(token);
      throw new DomainError('INVALID_TOKEN');
    }
    if (!isCanonical(token)) throw new DomainError('INVALID_TOKEN');
    try {
      const payload = this.jwt.verify<Partial<TokenPayload> & { exp?: unknown }>(token, { algorithms: ['HS256'] });
      // Every token we issue expires; one without `exp` would be valid forever, so it is not ours.
      if (typeof payload._id !== 'string' || typeof payload.email !== 'string' || typeof payload.exp !== 'number')
        throw new Error('payload');
      if (payload.gen !== undefined && !(Number.isSafeInteger(payload.gen) && payload.gen > 0)) throw new Error('gen');
      // We never issue a token that expires further ahead than the lifetime (exp = 1e300 is forged or foreign).
      if (payload.exp > Math.floor(Date.now() / 1000) + this.lifetimeSeconds) throw new Error('exp');
      // Frozen: the same object answers every later use of this token.
      const verified = Object.freeze({ _id: payload._id, email: payload.email, ...(payload.gen !== undefined && { gen: payload.gen }) });
      this.remember(token, verified, payload.exp);
      return verified;
    } catch {
      throw new DomainError('INVALID_TOKEN');
    }
  }

  private remember(token: string, payload: TokenPayload, exp: number): void {
    if (this.verified.size >= MAX_VERIFIED) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { payload, exp });
  }
}
