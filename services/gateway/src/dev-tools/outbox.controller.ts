import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import type { identityV1 } from '@nightfall/contracts';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { devPage, escapeHtml } from './dev-page.js';
import { LoopbackOnlyGuard } from './loopback-only.guard.js';

/** One outbox entry as GET /api/dev/outbox returns it. */
export type OutboxEntry = identityV1.OutboxMessage;

/**
 * The development outbox: e-mails (magic links) that identity wrote to MAIL_OUTBOX_DIR because no
 * SMTP_URL is set. Read from identity over gRPC (ListOutbox), so it works whatever machine identity
 * runs on. Registered only in development (DevToolsModule), answers loopback clients only
 * (LoopbackOnlyGuard), and only while identity reports the outbox enabled (no SMTP_URL, not production);
 * otherwise 404.
 */
@Controller()
@UseGuards(LoopbackOnlyGuard)
export class OutboxController {
  constructor(private readonly upstream: UpstreamService) {}

  /** GET /api/dev/outbox -> [{id, to, subject, text, link, createdAt}], newest first. @throws 404 when not available */
  @Get('api/dev/outbox')
  async list(): Promise<OutboxEntry[]> {
    const outbox = await this.read();
    if (!outbox) throw new ApiException(404, GatewayErrorCode.NOT_FOUND, 'The development outbox is not available');
    return outbox.messages;
  }

  /** GET /dev/outbox: HTML list of the outbox, newest first, with clickable links. 404 when not available. */
  @Get('dev/outbox')
  async page(@Res() res: Response): Promise<void> {
    const outbox = await this.read();
    if (!outbox) throw new ApiException(404, GatewayErrorCode.NOT_FOUND, 'The development outbox is not available');
    const items = outbox.messages
      .map((m) => {
        let local = '';
        try {
          const u = new URL(m.link);
          local = `${u.pathname}${u.search}`;
        } catch {
          /* no link */
        }
        const links = m.link
          ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>${local ? `<p class="muted">Same link on this host: <a href="${escapeHtml(local)}">${escapeHtml(local.length > 60 ? `${local.slice(0, 60)}…` : local)}</a></p>` : ''}`
          : '';
        return `<div class="card">
<div class="muted">${escapeHtml(new Date(m.createdAt).toLocaleString('en-US', { timeZone: 'UTC' }))} UTC · to <strong>${escapeHtml(m.to)}</strong></div>
<h3>${escapeHtml(m.subject)}</h3>
${links}
<details><summary class="muted">Message text</summary><pre>${escapeHtml(m.text)}</pre></details>
</div>`;
      })
      .join('\n');
    const body = `<div class="banner">E-mail is not configured (no <code>SMTP_URL</code>), so every message is written to
<code>${escapeHtml(outbox.directory)}</code> and listed here instead of being sent. Newest first. <a href="/dev/outbox">Refresh</a> · <a href="/api/dev/outbox">JSON</a></div>
${items || '<p class="muted">No messages yet. Sign in or sign up with a magic link to see one here.</p>'}`;
    res.status(200).type('html').setHeader('Cache-Control', 'no-store').send(devPage('Dev outbox', body));
  }

  /** The outbox from identity, or null when identity does not keep one (production, or SMTP configured). */
  private async read(): Promise<identityV1.ListOutboxResponse | null> {
    const outbox = await this.upstream.identity.listOutbox({ limit: 200 });
    return outbox.enabled ? outbox : null;
  }
}
