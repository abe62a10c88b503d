import { t } from '../i18n/t';

/** 8 avatar gradients (spec 000 section 9). */
export const AVATAR_GRADIENTS: readonly string[] = [
  'linear-gradient(135deg, #f43f5e, #f97316)',
  'linear-gradient(135deg, #8b5cf6, #6366f1)',
  'linear-gradient(135deg, #06b6d4, #3b82f6)',
  'linear-gradient(135deg, #10b981, #14b8a6)',
  'linear-gradient(135deg, #f59e0b, #eab308)',
  'linear-gradient(135deg, #ec4899, #d946ef)',
  'linear-gradient(135deg, #64748b, #334155)',
  'linear-gradient(135deg, #84cc16, #22c55e)',
];

/** Gradient chosen by the first letter of a name. */
export function avatarGradient(name: string): string {
  const first = name.trim().toUpperCase().charCodeAt(0) || 0;
  return AVATAR_GRADIENTS[first % AVATAR_GRADIENTS.length] as string;
}

/** First letter shown inside an avatar. */
export function initial(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

/** Cuts a text to `max` characters, adding an ellipsis when cut. */
export function truncate(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** 'N vote(s)' as the spec writes it. */
export function votesLabel(n: number): string {
  return t('results.vote_count', { count: n });
}

/** m:ss */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${s.toString().padStart(2, '0')}`;
}

/** Display name of a signed-in user: displayName, else the e-mail prefix. */
export function userLabel(user: { displayName?: string | null; email?: string | null }): string {
  if (user.displayName && user.displayName.trim()) return user.displayName.trim();
  if (user.email) return user.email.split('@')[0] ?? user.email;
  return t('account.user_fallback');
}
