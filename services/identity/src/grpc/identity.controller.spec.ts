import { JwtService } from '@nestjs/jwt';
import { rpcErrorOf } from '@nightfall/server-kit';
import type { SessionClaims } from '../sessions/sessions.service.js';
import { startIdentityApp, type IdentityTestApp } from '../testing/identity-test-app.js';
import { IdentityController } from './identity.controller.js';

describe('IdentityController: the gRPC methods over the feature modules (real PostgreSQL)', () => {
  let t: IdentityTestApp;
  let grpc: IdentityController;

  beforeAll(async () => {
    t = await startIdentityApp();
    grpc = t.app.get(IdentityController);
  });
  afterAll(() => t.close());

  it('password sign-up and every sign-in open a new, valid session (rotation)', async () => {
    const up = await grpc.signUpWithPassword({ email: 'rot@example.com', password: 'secret1', displayName: 'Rot' });
    expect(up.user).toMatchObject({ email: 'rot@example.com', displayName: 'Rot', isGuest: false });
    const claims = await t.app.get(JwtService).verifyAsync<SessionClaims>(up.sessionToken);
    expect(claims).toMatchObject({ sub: up.user?.id, sid: up.sessionId, guest: false, name: 'Rot' });
    const inSession = await grpc.signInWithPassword({ email: 'ROT@example.com', password: 'secret1' });
    expect(inSession.sessionId).not.toBe(up.sessionId);
    expect(inSession.user?.lastLoginAt).not.toBe('');
    expect(await grpc.validateSession({ sessionId: inSession.sessionId })).toMatchObject({ valid: true, user: { id: up.user?.id } });
    expect(await grpc.revokeSession({ sessionId: inSession.sessionId })).toEqual({});
    expect((await grpc.validateSession({ sessionId: inSession.sessionId })).valid).toBe(false);
    expect((await grpc.validateSession({ sessionId: up.sessionId })).valid).toBe(true);
  });

  it('answers with the identity error bodies', async () => {
    expect((await rpcErrorOf(grpc.signInWithPassword({ email: 'rot@example.com', password: 'nope' }))).title).toBe('Login Failed');
    expect((await rpcErrorOf(grpc.getUser({ userId: 'x' }))).code).toBe('USER_NOT_FOUND');
    expect((await rpcErrorOf(grpc.consumeMagicLink({ token: '' }))).code).toBe('TOKEN_MISSING');
    expect(await rpcErrorOf(grpc.requestMagicLink({ email: 'a@example.com', purpose: 'other', displayName: '', baseUrl: '' }))).toEqual({
      code: 'INVALID_PURPOSE',
      title: 'Error',
      message: 'Unknown magic link purpose',
    });
    expect(await rpcErrorOf(grpc.requestMagicLink({ email: 'a@example.com', purpose: 'signin', displayName: '', baseUrl: 'ftp://example.com' }))).toEqual({
      code: 'INVALID_BASE_URL',
      title: 'Error',
      message: 'Invalid public URL',
    });
  });

  it('ListOutbox lists the development outbox', async () => {
    await grpc.requestMagicLink({ email: 'outbox@example.com', purpose: 'signup', displayName: '', baseUrl: '' });
    const list = await grpc.listOutbox({ limit: 0 });
    expect(list).toMatchObject({ enabled: true, directory: t.env.MAIL_OUTBOX_DIR, mailMode: 'outbox' });
    expect(list.messages[0]).toMatchObject({ to: 'outbox@example.com', subject: 'Complete your Nightfall signup' });
    expect(list.messages[0]!.link.startsWith(`${t.env.PUBLIC_URL}/auth/callback?token=`)).toBe(true);
  });

  it('GetUserByEmail, GetUsers and SearchUsers answer users with email_verified', async () => {
    const up = await grpc.signUpWithPassword({ email: 'Lookup@Example.com', password: 'secret1', displayName: 'Look' });
    expect(await grpc.getUserByEmail({ email: 'LOOKUP@example.COM' })).toEqual(up.user);
    expect(up.user?.emailVerified).toBe(false);
    expect((await rpcErrorOf(grpc.getUserByEmail({ email: 'nobody@example.com' }))).code).toBe('USER_NOT_FOUND');
    expect(await grpc.getUsers({ userIds: [up.user!.id, '0b1c2d3e-0000-4000-8000-000000000000'] })).toEqual({ users: [up.user] });
    expect((await rpcErrorOf(grpc.getUsers({ userIds: Array.from({ length: 501 }, () => up.user!.id) }))).code).toBe('INVALID_INPUT');
    expect(await grpc.searchUsers({ query: 'lookup', offset: 0, limit: 10 })).toEqual({ users: [up.user], total: 1 });
    expect((await rpcErrorOf(grpc.searchUsers({ query: '', offset: 0, limit: 0 }))).code).toBe('INVALID_INPUT');
  });
});
