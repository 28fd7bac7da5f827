import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { ApiClient, ApiResponse } from '../support/api-client';
import { rawRequest } from '../support/raw-http';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/** Playlist visibility, GET /playlists/:id for anyone, GET /playlists (public ones, paged). */
const PAGE_BYTES = 256 * 1024;
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

  /** The listing as sent: its JSON's size in bytes (uncompressed: no accept-encoding) and its body. */
  async function listing(query: string) {
    const res = await rawRequest(app.server.url, { method: 'GET', path: `/api/playlists?${query}` });
    expect({ status: res.status, type: res.headers['content-type'] }).toEqual({ status: 200, type: 'application/json; charset=utf-8' });
    return { bytes: Buffer.byteLength(res.text), text: res.text, body: res.body as { playlists: any[]; nextBefore: string | null } };
  }

  test('the listing answers summaries within 256 kB a page: 100 public playlists of 12 videos, then with the longest titles and descriptions, each listed exactly once', async () => {
    const catalogue = (await app.guest.get('/videos')).body.videos as Array<{ _id: string; title: string; thumbnail: string }>;
    expect(catalogue).toHaveLength(12);
    const owners: Array<{ client: ApiClient; email: string; userId: string; firstName: string }> = [];
    for (let o = 0; o < 10; o++) {
      const firstName = `Lister${o}`;
      const { client, email, userId } = await app.guest.signUpUser(firstName);
      const playlists = Array.from({ length: 10 }, (_, p) => ({ title: `List ${o}-${p}`, videoIds: catalogue.map((v) => v._id) }));
      expect((await client.post('/user/import', { format: 'techtube-library', version: 1, playlists })).status).toBe(200);
      owners.push({ client, email, userId, firstName });
    }
    // Made public one after another: the listing shows the last made public first.
    const made: Array<{ id: string; owner: (typeof owners)[number] }> = [];
    for (const owner of owners) {
      for (const { _id } of (await owner.client.get('/user/playlists')).body.playlists as Array<{ _id: string }>) {
        expect((await patch(owner.client, `/user/playlists/${_id}`, { visibility: 'public' })).status).toBe(200);
        made.push({ id: _id, owner });
      }
    }
    expect(made).toHaveLength(100);
    const newestFirst = made.map(({ id }) => id).reverse();

    const first = await listing('limit=100');
    expect(first.bytes).toBeLessThanOrEqual(PAGE_BYTES);
    expect(first.body.playlists.map((p) => p._id)).toEqual(newestFirst);
    const previews = catalogue.slice(0, 4).map(({ _id, title, thumbnail }) => ({ _id, title, thumbnail, available: true }));
    const byId = new Map(made.map(({ id, owner }) => [id, owner]));
    for (const summary of first.body.playlists) {
      const owner = byId.get(summary._id)!;
      expect(summary).toEqual({
        _id: summary._id,
        title: expect.stringMatching(/^List \d-\d$/),
        visibility: 'public',
        owner: { firstName: owner.firstName },
        videoCount: 12,
        previews,
      });
    }
    for (const { email, userId } of owners) {
      expect(first.text).not.toContain(email);
      expect(first.text).not.toContain(userId);
    }

    // The longest title and description there may be, in characters JSON writes as 6 bytes each (U+0001):
    // 100 such summaries are over the budget, so the page ends early and nextBefore points at the rest.
    for (const [i, { id, owner }] of made.entries()) {
      const title = `${String(i).padStart(3, '0')}${'\u0001'.repeat(97)}`;
      const description = `d${'\u0001'.repeat(499)}`;
      expect((await patch(owner.client, `/user/playlists/${id}`, { title, description })).status).toBe(200);
    }
    const long = await listing('limit=100');
    expect(long.bytes).toBeLessThanOrEqual(PAGE_BYTES);
    expect(long.body.playlists.length).toBeGreaterThan(18);
    expect(long.body.playlists.length).toBeLessThan(100);
    expect(long.body.nextBefore).not.toBeNull();
    expect(long.body.playlists[0]).toMatchObject({ _id: newestFirst[0], title: `099${'\u0001'.repeat(97)}`, videoCount: 12, previews });

    // Paging walks every public playlist exactly once, each page within the budget.
    const seen: string[] = [];
    let page = long;
    for (let pages = 1; ; pages++) {
      expect({ pages, bytes: page.bytes <= PAGE_BYTES }).toEqual({ pages, bytes: true });
      seen.push(...page.body.playlists.map((p) => p._id as string));
      if (page.body.nextBefore === null) break;
      expect(pages).toBeLessThan(20);
      page = await listing(`limit=100&before=${page.body.nextBefore}`);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 100)).toEqual(newestFirst);
  });

  test('a playlist made public or private shows in the listing at once, although the page is built once for everyone', async () => {
    const { client, id } = await ownerWithPlaylist('Fresh', 'Fresh list');
    const top = async () => (await app.guest.get('/playlists?limit=5')).body.playlists.map((p: { _id: string }) => p._id);
    const before = await top();
    expect(await top()).toEqual(before);
    await patch(client, `/user/playlists/${id}`, { visibility: 'public' });
    expect((await top())[0]).toBe(id);
    await patch(client, `/user/playlists/${id}`, { visibility: 'private' });
    expect(await top()).toEqual(before);
    // The owner's new first name too: a change to the profile moves the read model as well.
    await patch(client, `/user/playlists/${id}`, { visibility: 'public' });
    await patch(client, '/user/profile', { firstName: 'Renamed' });
    expect((await app.guest.get('/playlists?limit=1')).body.playlists[0]).toMatchObject({ _id: id, owner: { firstName: 'Renamed' } });
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
