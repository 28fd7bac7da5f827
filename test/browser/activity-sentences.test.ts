import { expectNoConsoleErrors, restoreSession, useBrowserHarness, type Harness, type TestPage } from '../support/browser';

// Every kind of line the timeline can hold reads in words: the account and sharing actions too.
describe('the activity page names every action in words', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  test('subscribe, change a playlist’s visibility, update the profile, change the password, remove a video from Continue watching: each in words', async () => {
    const session = await h.newUser('Sentences');
    let api = h.api.withToken(session.token);
    const video = h.videos[0];
    const ok = (status: number) => expect([200, 201, 202]).toContain(status);

    ok((await api.post('/user/subscriptions', { channelId: video.channelId })).status);
    const created = await api.post('/user/playlists', { playlist: { title: 'Shared mix' } });
    ok(created.status);
    const playlistId = created.body.playlists.find((p: { title: string }) => p.title === 'Shared mix')._id;
    ok((await api.request('PATCH', `/user/playlists/${playlistId}`, { visibility: 'public' })).status);
    ok((await api.request('PATCH', '/user/profile', { firstName: 'Renamed', lastName: 'User' })).status);
    const changed = await api.post('/user/password', { currentPassword: 'password123', newPassword: 'password456' });
    ok(changed.status);
    // The password change gives this session a fresh token (the old one is refused from now on).
    const token: string = changed.body.encodedToken;
    api = h.api.withToken(token);
    ok((await api.request('PUT', `/user/progress/${video._id}`, { seconds: 30 })).status);
    // Positions saved while watching make no line (they would drown the rest); removing one from Continue
    // watching is the user's own action and does.
    ok((await api.delete(`/user/progress/${video._id}`)).status);

    await restoreSession(t, { token, user: { ...session.user, firstName: 'Renamed' } }, '/activity');
    await t.page.locator('.activity-item').first().waitFor();
    const sentences = await t.page.locator('.activity-item__text').allTextContents();
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Subscribed to a channel',
        'Changed who can see Shared mix',
        'Updated the profile',
        'Changed the password',
        `Removed ${video.title} from Continue watching`,
      ]),
    );
    expect(sentences.filter((s) => s.startsWith('Stopped watching'))).toEqual([]);
    expect(sentences.filter((s) => s.includes('Did something'))).toEqual([]);
    // What the next undo would revert is said in words too.
    expect(await t.page.getByText(/Did something/).count()).toBe(0);
    expectNoConsoleErrors(t);
  });
});
