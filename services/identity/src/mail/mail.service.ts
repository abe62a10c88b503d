import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { CLOCK, type Clock } from '@nightfall/server-kit';
import type { identityV1 } from '@nightfall/contracts';
import { IDENTITY_ENV, type IdentityEnv } from '../env.js';

/** One e-mail to send. `link` is the magic link it carries (kept in the development outbox). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
}

/** A message as stored in the development outbox (`<MAIL_OUTBOX_DIR>/<time>-<id>.json`). */
export type OutboxRecord = identityV1.OutboxMessage;

/** Most messages one ListOutbox call returns (a limit of 0 or less means 100). */
export const OUTBOX_LIMIT_MAX = 500;

/**
 * Outgoing e-mail (nodemailer; docs/architecture.md "Feature modules"). With SMTP_URL: real SMTP.
 * Without it: development mode, where every message is written to MAIL_OUTBOX_DIR as
 * `<time>-<id>.json` (to, subject, text, link) plus the full RFC 822 message as `<time>-<id>.eml`,
 * and the link is logged. The outbox is listed over gRPC
 * (ListOutbox) only when SMTP_URL is unset and NODE_ENV is not production.
 */
@Injectable()
export class MailService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private transport!: Transporter;

  constructor(
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** 'smtp' when SMTP_URL is set, else 'outbox'. */
  get mode(): 'smtp' | 'outbox' {
    return this.env.SMTP_URL ? 'smtp' : 'outbox';
  }

  /** Whether the development outbox may be listed (no SMTP_URL and NODE_ENV is not production). */
  get outboxEnabled(): boolean {
    return this.mode === 'outbox' && this.env.NODE_ENV !== 'production';
  }

  /** Directory of the development outbox. */
  get outboxDir(): string {
    return this.env.MAIL_OUTBOX_DIR;
  }

  /** Creates the transport: SMTP from SMTP_URL, or nodemailer's stream transport that renders the .eml. */
  onModuleInit(): void {
    if (this.env.SMTP_URL) {
      this.transport = nodemailer.createTransport(this.env.SMTP_URL);
      return;
    }
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const note = this.env.NODE_ENV === 'production' ? ' (NODE_ENV=production: the outbox is not served; set SMTP_URL)' : '';
    this.logger.warn(`SMTP_URL is not set: e-mails are written to the development outbox ${this.env.MAIL_OUTBOX_DIR}${note}`);
  }

  /** Closes the SMTP connection pool, if any. */
  onModuleDestroy(): void {
    this.transport?.close?.();
  }

  /**
   * Sends one message from MAIL_FROM: over SMTP, or into the development outbox (and logs the link).
   * @throws the transport's error when SMTP or the outbox write fails
   */
  async send(msg: MailMessage): Promise<void> {
    const mail = { from: this.env.MAIL_FROM, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html };
    if (this.mode === 'smtp') {
      await this.transport.sendMail(mail);
      return;
    }
    const info = (await this.transport.sendMail(mail)) as { message: Buffer };
    const createdAt = new Date(this.clock()).toISOString();
    const id = randomUUID();
    const base = `${createdAt.replace(/[:.]/g, '-')}-${id}`;
    const record: OutboxRecord = { id, to: msg.to, subject: msg.subject, text: msg.text, link: msg.link, createdAt };
    await mkdir(this.env.MAIL_OUTBOX_DIR, { recursive: true });
    await writeFile(join(this.env.MAIL_OUTBOX_DIR, `${base}.eml`), info.message);
    await writeFile(join(this.env.MAIL_OUTBOX_DIR, `${base}.json`), JSON.stringify(record, null, 2));
    this.logger.log(`[dev outbox] "${msg.subject}" to ${msg.to}: ${msg.link}`);
  }

  /**
   * ListOutbox: the development outbox, newest first. `enabled` is false with SMTP_URL or in
   * production, and then there are no messages and no directory.
   * @param limit most messages to return: 1-500, 0 or less for 100
   */
  async listOutbox(limit: number): Promise<identityV1.ListOutboxResponse> {
    if (!this.outboxEnabled) return { enabled: false, messages: [], directory: '', mailMode: this.mode };
    const messages = await this.readOutbox(limit > 0 ? Math.min(limit, OUTBOX_LIMIT_MAX) : 100);
    return { enabled: true, messages, directory: this.outboxDir, mailMode: this.mode };
  }

  /**
   * The newest `limit` messages of the development outbox, newest first. Unreadable files are skipped.
   * @returns [] when the folder does not exist
   */
  async readOutbox(limit = 100): Promise<OutboxRecord[]> {
    let names: string[];
    try {
      names = (await readdir(this.env.MAIL_OUTBOX_DIR)).filter((n) => n.endsWith('.json'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const records: OutboxRecord[] = [];
    for (const name of names.sort().reverse()) {
      try {
        const r = JSON.parse(await readFile(join(this.env.MAIL_OUTBOX_DIR, name), 'utf8')) as Partial<OutboxRecord>;
        if (typeof r.id === 'string' && typeof r.to === 'string') {
          records.push({ id: r.id, to: r.to, subject: r.subject ?? '', text: r.text ?? '', link: r.link ?? '', createdAt: r.createdAt ?? '' });
        }
      } catch {
        /* a file being written or not ours */
      }
    }
    records.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    return records.slice(0, Math.max(1, limit));
  }
}
