import type { MailService } from '../mail/mail.service.js';

/**
 * The token of the newest magic link mailed to `to`, read from the development outbox. Test helper
 * only (not part of the build).
 * @throws Error when no message to `to` carries a link
 */
export async function lastMagicLinkToken(mail: MailService, to: string): Promise<string> {
  const msg = (await mail.readOutbox()).find((m) => m.to === to && m.link);
  if (!msg) throw new Error(`no magic link mailed to ${to}`);
  return new URL(msg.link).searchParams.get('token') ?? '';
}
