import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { CredentialsReader } from '../queries/credentials.reader';
import { READ_MODEL, ReadModel, UserProfile } from '../read-model/read-model.port';
import { TokenService } from './token.service';

/**
 * Who a request's token is, checked fully: signature and expiry, the account still there (not
 * erased), its email, and the session generation (a token from before a password change or "sign
 * out everywhere" is refused). The guard answers with it; the write hooks (write rate,
 * Idempotency-Key) use it first, so that a revoked or stolen token can neither spend its owner's
 * write budget nor read a stored answer.
 */
const OUTCOME = Symbol('authentication');
type Authenticated = { headers: Record<string, string | string[] | undefined>; [OUTCOME]?: Promise<UserProfile | undefined> };

@Injectable()
export class Authenticator {
  constructor(
    private readonly tokens: TokenService,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    private readonly credentials: CredentialsReader,
  ) {}

  /**
   * authenticate() once per request: the write hooks and the guard see the same outcome, so that a
   * request the hooks could not authenticate (the read model not answering for a moment) is never let
   * through by the guard a moment later without its write rate counted or its Idempotency-Key claimed.
   */
  authenticateRequest(request: Authenticated): Promise<UserProfile | undefined> {
    return (request[OUTCOME] ??= this.authenticate(request.headers.authorization));
  }

  /**
   * The user of a valid, current token; undefined when it is validly signed but names no user (or
   * its email is not theirs). Throws the 401 DomainError for every other refusal.
   */
  async authenticate(authorization: string | string[] | undefined): Promise<UserProfile | undefined> {
    const payload = this.tokens.verify(authorization);
    const user = (await this.readModel.user(payload._id)) ?? (await this.fromStore(payload._id));
    // A valid signature for an id whose email differs is not this user's token.
    if (!user || user.email !== payload.email.trim().toLowerCase()) return undefined;
    // Signed out everywhere (or the password changed) since this token was issued: it is no longer valid.
    if ((payload.gen ?? 0) < (user.sessionGeneration ?? 0)) throw new DomainError('INVALID_TOKEN');
    return user;
  }

  /**
   * Whether the user holds the operator role as of the store's latest position, read from their account
   * stream on every call, never from the projected profile: a revoke appended by any process (this API,
   * another instance, `npm run operator`) is in force for every request that starts once it is committed
   * (docs/design/catalogue.md, "Operators"). Only operator routes ask.
   */
  isOperator(userId: string): Promise<boolean> {
    return this.credentials.isOperator(userId);
  }

  /**
   * The store is the authority on who exists: a read model being rebuilt (a fresh namespace, a Redis
   * that came back empty) or not yet showing a signup must not turn a real user into a 404. An erased
   * user is gone from the read model, so their token always comes here and is refused (401), on every
   * instance: the store, not process memory, says so.
   */
  private async fromStore(userId: string): Promise<UserProfile | undefined> {
    const state = await this.credentials.read(userId);
    // An erased account's token is no longer a token of anyone: refused like a bad signature.
    if (state.erased) throw new DomainError('INVALID_TOKEN');
    if (!state.registered) return undefined;
    const { email, firstName, lastName, name, username, createdAt, updatedAt, sessionGeneration, operator } = state;
    const profile = { _id: userId, email, firstName, lastName, name, username, createdAt, updatedAt, sessionGeneration };
    return operator ? { ...profile, operator } : profile;
  }
}
