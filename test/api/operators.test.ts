import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { streams } from '../../backend/src/events/app-events';
import { Projector } from '../../backend/src/projections/projector';
import { ApiClient } from '../support/api-client';
import { makeOperator, signUpOperator } from '../support/operators';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';
import { ensureBuilt } from '../support/server-process';

const ROOT = join(__dirname, '..', '..');
const OPERATOR_CLI = join(ROOT, 'backend', 'dist', 'entry-points', 'operator.main.js');
const errors = (code: keyof typeof ERRORS) => ({ errors: [ERRORS[code].message] });
const UNKNOWN_USER_ID = '00000000-0000-4000-8000-000000000000';

/** Runs `node backend/dist/entry-points/operator.main.js …args` (what `npm run operator -- …` runs after building). */
function operatorCli(args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Asynchronous: the app under test runs in this very process and must keep answering.
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' };
    execFile(process.execPath, [OPERATOR_CLI, ...args], { cwd: ROOT, env, timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

/** The docs/design/catalogue.md "Operators" contract: the role lives in the account stream and is read per request. */
describe.each(READ_MODEL_VARIANTS)('operators on the %s read model', (variantName) => {
  const app = useAppOn(variantName);
  beforeAll(() => ensureBuilt(OPERATOR_CLI));

  const roleEvents = async (userId: string) =>
    (await app.server.store.readStream(streams.user(userId)))
      .filter((event) => event.type === 'OperatorGranted' || event.type === 'OperatorRevoked')
      .map(({ type, data }) => ({ type, data }));

  test('without a valid token every route answers 401, and a user who is not an operator 403', async () => {
    const someone = await app.guest.signUpUser('Someone');
    const forged = app.guest.withToken('not-a-token');
    for (const client of [app.guest, forged]) {
      expect(await client.get('/admin/operators')).toMatchObject({ status: 401, body: errors('INVALID_TOKEN') });
      expect(await client.post('/admin/operators', { email: someone.email })).toMatchObject({ status: 401, body: errors('INVALID_TOKEN') });
      expect(await client.delete(`/admin/operators/${someone.userId}`)).toMatchObject({ status: 401, body: errors('INVALID_TOKEN') });
    }
    const notAnOperator = someone.client;
    expect(await notAnOperator.get('/admin/operators')).toMatchObject({ status: 403, body: errors('NOT_AN_OPERATOR') });
    expect(await notAnOperator.post('/admin/operators', { email: someone.email })).toMatchObject({
      status: 403,
      body: errors('NOT_AN_OPERATOR'),
    });
    expect(await notAnOperator.delete(`/admin/operators/${someone.userId}`)).toMatchObject({
      status: 403,
      body: errors('NOT_AN_OPERATOR'),
    });
    // Refused before anything was decided: the user did not make themselves an operator.
    expect(await roleEvents(someone.userId)).toEqual([]);
  });

  test('a grant from the CLI counts on the token the user already holds, at their next request', async () => {
    const user = await app.guest.signUpUser('Promoted');
    expect((await user.client.get('/admin/operators')).status).toBe(403);

    const granted = await operatorCli(['grant', `  ${user.email.toUpperCase()} `], app.server.dataDir);
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    const printed = new RegExp(
      `^Granted the operator role to ${user.email.replace(/\./g, '\\.')} \\(user ${user.userId}\\) at position (\\d+)\\n$`,
    );
    const [, position] = printed.exec(granted.stdout) ?? [];
    expect(position).toBeDefined();
    // The CLI wrote to the store the app reads; the app's projector follows it (bounded by the write timeout).
    await app.server.app.get(Projector, { strict: false }).waitFor(BigInt(position!), user.userId);

    const listed = await user.client.get('/admin/operators');
    expect(listed.status).toBe(200);
    expect(listed.body.operators).toContainEqual({ _id: user.userId, email: user.email, firstName: 'Promoted', lastName: 'User' });

    // Again: nothing to do, nothing appended.
    expect(await operatorCli(['grant', user.email], app.server.dataDir)).toMatchObject({
      code: 0,
      stdout: `${user.email} (user ${user.userId}) is already an operator: nothing changed\n`,
    });
    expect(await roleEvents(user.userId)).toEqual([{ type: 'OperatorGranted', data: { userId: user.userId, by: 'cli' } }]);
  });

  test('the CLI refuses an unknown email and a wrong usage with a message and a non-zero exit', async () => {
    const unknown = await operatorCli(['grant', 'nobody-here@example.com'], app.server.dataDir);
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'No user signed up with the email nobody-here@example.com\n' });
    const wrong = await operatorCli(['promote', 'someone@example.com'], app.server.dataDir);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^Usage: npm run operator -- grant <email>/);
  });

  test('an operator grants by email and revokes by id; a revoke counts at once on that operator’s token', async () => {
    const first = await signUpOperator(app.server, 'First');
    const second = await app.guest.signUpUser('Second');

    const afterGrant = await first.client.post('/admin/operators', { email: second.email });
    expect(afterGrant.status).toBe(200);
    expect(afterGrant.body.operators).toContainEqual({ _id: second.userId, email: second.email, firstName: 'Second', lastName: 'User' });
    expect((await second.client.get('/admin/operators')).status).toBe(200);

    const afterRevoke = await first.client.delete(`/admin/operators/${second.userId}`);
    expect(afterRevoke.status).toBe(200);
    expect(afterRevoke.body.operators.map((o: { _id: string }) => o._id)).not.toContain(second.userId);
    // The same token, the very next request: no longer an operator, still a signed-in user.
    expect(await second.client.get('/admin/operators')).toMatchObject({ status: 403, body: errors('NOT_AN_OPERATOR') });
    expect((await second.client.get('/user/likes')).status).toBe(200);

    // Each event names who made the change.
    expect(await roleEvents(second.userId)).toEqual([
      { type: 'OperatorGranted', data: { userId: second.userId, by: first.userId } },
      { type: 'OperatorRevoked', data: { userId: second.userId, by: first.userId } },
    ]);
    expect(await roleEvents(first.userId)).toEqual([{ type: 'OperatorGranted', data: { userId: first.userId, by: 'cli' } }]);
    // Both are lines of the target's timeline.
    const timeline = (await second.client.get('/user/activity')).body.activity.map((line: { type: string }) => line.type);
    expect(timeline.slice(0, 2)).toEqual(['OperatorRevoked', 'OperatorGranted']);
  });

  test('nobody revokes themselves; a grant or revoke that changes nothing appends nothing', async () => {
    const operator = await signUpOperator(app.server, 'Keeper');
    const bystander = await app.guest.signUpUser('Bystander');
    expect(await operator.client.delete(`/admin/operators/${operator.userId}`)).toMatchObject({
      status: 409,
      body: errors('CANNOT_REVOKE_SELF'),
    });
    expect((await operator.client.get('/admin/operators')).status).toBe(200);

    expect((await operator.client.post('/admin/operators', { email: operator.email })).status).toBe(200);
    expect((await operator.client.delete(`/admin/operators/${bystander.userId}`)).status).toBe(200);
    expect(await roleEvents(operator.userId)).toEqual([{ type: 'OperatorGranted', data: { userId: operator.userId, by: 'cli' } }]);
    expect(await roleEvents(bystander.userId)).toEqual([]);
  });

  test('unknown users: 404 by email or id, and a bad body 400', async () => {
    const { client } = await signUpOperator(app.server, 'Checker');
    expect(await client.post('/admin/operators', { email: 'nobody-at-all@example.com' })).toMatchObject({
      status: 404,
      body: errors('EMAIL_NOT_REGISTERED'),
    });
    expect(await client.delete(`/admin/operators/${UNKNOWN_USER_ID}`)).toMatchObject({ status: 404, body: errors('USER_NOT_FOUND') });
    expect(await client.delete('/admin/operators/not-a-user-id')).toMatchObject({ status: 404, body: errors('USER_NOT_FOUND') });
    expect((await client.post('/admin/operators', {})).status).toBe(400);
  });

  test('the list: every operator by email with exactly its four fields, and an erased account leaves it', async () => {
    const viewer = await signUpOperator(app.server, 'Viewer');
    const leaving = await app.guest.signUpUser('Leaving');
    await makeOperator(app.server, leaving.email);
    const { body } = await viewer.client.get('/admin/operators');
    const emails = body.operators.map((o: { email: string }) => o.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toEqual(expect.arrayContaining([viewer.email, leaving.email]));
    for (const operator of body.operators) expect(Object.keys(operator).sort()).toEqual(['_id', 'email', 'firstName', 'lastName']);

    expect((await leaving.client.request('DELETE', '/user', { password: 'password123' })).status).toBe(200);
    const after = (await viewer.client.get('/admin/operators')).body.operators.map((o: { _id: string }) => o._id);
    expect(after).toContain(viewer.userId);
    expect(after).not.toContain(leaving.userId);
  });

  test('the profile a client reads says operator: true while the role lasts', async () => {
    const operator = await signUpOperator(app.server, 'Profiled');
    const login = await new ApiClient(app.server.url).post('/auth/login', { email: operator.email, password: 'password123' });
    expect(login.body.foundUser.operator).toBe(true);
    const renamed = await operator.client.request<{ user: object }>('PATCH', '/user/profile', { firstName: 'Renamed' });
    expect(renamed.body.user).toMatchObject({ firstName: 'Renamed', operator: true });
  });

  test('a user signed in before the grant reads operator: true from GET /user/profile, without signing in again', async () => {
    const user = await app.guest.signUpUser('Granted');
    const before = await user.client.get('/user/profile');
    expect(before.status).toBe(200);
    expect(before.body.user).toMatchObject({ _id: user.userId, email: user.email, firstName: 'Granted' });
    expect(before.body.user.operator).toBeFalsy();
    expect(before.body.user).not.toHaveProperty('sessionGeneration');

    await makeOperator(app.server, user.email);
    expect((await user.client.get('/user/profile')).body.user).toMatchObject({ _id: user.userId, operator: true });
    expect(await app.guest.get('/user/profile')).toMatchObject({ status: 401, body: errors('INVALID_TOKEN') });
  });
});
