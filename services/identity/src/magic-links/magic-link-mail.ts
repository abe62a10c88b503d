import { escapeHtml } from '@nightfall/server-kit';
import type { MailMessage } from '../mail/mail.service.js';
import type { MagicLinkPurpose } from './magic-link-token.entity.js';

/** Spec texts of the magic-link answers (spec 001 section 8, "Magic Link Sent"). */
export const MAGIC_LINK_MESSAGES = {
  signin: 'Check your email for the sign-in link',
  signup: 'Check your email to complete signup',
} as const;

/**
 * The sign-in or sign-up e-mail carrying a magic link, as plain text and HTML (every interpolated
 * value escaped).
 * @param kind what following the link does: sign in to the account, or create it
 * @param link the absolute callback URL `<base>/auth/callback?token=<token>`
 * @param name the greeting's name; null: a plain 'Hi,'
 * @param ttlMinutes lifetime of the link, in minutes (MAGIC_LINK_TTL_MINUTES)
 */
export function magicLinkMail(to: string, kind: MagicLinkPurpose, link: string, name: string | null, ttlMinutes: number): MailMessage {
  const hello = name ? `Hi ${name},` : 'Hi,';
  const [subject, action] =
    kind === 'signin'
      ? ['Your Nightfall sign-in link', 'Use this link to sign in to Nightfall']
      : ['Complete your Nightfall signup', 'Use this link to create your Nightfall account and sign in'];
  const note = `It works once and expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this email.`;
  return {
    to,
    subject,
    link,
    text: `${hello}\n\n${action}:\n\n${link}\n\n${note}\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(action)}:</p><p><a href="${escapeHtml(link)}">${escapeHtml(subject)}</a></p><p>${escapeHtml(note)}</p>`,
  };
}
