import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { ApiClient, ApiResponse } from '../support/api-client';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/** Issue 17 §1: playlist visibility, GET /playlists/:id for anyone, GET /playlists (public ones, paged). */
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const patch = (client: ApiClient, path: string, body: unknown) => client.request<any>('PATCH', path, body);
const errorsOf = (res: ApiResponse) => ({ status: res.status, errors: res.body?.errors });

describe.each(READ_MODEL_VARIANTS)('playlist sharing on the %s read model', (variant) => {
  const app = useAppOn(variant);

  /** A user with a playlist holding two videos; returns the client and the playlist id. */
  async function ownerWithPlaylist(name = 'Owner', title = 'Desk setup') {
    const { client, email, userId } = await app.guest.signUpUser(name);
    const created = await client.post('/user/playlists', { playlist: { title, description: 'my picks' } });
    const id = created.body.playlists.at(-1)._id as string;
    for (const videoId of app.videoIds.slice(0, 2)) await client.post(`/user/playlists/${id}`, { video: { _id: videoId } });
    return { client, email, userId, id };
  }

  test('a new playlist is private: a guest and another user get exactly the 404 of an unknown id', async () => {
    const { id } = await ownerWithPlaylist();
    const other = (await app.guest.signUpUser('Other')).client;
    const unknown = await app.guest.get(`/playlists/${UNKNOWN}`);
    expect(errorsOf(unknown)).toEqual({ status: 404, errors: [ERRORS.PLAYLIST_NOT_FOUND.message] });
    expect(errorsOf(await app.guest.get(`/playlists/${id}`))).toEqual(errorsOf(unknown));
    expect(errorsOf(await other.get(`/playlists/${id}`))).toEqual(errorsOf(unknown));
    expect(errorsOf(await app.guest.get('/playlists/not-a-uuid'))).toEqual(errorsOf(unknown));
    expect((await app.guest.get('/playlists?limit=100')).body.playlists.map((p: { _id: string }) => p._id)).not.toContain(id);
  });

  test('unlisted: anyone with the link reads it, with the owner’s first name only; it is not listed', async () => {
    const { client, email, userId, id } = await ownerWithPlaylist('Grace');
    const shared = await patch(client, `/user/playlists/${id}`, { visibility: 'unlisted' });
    expect(shared.status).toBe(200);
    expect(shared.body.playlist).toMatchObject({ _id: id, visibility: 'unlisted' });

    const res = await app.guest.get(`/playlists/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.playlist).toEqual({
      _id: id,
      title: 'Desk setup',
      description: 'my picks',
      visibility: 'unlisted',
      videos: (await client.get(`/user/playlists/${id}`)).body.playlist.videos,
      owner: { firstName: 'Grace' },
    });
    expect(res.body.playlist.videos.map((v: { _id: string }) => v._id)).toEqual(app.videoIds.slice(0, 2));
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(email);
    expect(text).not.toContain(userId);
    expect((await app.guest.get('/playlists?limit=100')).body.playlists.map((p: { _id: string }) => p._id)).not.toContain(id);
  });

  test('public playlists are listed newest first and paged with nextBefore; private again hides it everywhere', async () => {
    const made: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const { client, id } = await ownerWithPlaylist(`Pub${title}`, title);
      expect((await patch(client, `/user/playlists/${id}`, { visibility: 'public' })).status).toBe(200);
      made.push(id);
      if (title === 'Three') {
        // Hidden again: neither listed nor readable by its link.
        expect((await patch(client, `/user/playlists/${id}`, { visibility: 'private' })).body.playlist).not.toHaveProperty('visibility');
        expect((await app.guest.get(`/playlists/${id}`)).status).toBe(404);
      }
    }
    const first = await app.guest.get('/playlists?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.playlists.map((p: { _id: string }) => p._id)).toEqual([made[1]]);
    expect(first.body.playlists[0]).toMatchObject({ title: 'Two', visibility: 'public', owner: { firstName: 'PubTwo' } });
    const second = await app.guest.get(`/playlists?limit=1&before=${first.body.nextBefore}`);
    expect(second.body.playlists.map((p: { _id: string }) => p._id)).toEqual([made[0]]);
    const all = await app.guest.get('/playlists?limit=100');
    expect(all.body.playlists.map((p: { _id: string }) => p._id)).not.toContain(made[2]);
    expect(all.body.nextBefore).toBeNull();
  });

  test('a deleted shared playlist is gone for guests; undoing the delete shares it again, undoing the change makes it private', async () => {
    const { client, id } = await ownerWithPlaylist('Undo');
    await patch(client, `/user/playlists/${id}`, { visibility: 'public' });
    await client.delete(`/user/playlists/${id}`);
    expect((await app.guest.get(`/playlists/${id}`)).status).toBe(404);
    expect((await client.post('/user/undo')).status).toBe(200);
    expect((await app.guest.get(`/playlists/${id}`)).body.playlist).toMatchObject({ _id: id, visibility: 'public' });
    expect((await client.post('/user/undo')).status).toBe(200);
    expect((await app.guest.get(`/playlists/${id}`)).status).toBe(404);
    expect((await client.get(`/user/playlists/${id}`)).body.playlist).not.toHaveProperty('visibility');
  });

  test('export carries the visibility and time-travel shows it as it was', async () => {
    const { client, id } = await ownerWithPlaylist('Export');
    const before = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await patch(client, `/user/playlists/${id}`, { visibility: 'unlisted' });
    const exported = await client.get('/user/export');
    expect(exported.body.playlists.find((p: { _id: string }) => p._id === id)).toMatchObject({ visibility: 'unlisted' });
    const then = await client.get(`/user/library?asOf=${encodeURIComponent(before)}`);
    expect(then.body.playlists.find((p: { _id: string }) => p._id === id)).not.toHaveProperty('visibility');
  });

  test('a bad visibility is a 400 and changes nothing; another user cannot share someone’s playlist', async () => {
    const { client, id } = await ownerWithPlaylist('Bad');
    const other = (await app.guest.signUpUser('Intruder')).client;
    const head = await app.server.store.headPosition();
    for (const visibility of ['everyone', '', null, 1, ['public']]) {
      const res = await patch(client, `/user/playlists/${id}`, { visibility });
      expect(res.status).toBe(400);
      expect(res.body.errors.join(' ')).toContain('visibility must be one of: private, unlisted, public');
    }
    expect(errorsOf(await patch(other, `/user/playlists/${id}`, { visibility: 'public' }))).toEqual({
      status: 404,
      errors: [ERRORS.PLAYLIST_NOT_FOUND.message],
    });
    expect(await app.server.store.headPosition()).toBe(head);
    expect((await app.guest.get(`/playlists/${id}`)).status).toBe(404);
    expect((await app.guest.get('/playlists?limit=0')).status).toBe(400);
    expect((await app.guest.get('/playlists?before=abc')).status).toBe(400);
  });
});
