import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startIdentityApp, type IdentityTestApp } from '../testing/identity-test-app.js';
import { MailService } from './mail.service.js';

describe('MailService: the development outbox (injected clock)', () => {
  let now = Date.UTC(2026, 10, 21, 12);
  let t: IdentityTestApp;
  let mail: MailService;

  beforeAll(async () => {
    t = await startIdentityApp({}, () => now);
    mail = t.app.get(MailService);
  });
  afterAll(() => t.close());

  it('the development outbox holds a .json and an .eml per message, listed newest first', async () => {
    expect(await mail.listOutbox(0)).toEqual({ enabled: true, messages: [], directory: t.env.MAIL_OUTBOX_DIR, mailMode: 'outbox' });
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await mail.send({ to, subject: `Hello ${to}`, text: 'text', html: '<p>text</p>', link: `http://nightfall.test/${to}` });
      now += 1000;
    }
    const list = await mail.listOutbox(0);
    expect(list.enabled).toBe(true);
    expect(list.directory).toBe(t.env.MAIL_OUTBOX_DIR);
    expect(list.messages.map((m) => m.to)).toEqual(['c@example.com', 'b@example.com', 'a@example.com']);
    expect(list.messages[0]).toMatchObject({ subject: 'Hello c@example.com', link: 'http://nightfall.test/c@example.com', createdAt: new Date(now - 1000).toISOString() });
    const files = readdirSync(t.env.MAIL_OUTBOX_DIR);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(3);
    const eml = files.find((f) => f.endsWith('.eml'))!;
    expect(readFileSync(join(t.env.MAIL_OUTBOX_DIR, eml), 'utf8')).toMatch(/^From: Nightfall <no-reply@nightfall\.local>$/m);
    expect((await mail.listOutbox(2)).messages).toHaveLength(2);
  });
});

describe('MailService in production without SMTP_URL', () => {
  it('does not serve the outbox', async () => {
    const t = await startIdentityApp({ NODE_ENV: 'production' });
    try {
      const mail = t.app.get(MailService);
      expect(mail.mode).toBe('outbox');
      expect(await mail.listOutbox(10)).toEqual({ enabled: false, messages: [], directory: '', mailMode: 'outbox' });
    } finally {
      await t.close();
    }
  });
});
