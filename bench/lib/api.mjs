// Setting up users through the real API.
import { randomBytes } from 'node:crypto';
import { Client } from './http-client.mjs';

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
