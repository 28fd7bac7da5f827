import { AppConfig } from '../config/app-config';
import { TokenService } from './token.service';

const config = { jwtSecret: 'token-spec-secret-0123456789abcdefghijkl', jwtExpiresInSeconds: 60 } as AppConfig;
const user = { _id: 'b1f0c3a2-0000-5000-8000-000000000001', email: 'ada@example.com' };

describe('TokenService: a verified token is remembered, but never past its expiry or beyond its exact bytes', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers the same payload for every use of a valid token, raw or as "Bearer"', () => {
    const tokens = new TokenService(config);
    const token = tokens.sign(user);
    expect(tokens.verify(token)).toEqual(user);
    expect(tokens.verify(token)).toEqual(user);
    expect(tokens.verify(`Bearer ${token}`)).toEqual(user);
  });

  it('refuses a remembered token once it has expired', () => {
    const tokens = new TokenService(config);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    const token = tokens.sign(user);
    expect(tokens.verify(token)).toEqual(user);
    clock.mockReturnValue(now + 59_000);
    expect(tokens.verify(token)).toEqual(user);
    clock.mockReturnValue(now + 61_000);
    expect(() => tokens.verify(token)).toThrow(expect.objectContaining({ code: 'INVALID_TOKEN' }));
    expect(() => tokens.verify(token)).toThrow(expect.objectContaining({ code: 'INVALID_TOKEN' }));
  });

  it('a token differing from a remembered one in any byte is checked afresh, and refused', () => {
    const tokens = new TokenService(config);
    const token = tokens.sign(user);
    tokens.verify(token);
    const [head, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ ...user, _id: 'someone-else', exp: 9_999_999_999 })).toString('base64url');
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BB' : 'AA');
    for (const forged of [`${head}.${otherPayload}.${signature}`, `${head}.${payload}.${flipped}`, `${token}x`]) {
      expect(() => tokens.verify(forged)).toThrow(expect.objectContaining({ code: 'INVALID_TOKEN' }));
    }
    expect(tokens.verify(token)).toEqual(user);
  });

  it('takes one pair of double quotes off a raw token (a client keeping JSON.stringify(token)), and nothing else', () => {
    const tokens = new TokenService(config);
    const token = tokens.sign(user);
    expect(tokens.verify(JSON.stringify(token))).toEqual(user);
    const other = new TokenService({ ...config, jwtSecret: 'another-secret-0123456789abcdefghijklmno' } as AppConfig).sign(user);
    for (const refused of [
      `"${other}"`,
      `""${token}""`,
      `"${token}`,
      `${token}"`,
      `'${token}'`,
      `Bearer "${token}"`,
      `"Bearer ${token}"`,
      `" ${token} "`,
      '""',
    ]) {
      expect(() => tokens.verify(refused)).toThrow(expect.objectContaining({ code: 'INVALID_TOKEN' }));
    }
  });
});
