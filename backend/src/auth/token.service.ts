import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';

export interface TokenPayload {
  readonly _id: string;
  readonly email: string;
}

/** HS256 only: the algorithm is pinned on verify so a token cannot choose its own ("none", RS256 …). */
@Injectable()
export class TokenService {
  private readonly jwt: JwtService;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.jwt = new JwtService({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresInSeconds } });
  }

  sign(payload: TokenPayload): string {
    return this.jwt.sign({ _id: payload._id, email: payload.email });
  }

  /** Accepts the raw token (what existing clients send) or "Bearer <token>". */
  verify(header: string | string[] | undefined): TokenPayload {
    if (typeof header !== 'string') throw new DomainError('INVALID_TOKEN');
    const token = header.replace(/^Bearer\s+/i, '').trim();
    try {
      const payload = this.jwt.verify<Partial<TokenPayload> & { exp?: unknown }>(token, { algorithms: ['HS256'] });
      // Every token we issue expires; one without `exp` would be valid forever, so it is not ours.
      if (typeof payload._id !== 'string' || typeof payload.email !== 'string' || typeof payload.exp !== 'number') throw new Error('payload');
      return { _id: payload._id, email: payload.email };
    } catch {
      throw new DomainError('INVALID_TOKEN');
    }
  }
}
