import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../backend/src/config/app-config';
import { LoadBalancer, nginxBinary, startNginx } from '../support/load-balancer';
import { RawResponse, rawRequest } from '../support/raw-http';
import { ServerProcess, ensureBuilt, startServerProcess } from '../support/server-process';

/**
 * The client's address behind a reverse proxy (README "Configuration", SECURITY.md §5): one app process
 * with TRUST_PROXY=127.0.0.1 behind Debian's nginx sending X-Forwarded-For as deploy/nginx-cluster.conf
 * does. nginx listens on 127.0.0.1 and connects to the app from there; clients connect from other
 * loopback addresses (127.0.0.2, …: all of 127.0.0.0/8 is loopback on Linux), so each has an address of
 * its own that only X-Forwarded-For can carry past nginx. The limits themselves (counting, windows,
 * Redis) are proved in auth-hardening, rate-limits and shared-rate-limits; the address they are given
 * does not depend on the read model, so one (memory) is enough here.
 */
const LOGIN_PER_ADDRESS = 50;
const LOGIN_PER_EMAIL = 10;
const SIGNUP_PER_ADDRESS = 3;
const PASSWORD = 'password123';
const tooManyLogins = /^Too many login attempts\. Try again in \d+ seconds\.$/;
const tooManySignups = /^Too many accounts were created from your address\. Try again in \d+ seconds\.$/;

const nginx = nginxBinary();
if (!nginx) console.log('Skipping the trusted-proxy suite: nginx is not installed (apt-get install -y nginx; .ci/run installs it)');
const describeWithNginx = nginx ? describe : describe.skip;

let emails = 0;
const freshEmail = (label: string) => `${label}-${++emails}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A JSON POST to `baseUrl` from the loopback address `from`, with any extra headers (a spoofed X-Forwarded-For). */
function post(baseUrl: string, from: string, path: string, body: object, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(baseUrl, {
    method: 'POST',
    path: `/api${path}`,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    localAddress: from,
  });
}

describeWithNginx('behind nginx with TRUST_PROXY=127.0.0.1, the per-address limits count each client, not the proxy', () => {
  let dataDir: string;
  let app: ServerProcess;
  let balancer: LoadBalancer;
  let setupAddresses = 0;

  /** An account made straight at the instance from an address used for nothing else (the setup's signups use up no tested address). */
  async function account(): Promise<string> {
    const email = freshEmail('user');
    const res = await post(app.url, `127.0.1.${++setupAddresses}`, '/auth/signup', { email, password: PASSWORD });
    expect(res.status).toBe(201);
    return email;
  }

  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'techtube-trusted-proxy-'));
    app = await startServerProcess({
      DATA_DIR: dataDir,
      TRUST_PROXY: '127.0.0.1',
      LOGIN_LIMIT_PER_ADDRESS: String(LOGIN_PER_ADDRESS),
      LOGIN_LIMIT_PER_EMAIL: String(LOGIN_PER_EMAIL),
      SIGNUP_LIMIT_PER_ADDRESS: String(SIGNUP_PER_ADDRESS),
      LOG_LEVEL: 'warn',
    });
    balancer = await startNginx([app.url]);
  }, 60_000);
  afterAll(async () => {
    await balancer?.stop();
    await app?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('60 failed logins from one client through nginx lock that client out (429, also for its right password, whatever X-Forwarded-For it sends); another client logging in through nginx gets its 200', async () => {
    // Six accounts, ten wrong passwords each: the per-email limit is never passed, the address's is.
    const targets = await Promise.all(Array.from({ length: 6 }, () => account()));
    const own = await account();
    const victim = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const email = targets[Math.floor(i / LOGIN_PER_EMAIL)];
      // A fresh spoofed address each time: nginx appends the real one, and that is the one counted.
      const spoof = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push((await post(balancer.url, '127.0.0.2', '/auth/login', { email, password: `wrong-${i}` }, spoof)).status);
    }
    expect(statuses).toEqual([...Array<number>(LOGIN_PER_ADDRESS).fill(401), ...Array<number>(60 - LOGIN_PER_ADDRESS).fill(429)]);
    const locked = await post(balancer.url, '127.0.0.2', '/auth/login', { email: own, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0]).toMatch(tooManyLogins);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Before TRUST_PROXY, nginx's own address was everybody's: this was a 429 too.
    const other = await post(balancer.url, '127.0.0.3', '/auth/login', { email: victim, password: PASSWORD });
    expect({ status: other.status, errors: other.body.errors }).toEqual({ status: 200, errors: undefined });
    expect(typeof other.body.encodedToken).toBe('string');
  });

  test('signups past SIGNUP_LIMIT_PER_ADDRESS from one client through nginx are a 429 (whatever X-Forwarded-For it sends); another client signs up through nginx', async () => {
    const statuses: number[] = [];
    let last: RawResponse | undefined;
    for (let i = 0; i <= SIGNUP_PER_ADDRESS; i++) {
      last = await post(
        balancer.url,
        '127.0.0.4',
        '/auth/signup',
        { email: freshEmail('flood'), password: PASSWORD },
        { 'x-forwarded-for': `198.51.100.${i + 1}` },
      );
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(SIGNUP_PER_ADDRESS).fill(201), 429]);
    expect(last!.body.errors[0]).toMatch(tooManySignups);
    const other = await post(balancer.url, '127.0.0.5', '/auth/signup', { email: freshEmail('neighbour'), password: PASSWORD });
    expect({ status: other.status, errors: other.body.errors }).toEqual({ status: 201, errors: undefined });
  });

  test('a client talking directly to the instance is counted on its own TCP address: a spoofed X-Forwarded-For neither frees it nor uses up the address it names', async () => {
    const direct = async (from: string, spoof: (i: number) => string) => {
      const statuses: number[] = [];
      for (let i = 0; i <= SIGNUP_PER_ADDRESS; i++) {
        const headers = { 'x-forwarded-for': spoof(i) };
        statuses.push((await post(app.url, from, '/auth/signup', { email: freshEmail('direct'), password: PASSWORD }, headers)).status);
      }
      return statuses;
    };
    const limited = [...Array<number>(SIGNUP_PER_ADDRESS).fill(201), 429];
    // A new address in every request: believed, no request would ever be the (N+1)th of one address.
    expect(await direct('127.0.0.6', (i) => `192.0.2.${i + 1}`)).toEqual(limited);
    // Another client's address (127.0.0.7), also as the proxy would write it (…, 127.0.0.1).
    expect(await direct('127.0.0.8', (i) => (i % 2 ? '127.0.0.7' : '127.0.0.7, 127.0.0.1'))).toEqual(limited);
    const named: number[] = [];
    for (let i = 0; i < SIGNUP_PER_ADDRESS; i++) {
      named.push((await post(balancer.url, '127.0.0.7', '/auth/signup', { email: freshEmail('named'), password: PASSWORD })).status);
    }
    expect(named).toEqual(Array<number>(SIGNUP_PER_ADDRESS).fill(201));
  });
});

test('TRUST_PROXY is validated at start: exact addresses and CIDRs only; true, hop counts and /0 are refused', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), EMAIL_INDEX_SECRET: 'y'.repeat(32), DATA_DIR: tmpdir() };
  expect(loadConfig(base).trustProxy).toEqual([]);
  expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
  expect(loadConfig({ ...base, TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,fd00::/8,::1' }).trustProxy).toEqual([
    '127.0.0.1',
    '10.0.0.0/8',
    'fd00::/8',
    '::1',
  ]);
  expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(
    'TRUST_PROXY=true would let every client choose its own address: list the proxy addresses or CIDRs instead',
  );
  expect(() => loadConfig({ ...base, TRUST_PROXY: '1' })).toThrow(
    'TRUST_PROXY takes the proxy addresses or CIDRs, not a hop count (a hop count trusts whoever connects), got "1"',
  );
  for (const bad of [
    '0.0.0.0/0',
    '::/0',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    '10.0.0',
    'loopback',
    'nginx',
    '127.0.0.1,',
    '*',
  ]) {
    expect(() => loadConfig({ ...base, TRUST_PROXY: bad })).toThrow(
      /^TRUST_PROXY must be a comma-separated list of proxy addresses or CIDRs such as 10\.0\.0\.5,10\.1\.0\.0\/16, got "/,
    );
  }
});
