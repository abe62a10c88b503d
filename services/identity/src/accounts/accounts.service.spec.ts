import { rpcErrorOf } from '@nightfall/server-kit';
import { DataSource } from 'typeorm';
import { startIdentityApp, type IdentityTestApp } from '../testing/identity-test-app.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AccountsService } from './accounts.service.js';
import { UserEntity } from './user.entity.js';

describe('AccountsService (real PostgreSQL, injected clock)', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  let t: IdentityTestApp;
  let accounts: AccountsService;

  beforeAll(async () => {
    t = await startIdentityApp({}, () => now);
    accounts = t.app.get(AccountsService);
  });
  afterAll(() => t.close());

  it('signs up with a hashed password, refuses the same e-mail twice, and signs in', async () => {
    const up = await accounts.signUp('Host@Example.com', 'secret1', '');
    expect(accounts.toUser(up)).toMatchObject({ email: 'host@example.com', displayName: 'host', isGuest: false, lastLoginAt: new Date(now).toISOString() });
    expect(await rpcErrorOf(accounts.signUp('host@example.com', 'another1', ''))).toMatchObject({
      code: 'EMAIL_TAKEN',
      title: 'Email Already Registered',
      message: 'This email is already associated with an account',
    });
    const row = await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ email: 'host@example.com' });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    expect(await rpcErrorOf(accounts.signIn('host@example.com', 'wrong-pass'))).toEqual({
      code: 'INVALID_CREDENTIALS',
      title: 'Login Failed',
      message: 'Invalid email or password',
    });
    expect((await rpcErrorOf(accounts.signIn('nobody@example.com', 'secret1'))).code).toBe('INVALID_CREDENTIALS');
    now += 60_000;
    const signedIn = await accounts.signIn('HOST@example.com', 'secret1');
    expect(signedIn.id).toBe(up.id);
    expect(accounts.toUser(signedIn).lastLoginAt).toBe(new Date(now).toISOString());
    expect((await accounts.getUser(up.id)).lastLoginAt).toBe(new Date(now).toISOString());
  });

  it('rejects a short password at sign-up', async () => {
    expect(await rpcErrorOf(accounts.signUp('short@example.com', '12345', ''))).toMatchObject({ code: 'PASSWORD_TOO_SHORT', title: 'Signup Failed' });
  });

  it('ensureUser is idempotent for the demo host', async () => {
    const a = await accounts.ensureUser('demo@nightfall.local', 'password123', 'Demo Host');
    const b = await accounts.ensureUser('demo@nightfall.local', 'password123', 'Demo Host');
    expect(a.id).toBe(b.id);
    expect(a.displayName).toBe('Demo Host');
  });

  it('getUser: unknown and malformed ids are USER_NOT_FOUND', async () => {
    expect(await rpcErrorOf(accounts.getUser('0b1c2d3e-0000-4000-8000-000000000000'))).toEqual({ code: 'USER_NOT_FOUND', title: 'Error', message: 'User not found' });
    expect((await rpcErrorOf(accounts.getUser('not-a-uuid'))).code).toBe('USER_NOT_FOUND');
  });

  it('profile: the display name is trimmed, required and at most 50 characters; guests cannot edit', async () => {
    const s = await accounts.signUp('prof@example.com', 'secret1', 'Old');
    expect((await accounts.updateProfile(s.id, '  New Name ')).displayName).toBe('New Name');
    expect((await accounts.getUser(s.id)).displayName).toBe('New Name');
    expect((await rpcErrorOf(accounts.updateProfile(s.id, '   '))).message).toBe('Display name is required');
    expect((await rpcErrorOf(accounts.updateProfile(s.id, 'x'.repeat(51)))).message).toBe('Display name must be 50 characters or less');
    expect((await accounts.updateProfile(s.id, 'y'.repeat(50))).displayName).toHaveLength(50);
    const guest = (await t.app.get(SessionsService).createGuestSession('Guesty')).user!;
    expect(await rpcErrorOf(accounts.updateProfile(guest.id, 'Other'))).toEqual({
      code: 'SIGN_IN_REQUIRED',
      title: 'Error',
      message: 'Please sign in to edit your profile',
    });
  });
});
