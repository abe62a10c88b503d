import { DataSource } from 'typeorm';
import { rpcErrorOf } from '@nightfall/server-kit';
import { AccountsService } from '../accounts/accounts.service.js';
import { UserEntity } from '../accounts/user.entity.js';
import { IdentityController } from '../grpc/identity.controller.js';
import { MailService } from '../mail/mail.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { lastMagicLinkToken } from '../testing/outbox-token.js';
import { startIdentityApp, type IdentityTestApp } from '../testing/identity-test-app.js';

const BASE = 'http://nightfall.test:8080';

describe('email_verified: only a followed magic link proves an e-mail (real PostgreSQL, outbox)', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  let t: IdentityTestApp;
  let grpc: IdentityController;
  let mail: MailService;

  /** Requests a magic link for `email` and follows it, as the owner of the mailbox would. */
  async function followLink(email: string, purpose: 'signin' | 'signup') {
    now += 1000;
    await grpc.requestMagicLink({ email, purpose, displayName: '', baseUrl: BASE });
    return grpc.consumeMagicLink({ token: await lastMagicLinkToken(mail, email) });
  }

  beforeAll(async () => {
    t = await startIdentityApp({}, () => now);
    grpc = t.app.get(IdentityController);
    mail = t.app.get(MailService);
  });
  afterAll(() => t.close());

  it('a password sign-up and EnsureUser never verify the e-mail; a magic-link sign-up does', async () => {
    const up = await grpc.signUpWithPassword({ email: 'typed@example.com', password: 'secret1', displayName: '' });
    expect(up.user?.emailVerified).toBe(false);
    expect((await grpc.signInWithPassword({ email: 'typed@example.com', password: 'secret1' })).user?.emailVerified).toBe(false);
    expect((await grpc.getUserByEmail({ email: 'typed@example.com' })).emailVerified).toBe(false);
    expect((await grpc.ensureUser({ email: 'seeded@example.com', password: 'secret12', displayName: 'Seed' })).emailVerified).toBe(false);
    expect((await grpc.ensureUser({ email: 'seeded@example.com', password: 'secret12', displayName: 'Seed' })).emailVerified).toBe(false);

    const linked = await followLink('linked@example.com', 'signup');
    expect(linked.user).toMatchObject({ email: 'linked@example.com', emailVerified: true });
    expect((await grpc.getUser({ userId: linked.user!.id })).emailVerified).toBe(true);
    expect((await grpc.validateSession({ sessionId: linked.sessionId })).user?.emailVerified).toBe(true);
    expect((await grpc.getUsers({ userIds: [linked.user!.id, up.user!.id] })).users.map((u) => u.emailVerified)).toEqual([true, false]);
  });

  it("someone who registers an admin's unclaimed e-mail with a password is not its owner, and loses the account once the owner follows a link", async () => {
    const admin = 'boss@corp.example';
    const squatter = await grpc.signUpWithPassword({ email: admin, password: 'squatter1', displayName: 'Not The Boss' });
    expect(squatter.user?.emailVerified).toBe(false);
    expect((await grpc.searchUsers({ query: 'boss@', offset: 0, limit: 10 })).users).toEqual([expect.objectContaining({ email: admin, emailVerified: false })]);

    // the real owner asks for a sign-in link (the account exists, so it is a sign-in link) and follows it
    const owner = await followLink(admin, 'signin');
    expect(owner.user).toMatchObject({ id: squatter.user!.id, email: admin, emailVerified: true });
    expect((await grpc.validateSession({ sessionId: owner.sessionId })).valid).toBe(true);

    // the squatter's session ended and the password they chose no longer opens the account
    expect((await grpc.validateSession({ sessionId: squatter.sessionId })).valid).toBe(false);
    expect(await rpcErrorOf(grpc.signInWithPassword({ email: admin, password: 'squatter1' }))).toEqual({
      code: 'INVALID_CREDENTIALS',
      title: 'Login Failed',
      message: 'Invalid email or password',
    });
    const row = await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ email: admin });
    expect(row.passwordHash).toBeNull();
    expect(row.emailVerifiedAt?.getTime()).toBe(now);

    // later links keep the owner's sessions: only the first verification revokes
    const again = await followLink(admin, 'signin');
    expect((await grpc.validateSession({ sessionId: owner.sessionId })).valid).toBe(true);
    expect(again.user?.emailVerified).toBe(true);
  });

  it('a sign-up link followed after a password account took the e-mail verifies that account and strips the password', async () => {
    const email = 'race@example.com';
    now += 1000;
    await grpc.requestMagicLink({ email, purpose: 'signup', displayName: 'Owner', baseUrl: BASE });
    const token = await lastMagicLinkToken(mail, email);
    const squatter = await grpc.signUpWithPassword({ email, password: 'squatter1', displayName: '' });
    const owner = await grpc.consumeMagicLink({ token });
    expect(owner.user).toMatchObject({ id: squatter.user!.id, emailVerified: true });
    expect((await grpc.validateSession({ sessionId: squatter.sessionId })).valid).toBe(false);
    expect((await rpcErrorOf(grpc.signInWithPassword({ email, password: 'squatter1' }))).code).toBe('INVALID_CREDENTIALS');
  });

  it('a password checked just before the owner verifies cannot open a session afterwards', async () => {
    const email = 'slow@example.com';
    await grpc.signUpWithPassword({ email, password: 'squatter1', displayName: '' });
    const checked = await t.app.get(AccountsService).signIn(email, 'squatter1');
    await followLink(email, 'signin');
    expect(await rpcErrorOf(t.app.get(SessionsService).openWithPassword(checked))).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});
