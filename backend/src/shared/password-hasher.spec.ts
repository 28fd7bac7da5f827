import { hashPassword, verifyPassword } from './password-hasher';

describe('password hasher', () => {
  test('a hash verifies its own password only, and never contains it', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horsE', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  test('the same password hashes differently each time (random salt)', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  test('a malformed stored value never verifies', async () => {
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
  });
});
