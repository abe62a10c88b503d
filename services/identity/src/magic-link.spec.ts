import 'reflect-metadata';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rpcErrorOf, runMigrations, testDatabaseUrl, uniqueSchema } from '@nightfall/server-kit';
import { AppModule } from './app.module.js';
import { identityDatabase } from './database.js';
import { loadIdentityEnv, type IdentityEnv } from './env.js';
import { hashToken, IdentityService } from './identity.service.js';
import { MagicLinkTokenEntity } from './magic-link-token.entity.js';
import { MailService } from './mail/mail.service.js';
import { UserEntity } from './user.entity.js';

const schema = uniqueSchema('identity');
const outbox = mkdtempSync(join(tmpdir(), 'nf-outbox-'));
const baseEnv = { DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: schema, SESSION_SECRET: 's'.repeat(40), LOG_LEVEL: 'silent', MAIL_OUTBOX_DIR: outbox };
const env = loadIdentityEnv(baseEnv);
const BASE = 'http://nightfall.test:8080';

/** Starts an identity module (real PostgreSQL) with an injected clock. */
async function start(e: IdentityEnv, clock: () => number): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(e, clock)] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

/** The token of the newest outbox message to `to`. */
async function lastToken(mail: MailService, to: string): Promise<{ token: string; subject: string; link: string }> {
  const msg = (await mail.listOutbox()).find((m) => m.to === to);
  if (!msg) throw new Error(`no mail to ${to}`);
  const link = new URL(msg.link);
  return { token: link.searchParams.get('token')!, subject: msg.subject, link: msg.link };
}

describe('magic links, profile and the mail outbox (real PostgreSQL, injected clock)', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  let app: INestApplication;
  let identity: IdentityService;
  let mail: MailService;

  beforeAll(async () => {
    await runMigrations(identityDatabase(env.DATABASE_URL, schema));
    app = await start(env, () => now);
    identity = app.get(IdentityService);
    mail = app.get(MailService);
  });
  afterAll(async () => {
    await app.get(DataSource).query(`DROP SCHEMA "${schema}" CASCADE`);
    await app.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('sign-up by magic link creates nothing until the link is followed, then creates the account and a session', async () => {
    const res = await identity.requestMagicLink('New@Example.com', 'signup', ' Newbie ', BASE);
    expect(res.message).toBe('Check your email to complete signup');
    const users = app.get(DataSource).getRepository(UserEntity);
    expect(await users.existsBy({ email: 'new@example.com' })).toBe(false);
    const { token, subject, link } = await lastToken(mail, 'new@example.com');
    expect(subject).toBe('Complete your Nightfall signup');
    expect(link).toBe(`${BASE}/auth/callback?token=${token}`);
    const session = await identity.consumeMagicLink(token);
    expect(session.user).toMatchObject({ email: 'new@example.com', displayName: 'Newbie', isGuest: false });
    expect(session.user?.lastLoginAt).toBe(new Date(now).toISOString());
    expect(session.user?.createdAt).toBe(new Date(now).toISOString());
    expect((await identity.validateSession(session.sessionId)).valid).toBe(true);
  });

  it('stores only the SHA-256 hash of a random 32-byte base64url token, valid for 15 minutes', async () => {
    await identity.requestMagicLink('hash@example.com', 'signup', '', BASE);
    const { token } = await lastToken(mail, 'hash@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await app.get(DataSource).getRepository(MagicLinkTokenEntity).findBy({ email: 'hash@example.com' });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(15 * 60_000);
    expect(rows[0]!.used).toBe(false);
  });

  it('a magic-link token works once: the second use is rejected', async () => {
    await identity.requestMagicLink('once@example.com', 'signup', '', BASE);
    const { token } = await lastToken(mail, 'once@example.com');
    await identity.consumeMagicLink(token);
    expect(await rpcErrorOf(identity.consumeMagicLink(token))).toEqual({ code: 'INVALID_TOKEN', title: 'Invalid Token', message: 'Invalid or expired authentication link' });
  });

  it('a magic-link token expires after 15 minutes', async () => {
    await identity.requestMagicLink('late@example.com', 'signup', '', BASE);
    const { token } = await lastToken(mail, 'late@example.com');
    await identity.requestMagicLink('intime@example.com', 'signup', '', BASE);
    const fresh = await lastToken(mail, 'intime@example.com');
    now += 15 * 60_000 - 1000;
    expect((await identity.consumeMagicLink(fresh.token)).user?.email).toBe('intime@example.com');
    now += 1000;
    expect((await rpcErrorOf(identity.consumeMagicLink(token))).code).toBe('INVALID_TOKEN');
    expect(await app.get(DataSource).getRepository(UserEntity).existsBy({ email: 'late@example.com' })).toBe(false);
  });

  it('rejects an unknown token and a missing token with the spec texts', async () => {
    expect(await rpcErrorOf(identity.consumeMagicLink('x'.repeat(43)))).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid or expired authentication link' });
    expect(await rpcErrorOf(identity.consumeMagicLink(''))).toEqual({ code: 'TOKEN_MISSING', title: 'Invalid Token', message: 'No authentication token provided' });
  });

  it('sign-in by magic link for an existing account opens a new session and updates lastLoginAt', async () => {
    const up = await identity.signUp('pw@example.com', 'secret1', 'Pat');
    now += 60_000;
    expect((await identity.requestMagicLink('PW@example.com', 'signin', '', BASE)).message).toBe('Check your email for the sign-in link');
    const { token, subject } = await lastToken(mail, 'pw@example.com');
    expect(subject).toBe('Your Nightfall sign-in link');
    const s = await identity.consumeMagicLink(token);
    expect(s.user?.id).toBe(up.user?.id);
    expect(s.sessionId).not.toBe(up.sessionId);
    expect(s.user?.lastLoginAt).toBe(new Date(now).toISOString());
  });

  it('sign-in for an unknown e-mail gives the same answer and mails a sign-up link instead', async () => {
    expect((await identity.requestMagicLink('stranger@example.com', 'signin', '', BASE)).message).toBe('Check your email for the sign-in link');
    const { token, subject } = await lastToken(mail, 'stranger@example.com');
    expect(subject).toBe('Complete your Nightfall signup');
    expect((await identity.consumeMagicLink(token)).user?.email).toBe('stranger@example.com');
  });

  it('magic-link sign-up of a registered e-mail is refused like password sign-up (Email Already Registered)', async () => {
    await identity.signUp('taken@example.com', 'secret1', '');
    expect(await rpcErrorOf(identity.requestMagicLink('taken@example.com', 'signup', '', BASE))).toMatchObject({ title: 'Email Already Registered' });
    expect((await rpcErrorOf(identity.requestMagicLink('not-an-email', 'signin', '', BASE))).code).toBe('INVALID_EMAIL');
  });

  it('profile: the display name is trimmed, required and at most 50 characters; guests cannot edit', async () => {
    const s = await identity.signUp('prof@example.com', 'secret1', 'Old');
    expect((await identity.updateProfile(s.user!.id, '  New Name ')).displayName).toBe('New Name');
    expect((await identity.getUser(s.user!.id)).displayName).toBe('New Name');
    expect((await rpcErrorOf(identity.updateProfile(s.user!.id, '   '))).message).toBe('Display name is required');
    expect((await rpcErrorOf(identity.updateProfile(s.user!.id, 'x'.repeat(51)))).message).toBe('Display name must be 50 characters or less');
    expect((await identity.updateProfile(s.user!.id, 'y'.repeat(50))).displayName).toHaveLength(50);
    const guest = await identity.createGuestSession('Guesty');
    expect((await rpcErrorOf(identity.updateProfile(guest.user!.id, 'Other'))).code).toBe('SIGN_IN_REQUIRED');
  });

  it('the development outbox holds a .json and an .eml per message, listed newest first', async () => {
    const list = await identity.listOutbox(0);
    expect(list.enabled).toBe(true);
    expect(list.directory).toBe(outbox);
    const times = list.messages.map((m) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const files = readdirSync(outbox);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(list.messages.length);
    const eml = files.find((f) => f.endsWith('.eml'))!;
    expect(readFileSync(join(outbox, eml), 'utf8')).toMatch(/^From: Nightfall <no-reply@nightfall\.local>$/m);
    expect((await identity.listOutbox(2)).messages).toHaveLength(2);
  });
});

/** A minimal SMTP server on 127.0.0.1 that records each message's DATA (enough for nodemailer without TLS). */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 OK queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 localhost\r\n');
        else if (cmd === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((res) => server.listen(0, '127.0.0.1', () => res({ server, port: (server.address() as { port: number }).port, messages })));
}

describe('magic links with SMTP_URL (a local SMTP stand-in)', () => {
  const smtpSchema = uniqueSchema('identity');

  it('sends the link over SMTP, keeps no outbox, and refuses when the SMTP server is down', async () => {
    const smtp = await fakeSmtp();
    const dir = mkdtempSync(join(tmpdir(), 'nf-outbox-'));
    await runMigrations(identityDatabase(env.DATABASE_URL, smtpSchema));
    const e = loadIdentityEnv({ ...baseEnv, DATABASE_SCHEMA: smtpSchema, MAIL_OUTBOX_DIR: dir, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const app = await start(e, Date.now);
    try {
      const identity = app.get(IdentityService);
      expect((await identity.requestMagicLink('smtp@example.com', 'signup', '', BASE)).message).toBe('Check your email to complete signup');
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatch(/^To: smtp@example\.com$/m);
      expect(smtp.messages[0]).toMatch(/^Subject: Complete your Nightfall signup$/m);
      expect(readdirSync(dir)).toEqual([]);
      expect(await identity.listOutbox(0)).toEqual({ enabled: false, messages: [], directory: '', mailMode: 'smtp' });

      await new Promise<void>((r) => smtp.server.close(() => r()));
      expect(await rpcErrorOf(identity.requestMagicLink('down@example.com', 'signin', '', BASE))).toEqual({
        code: 'MAIL_FAILED',
        title: 'Login Failed',
        message: 'We could not send the email. Please try again later.',
      });
      expect(await app.get(DataSource).getRepository(MagicLinkTokenEntity).countBy({ email: 'down@example.com' })).toBe(0);
    } finally {
      smtp.server.close();
      await app.get(DataSource).query(`DROP SCHEMA "${smtpSchema}" CASCADE`);
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
