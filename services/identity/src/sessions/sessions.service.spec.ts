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

  it('deletes a guest with their sessions only when the session is theirs, and never a signed-up user', async () => {
    const q = (sql: string, params: unknown[]) => t.app.get(DataSource).query(sql.replaceAll('$S', `"${t.env.DATABASE_SCHEMA}"`), params);
    const rows = async (userId: string) =>
      Number((await q(`SELECT (SELECT count(*) FROM $S."users" WHERE id = $1) + (SELECT count(*) FROM $S."sessions" WHERE user_id = $1) AS n`, [userId]))[0].n);
    const a = await sessions.createGuestSession('Ann');
    const b = await sessions.createGuestSession('Ben');
    // another guest's session, a malformed id, an unknown session: nothing changes
    expect(await sessions.deleteGuest(a.user!.id, b.sessionId)).toBe(false);
    expect(await sessions.deleteGuest(a.user!.id, 'not-a-uuid')).toBe(false);
    expect(await sessions.deleteGuest(a.user!.id, '00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await rows(a.user!.id)).toBe(2);
    // a signed-up user with their own session stays
    const member = await t.app.get(AccountsService).signUp('kept@example.com', 'secret1', 'Kept');
    const own = await sessions.open(member);
    expect(await sessions.deleteGuest(member.id, own.sessionId)).toBe(false);
    expect((await sessions.validateSession(own.sessionId)).valid).toBe(true);
    // the guest with their own session goes, sessions included; a second call finds nothing
    expect(await sessions.deleteGuest(a.user!.id, a.sessionId)).toBe(true);
    expect(await rows(a.user!.id)).toBe(0);
    expect((await sessions.validateSession(a.sessionId)).valid).toBe(false);
    expect(await sessions.deleteGuest(a.user!.id, a.sessionId)).toBe(false);
    expect((await sessions.validateSession(b.sessionId)).valid).toBe(true);
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
