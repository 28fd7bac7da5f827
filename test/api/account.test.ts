import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { streams } from '../../backend/src/events/app-events';
import { ApiClient } from '../support/api-client';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/** Profile, password, sign out everywhere. */
const INVALID_TOKEN = { status: 401, body: { errors: [ERRORS.INVALID_TOKEN.message] } };
const patch = (client: ApiClient, path: string, body: unknown) => client.request<any>('PATCH', path, body);

describe.each(READ_MODEL_VARIANTS)('the account on the %s read model', (variant) => {
  const app = useAppOn(variant);

  test('PATCH /user/profile changes the names; login and shared playlists show the new first name', async () => {
    const { client, email } = await app.guest.signUpUser('Before');
    const res = await patch(client, '/user/profile', { firstName: '  After ', lastName: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, firstName: 'After', lastName: 'Renamed' });
    expect(res.body.user).not.toHaveProperty('sessionGeneration');
    expect((await patch(client, '/user/profile', { lastName: '' })).body.user).toMatchObject({ firstName: 'After', lastName: '' });
    const login = await app.guest.post('/auth/login', { email, password: 'password123' });
    expect(login.body.foundUser).toMatchObject({ firstName: 'After', lastName: '' });
    expect(login.body.foundUser).not.toHaveProperty('sessionGeneration');

    const created = await client.post('/user/playlists', { playlist: { title: 'Shared' } });
    const id = created.body.playlists[0]._id;
    await patch(client, `/user/playlists/${id}`, { visibility: 'unlisted' });
    expect((await app.guest.get(`/playlists/${id}`)).body.playlist.owner).toEqual({ firstName: 'After' });
  });

  test('bad profile input is a 400 and changes nothing', async () => {
    const { client } = await app.guest.signUpUser('Keep');
    const head = await app.server.store.headPosition();
    for (const body of [
      {},
      { firstName: '' },
      { firstName: '   ' },
      { firstName: 5 },
      { lastName: 'x'.repeat(101) },
      { firstName: null },
    ]) {
      expect((await patch(client, '/user/profile', body)).status).toBe(400);
    }
    expect(await app.server.store.headPosition()).toBe(head);
  });

  test('a password change: the old password and every older token are refused, the new token and password work', async () => {
    const { client, email, userId } = await app.guest.signUpUser('Pass');
    const otherDevice = (await app.guest.post('/auth/login', { email, password: 'password123' })).body.encodedToken as string;
    const wrong = await client.post('/user/password', { currentPassword: 'not-it-at-all', newPassword: 'brand new pass' });
    expect(wrong).toMatchObject({ status: 400, body: { errors: [ERRORS.WRONG_CURRENT_PASSWORD.message] } });
    expect((await client.post('/user/password', { currentPassword: 'password123', newPassword: 'short' })).status).toBe(400);
    expect((await client.get('/user/likes')).status).toBe(200);

    const changed = await client.post('/user/password', { currentPassword: 'password123', newPassword: 'brand new pass' });
    expect(changed.status).toBe(200);
    expect(Object.keys(changed.body)).toEqual(['encodedToken']);
    expect(await client.get('/user/likes')).toMatchObject(INVALID_TOKEN);
    expect(await client.withToken(otherDevice).get('/user/playlists')).toMatchObject(INVALID_TOKEN);
    expect((await client.withToken(changed.body.encodedToken).get('/user/likes')).status).toBe(200);

    expect((await app.guest.post('/auth/login', { email, password: 'password123' })).status).toBe(401);
    const relogin = await app.guest.post('/auth/login', { email, password: 'brand new pass' });
    expect(relogin.status).toBe(200);
    expect((await client.withToken(relogin.body.encodedToken).get('/user/likes')).status).toBe(200);
    // The hash is in the event store only; the answers and the read model never carry it.
    const events = await app.server.store.readStream(streams.user(userId));
    expect(events.map((e) => e.type)).toEqual(['UserSignedUp', 'PasswordChanged']);
    expect(JSON.stringify(changed.body) + JSON.stringify(relogin.body)).not.toMatch(/scrypt|passwordHash/);
  });

  test('sign out everywhere: every older token is refused, the answer’s token works, twice in a row too', async () => {
    const { client, email } = await app.guest.signUpUser('Revoke');
    const second = (await app.guest.post('/auth/login', { email, password: 'password123' })).body.encodedToken as string;
    const revoked = await client.post('/user/sessions/revoke');
    expect(revoked.status).toBe(200);
    expect(await client.get('/user/likes')).toMatchObject(INVALID_TOKEN);
    expect(await client.withToken(second).get('/user/likes')).toMatchObject(INVALID_TOKEN);
    const fresh = client.withToken(revoked.body.encodedToken);
    expect((await fresh.get('/user/likes')).status).toBe(200);
    const again = await fresh.post('/user/sessions/revoke');
    expect(await fresh.get('/user/likes')).toMatchObject(INVALID_TOKEN);
    expect((await client.withToken(again.body.encodedToken).get('/user/likes')).status).toBe(200);
    // A login after it gets a token of the current generation.
    const login = await app.guest.post('/auth/login', { email, password: 'password123' });
    expect((await client.withToken(login.body.encodedToken).get('/user/likes')).status).toBe(200);
    // The account's events are not library actions: undo has nothing to revert.
    expect((await client.withToken(login.body.encodedToken).post('/user/undo')).status).toBe(409);
  });

  test('needs the token', async () => {
    expect(await patch(app.guest, '/user/profile', { firstName: 'X' })).toMatchObject(INVALID_TOKEN);
    expect(await app.guest.post('/user/password', { currentPassword: 'a', newPassword: 'bbbbbbbb' })).toMatchObject(INVALID_TOKEN);
    expect(await app.guest.post('/user/sessions/revoke')).toMatchObject(INVALID_TOKEN);
  });
});
