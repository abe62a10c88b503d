import { JwtService } from '@nestjs/jwt';
import { rpcErrorOf } from '@nightfall/server-kit';
import { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service.js';
import { startIdentityApp, type IdentityTestApp } from '../testing/identity-test-app.js';
import { SessionsService, type SessionClaims } from './sessions.service.js';

describe('SessionsService (real PostgreSQL, injected clock)', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  let t: IdentityTestApp;
  let sessions: SessionsService;
  let jwt: JwtService;

  beforeAll(async () => {
    t = await startIdentityApp({}, () => now);
    sessions = t.app.get(SessionsService);
    jwt = t.app.get(JwtService);
  });
  afterAll(() => t.close());

  it('creates a guest session whose signed token names the user and the session', async () => {
    const session = await sessions.createGuestSession('  Alice ');
    expect(session.user?.displayName).toBe('Alice');
    expect(session.user?.isGuest).toBe(true);
    const claims = await jwt.verifyAsync<SessionClaims>(session.sessionToken);
    expect(claims).toMatchObject({ sub: session.user?.id, sid: session.sessionId, guest: true, name: 'Alice' });
    expect((await sessions.validateSession(session.sessionId)).valid).toBe(true);
  });

  it('stores the guest as the wire session describes it: the user row and the session row of one statement', async () => {
    const session = await sessions.createGuestSession('Dana');
    expect(await t.app.get(AccountsService).getUser(session.user!.id)).toEqual(session.user);
    expect(session.user).toMatchObject({ email: '', isGuest: true, emailVerified: false, lastLoginAt: '', preferredThemeId: '' });
    const [row] = await t.app.get(DataSource).query(`SELECT user_id, expires_at, revoked_at FROM "${t.env.DATABASE_SCHEMA}"."sessions" WHERE id = $1`, [session.sessionId]);
    expect(row).toEqual({ user_id: session.user!.id, expires_at: new Date(session.expiresAt), revoked_at: null });
  });

  it('rejects a blank or too long guest name with the spec text, and writes nothing', async () => {
    const count = async () => Number((await t.app.get(DataSource).query(`SELECT count(*) AS n FROM "${t.env.DATABASE_SCHEMA}"."users"`))[0].n);
    const before = await count();
    expect((await rpcErrorOf(sessions.createGuestSession('   '))).message).toBe('Please enter your display name');
    expect((await rpcErrorOf(sessions.createGuestSession('x'.repeat(51)))).message).toBe('Display name must be 50 characters or less');
    expect(await count()).toBe(before);
  });

  it('revokes a session on sign-out and then reports it invalid', async () => {
    const s = await sessions.createGuestSession('Bob');
    await sessions.revokeSession(s.sessionId);
    expect((await sessions.validateSession(s.sessionId)).valid).toBe(false);
    expect((await sessions.validateSession('not-a-uuid')).valid).toBe(false);
  });

  it('a session and its token expire after SESSION_TTL_HOURS (720 h by default)', async () => {
    const s = await sessions.createGuestSession('Carol');
    const ttlMs = t.env.SESSION_TTL_HOURS * 3_600_000;
    expect(Date.parse(s.expiresAt) - now).toBe(ttlMs);
    const claims = jwt.decode<SessionClaims & { iat: number; exp: number }>(s.sessionToken);
    expect(claims.exp - claims.iat).toBe(ttlMs / 1000);
    now += ttlMs - 1;
    expect((await sessions.validateSession(s.sessionId)).valid).toBe(true);
    now += 1;
    expect((await sessions.validateSession(s.sessionId)).valid).toBe(false);
  });
});
