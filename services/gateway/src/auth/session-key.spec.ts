/**
 * The session key the passport 'session' strategy verifies REST cookies with: one KeyObject per secret, and
 * the strategy itself (passport-jwt over jsonwebtoken) accepting identity's tokens signed with the secret and
 * refusing forged and expired ones. The session check with identity is a stand-in here (the strategy's own
 * part is the token); the authorization matrix spec runs the whole path against the real services.
 */
import { KeyObject } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { GatewayEnv } from '../env.js';
import { sessionKey } from './session-key.js';
import type { SessionService, SessionUser } from './session.service.js';
import { SessionStrategy } from './session.strategy.js';

const SECRET = 's'.repeat(40);
/** Signs as identity does (HS256 with the shared secret), or with another secret. */
const signer = (secret: string) => new JwtService({ secret, signOptions: { algorithm: 'HS256' } });
const env = { SESSION_SECRET: SECRET, SESSION_COOKIE: 'nf_session' } as GatewayEnv;

describe('sessionKey (docs/hot-path.md "The tenth machine")', () => {
  it('makes one secret KeyObject per secret and hands the same one out again', () => {
    const key = sessionKey(SECRET);
    expect(key).toBeInstanceOf(KeyObject);
    expect(key.type).toBe('secret');
    expect(key.export().toString()).toBe(SECRET);
    expect(sessionKey(SECRET)).toBe(key);
    expect(sessionKey('t'.repeat(40))).not.toBe(key);
  });
});

describe('SessionStrategy with the shared key', () => {
  const checked: Array<[string, string]> = [];
  const sessions = {
    check: async (sid: string, sub: string): Promise<SessionUser | null> => {
      checked.push([sid, sub]);
      return { userId: sub, sessionId: sid, displayName: 'Ann', isGuest: true, email: null };
    },
  } as unknown as SessionService;

  /** Runs the strategy on a request carrying `token` as the session cookie. */
  function authenticate(token: string): Promise<{ user?: SessionUser; failed?: boolean; error?: unknown }> {
    const strategy = new SessionStrategy(env, sessions) as unknown as Record<string, unknown> & { authenticate(req: unknown): void };
    return new Promise((resolve) => {
      strategy.success = (user: SessionUser) => resolve({ user });
      strategy.fail = () => resolve({ failed: true });
      strategy.error = (error: unknown) => resolve({ error });
      strategy.authenticate({ cookies: { nf_session: token }, headers: {} });
    });
  }

  it('accepts a token signed with the secret (as identity signs it) and checks its session', async () => {
    const token = signer(SECRET).sign({ sub: 'u1', sid: 's1', name: 'Ann', guest: true }, { expiresIn: 60 });
    const out = await authenticate(token);
    expect(out.user).toMatchObject({ userId: 'u1', sessionId: 's1' });
    expect(checked).toContainEqual(['s1', 'u1']);
  });

  it('refuses a token signed with another secret, and an expired one, without asking identity', async () => {
    checked.length = 0;
    const forged = signer('f'.repeat(40)).sign({ sub: 'u2', sid: 's2' }, { expiresIn: 60 });
    const expired = signer(SECRET).sign({ sub: 'u3', sid: 's3', exp: Math.floor(Date.now() / 1000) - 10 });
    expect(await authenticate(forged)).toEqual({ failed: true });
    expect(await authenticate(expired)).toEqual({ failed: true });
    expect(checked).toEqual([]);
  });
});
