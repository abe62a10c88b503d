import 'reflect-metadata';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { rpcErrorOf, runMigrations, testDatabaseUrl, uniqueSchema } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { identityDatabase } from './database.js';
import { loadIdentityEnv } from './env.js';
import { IdentityService, type SessionClaims } from './identity.service.js';

const schema = uniqueSchema('identity');
const env = loadIdentityEnv({
  DATABASE_URL: testDatabaseUrl(),
  DATABASE_SCHEMA: schema,
  SESSION_SECRET: 's'.repeat(40),
  LOG_LEVEL: 'silent',
  MAIL_OUTBOX_DIR: join(tmpdir(), `nf-outbox-${schema}`),
});

describe('IdentityService (real PostgreSQL)', () => {
  let service: IdentityService;
  let jwt: JwtService;
  let close: () => Promise<void>;

  beforeAll(async () => {
    await runMigrations(identityDatabase(env.DATABASE_URL, schema));
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(env)] }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    service = app.get(IdentityService);
    jwt = app.get(JwtService);
    close = async () => {
      await app.get(DataSource).query(`DROP SCHEMA "${schema}" CASCADE`);
      await app.close();
    };
  });
  afterAll(() => close());

  it('creates a guest session whose signed token names the user and the session', async () => {
    const session = await service.createGuestSession('  Alice ');
    expect(session.user?.displayName).toBe('Alice');
    expect(session.user?.isGuest).toBe(true);
    const claims = await jwt.verifyAsync<SessionClaims>(session.sessionToken);
    expect(claims).toMatchObject({ sub: session.user?.id, sid: session.sessionId, guest: true, name: 'Alice' });
    expect((await service.validateSession(session.sessionId)).valid).toBe(true);
  });

  it('rejects a blank or too long guest name with the spec text', async () => {
    expect((await rpcErrorOf(service.createGuestSession('   '))).message).toBe('Please enter your display name');
    expect((await rpcErrorOf(service.createGuestSession('x'.repeat(51)))).message).toBe('Display name must be 50 characters or less');
  });

  it('signs up with a hashed password, refuses the same e-mail twice, and signs in', async () => {
    const up = await service.signUp('Host@Example.com', 'secret1', '');
    expect(up.user).toMatchObject({ email: 'host@example.com', displayName: 'host', isGuest: false });
    expect(await rpcErrorOf(service.signUp('host@example.com', 'another1', ''))).toMatchObject({
      title: 'Email Already Registered',
      message: 'This email is already associated with an account',
    });
    const ds = (service as unknown as { users: { findOneBy(w: object): Promise<{ passwordHash: string }> } }).users;
    const row = await ds.findOneBy({ email: 'host@example.com' });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    expect(await rpcErrorOf(service.signIn('host@example.com', 'wrong-pass'))).toMatchObject({
      title: 'Login Failed',
      message: 'Invalid email or password',
    });
    const inSession = await service.signIn('HOST@example.com', 'secret1');
    expect(inSession.sessionId).not.toBe(up.sessionId);
    expect(inSession.user?.lastLoginAt).not.toBe('');
  });

  it('rejects a short password at sign-up', async () => {
    expect((await rpcErrorOf(service.signUp('short@example.com', '12345', ''))).code).toBe('PASSWORD_TOO_SHORT');
  });

  it('revokes a session on sign-out and then reports it invalid', async () => {
    const s = await service.createGuestSession('Bob');
    await service.revokeSession(s.sessionId);
    expect((await service.validateSession(s.sessionId)).valid).toBe(false);
    expect((await service.validateSession('not-a-uuid')).valid).toBe(false);
  });

  it('ensureUser is idempotent for the demo host', async () => {
    const a = await service.ensureUser('demo@nightfall.local', 'password123', 'Demo Host');
    const b = await service.ensureUser('demo@nightfall.local', 'password123', 'Demo Host');
    expect(a.id).toBe(b.id);
  });
});
