// Setting up users through the real API.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from './http-client.mjs';
import { run } from './processes.mjs';
import { DIST, sleep } from './util.mjs';

export async function signUp(url, name) {
  const email = `${name}-${randomBytes(4).toString('hex')}@bench.example`;
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: name, lastName: 'Bench', email, password: 'benchpass123' }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(body)}`);
  return { token: body.encodedToken, user: body.createdUser, email, client: new Client(url, body.encodedToken) };
}

export async function videoIds(url) {
  const res = await fetch(`${url}/api/videos`);
  return (await res.json()).videos.map((v) => v._id);
}

/**
 * An operator: signed up through the API, granted by the CLI (`npm run operator -- grant`) against the app's own
 * store (`DATA_DIR`, and `REDIS_URL` when it has one), as the README says; resolves once the app answers them as one.
 */
export async function signUpOperator(url, { dataDir, redisUrl, jwtSecret }) {
  const operator = await signUp(url, 'operator');
  await run(process.execPath, [join(DIST, 'entry-points', 'operator.main.js'), 'grant', operator.email], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...(redisUrl && { REDIS_URL: redisUrl }),
      JWT_SECRET: jwtSecret,
      EMAIL_INDEX_SECRET: 'bench-email-index-secret-'.padEnd(48, 'x'),
    },
  });
  for (const deadline = Date.now() + 30_000; ; await sleep(100)) {
    if ((await operator.client.request('GET', '/api/admin/operators')).status === 200) return operator;
    if (Date.now() > deadline) throw new Error('the operator role did not show within 30 s');
  }
}
