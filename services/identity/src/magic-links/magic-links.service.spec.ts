import { readdirSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { rpcErrorOf } from '@nightfall/server-kit';
import { AccountsService } from '../accounts/accounts.service.js';
import { UserEntity } from '../accounts/user.entity.js';
import { MailService } from '../mail/mail.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { fakeSmtp } from '../testing/fake-smtp.js';
import { startIdentityApp, type IdentityTestApp } from '../testing/identity-test-app.js';
import { MagicLinkTokenEntity } from './magic-link-token.entity.js';
import { hashToken, MagicLinksService } from './magic-links.service.js';

const BASE = 'http://nightfall.test:8080';

/** The token of the newest outbox message to `to`. */
async function lastToken(mail: MailService, to: string): Promise<{ token: string; subject: string; link: string }> {
  const msg = (await mail.readOutbox()).find((m) => m.to === to);
  if (!msg) throw new Error(`no mail to ${to}`);
  const link = new URL(msg.link);
  return { token: link.searchParams.get('token')!, subject: msg.subject, link: msg.link };
}

describe('magic links (real PostgreSQL, development outbox, injected clock)', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  let t: IdentityTestApp;
  let links: MagicLinksService;
  let accounts: AccountsService;
  let sessions: SessionsService;
  let mail: MailService;

  beforeAll(async () => {
    t = await startIdentityApp({}, () => now);
    links = t.app.get(MagicLinksService);
    accounts = t.app.get(AccountsService);
    sessions = t.app.get(SessionsService);
    mail = t.app.get(MailService);
  });
  afterAll(() => t.close());

  it('sign-up by magic link creates nothing until the link is followed, then creates the account and a session', async () => {
    const res = await links.requestMagicLink('New@Example.com', 'signup', ' Newbie ', BASE);
    expect(res.message).toBe('Check your email to complete signup');
    const users = t.app.get(DataSource).getRepository(UserEntity);
    expect(await users.existsBy({ email: 'new@example.com' })).toBe(false);
    const { token, subject, link } = await lastToken(mail, 'new@example.com');
    expect(subject).toBe('Complete your Nightfall signup');
    expect(link).toBe(`${BASE}/auth/callback?token=${token}`);
    const session = await links.consumeMagicLink(token);
    expect(session.user).toMatchObject({ email: 'new@example.com', displayName: 'Newbie', isGuest: false });
    expect(session.user?.lastLoginAt).toBe(new Date(now).toISOString());
    expect(session.user?.createdAt).toBe(new Date(now).toISOString());
    expect((await sessions.validateSession(session.sessionId)).valid).toBe(true);
  });

  it('stores only the SHA-256 hash of a random 32-byte base64url token, valid for 15 minutes', async () => {
    await links.requestMagicLink('hash@example.com', 'signup', '', BASE);
    const { token } = await lastToken(mail, 'hash@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.get(DataSource).getRepository(MagicLinkTokenEntity).findBy({ email: 'hash@example.com' });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(15 * 60_000);
    expect(rows[0]!.used).toBe(false);
  });

  it('a magic-link token works once: the second use is rejected', async () => {
    await links.requestMagicLink('once@example.com', 'signup', '', BASE);
    const { token } = await lastToken(mail, 'once@example.com');
    await links.consumeMagicLink(token);
    expect(await rpcErrorOf(links.consumeMagicLink(token))).toEqual({ code: 'INVALID_TOKEN', title: 'Invalid Token', message: 'Invalid or expired authentication link' });
  });

  it('a magic-link token expires after 15 minutes', async () => {
    await links.requestMagicLink('late@example.com', 'signup', '', BASE);
    const { token } = await lastToken(mail, 'late@example.com');
    await links.requestMagicLink('intime@example.com', 'signup', '', BASE);
    const fresh = await lastToken(mail, 'intime@example.com');
    now += 15 * 60_000 - 1000;
    expect((await links.consumeMagicLink(fresh.token)).user?.email).toBe('intime@example.com');
    now += 1000;
    expect((await rpcErrorOf(links.consumeMagicLink(token))).code).toBe('INVALID_TOKEN');
    expect(await t.app.get(DataSource).getRepository(UserEntity).existsBy({ email: 'late@example.com' })).toBe(false);
  });

  it('rejects an unknown token and a missing token with the spec texts', async () => {
    expect(await rpcErrorOf(links.consumeMagicLink('x'.repeat(43)))).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid or expired authentication link' });
    expect(await rpcErrorOf(links.consumeMagicLink(''))).toEqual({ code: 'TOKEN_MISSING', title: 'Invalid Token', message: 'No authentication token provided' });
  });

  it('sign-in by magic link for an existing account opens a new session and updates lastLoginAt', async () => {
    const user = await accounts.signUp('pw@example.com', 'secret1', 'Pat');
    const up = await sessions.open(user);
    now += 60_000;
    expect((await links.requestMagicLink('PW@example.com', 'signin', '', BASE)).message).toBe('Check your email for the sign-in link');
    const { token, subject } = await lastToken(mail, 'pw@example.com');
    expect(subject).toBe('Your Nightfall sign-in link');
    const s = await links.consumeMagicLink(token);
    expect(s.user?.id).toBe(user.id);
    expect(s.sessionId).not.toBe(up.sessionId);
    expect(s.user?.lastLoginAt).toBe(new Date(now).toISOString());
  });

  it('sign-in for an unknown e-mail gives the same answer and mails a sign-up link instead', async () => {
    expect((await links.requestMagicLink('stranger@example.com', 'signin', '', BASE)).message).toBe('Check your email for the sign-in link');
    const { token, subject } = await lastToken(mail, 'stranger@example.com');
    expect(subject).toBe('Complete your Nightfall signup');
    expect((await links.consumeMagicLink(token)).user?.email).toBe('stranger@example.com');
  });

  it('magic-link sign-up of a registered e-mail is refused like password sign-up (Email Already Registered)', async () => {
    await accounts.signUp('taken@example.com', 'secret1', '');
    expect(await rpcErrorOf(links.requestMagicLink('taken@example.com', 'signup', '', BASE))).toMatchObject({ code: 'EMAIL_TAKEN', title: 'Email Already Registered' });
    expect((await rpcErrorOf(links.requestMagicLink('not-an-email', 'signin', '', BASE))).code).toBe('INVALID_EMAIL');
  });
});

describe('magic links with SMTP_URL (a local SMTP stand-in)', () => {
  it('sends the link over SMTP, keeps no outbox, and refuses when the SMTP server is down', async () => {
    const smtp = await fakeSmtp();
    const t = await startIdentityApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const links = t.app.get(MagicLinksService);
      expect((await links.requestMagicLink('smtp@example.com', 'signup', '', BASE)).message).toBe('Check your email to complete signup');
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatch(/^To: smtp@example\.com$/m);
      expect(smtp.messages[0]).toMatch(/^Subject: Complete your Nightfall signup$/m);
      expect(readdirSync(t.env.MAIL_OUTBOX_DIR)).toEqual([]);
      expect(await t.app.get(MailService).listOutbox(0)).toEqual({ enabled: false, messages: [], directory: '', mailMode: 'smtp' });

      await new Promise<void>((r) => smtp.server.close(() => r()));
      expect(await rpcErrorOf(links.requestMagicLink('down@example.com', 'signin', '', BASE))).toEqual({
        code: 'MAIL_FAILED',
        title: 'Login Failed',
        message: 'We could not send the email. Please try again later.',
      });
      expect(await t.app.get(DataSource).getRepository(MagicLinkTokenEntity).countBy({ email: 'down@example.com' })).toBe(0);
    } finally {
      smtp.server.close();
      await t.close();
    }
  }, 30_000);
});
