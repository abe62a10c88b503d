/**
 * The dates of the account screens (spec 001 sections 2 and 9), apart from ./hostAccess.ts because they load
 * dayjs, which the home route does not need (issue 12 scope 4).
 */
import dayjs from 'dayjs';
import type { EntitlementDto } from '@nightfall/protocol';
import { t } from '../../i18n/t';
import { timeOf } from './hostAccess';

/** 'MMMM d, yyyy' of the spec (e.g. 'January 5, 2025'), or null for a missing or invalid date. */
export function formatLongDate(iso: string | null | undefined): string | null {
  const time = timeOf(iso);
  return time === null ? null : dayjs(time).format(t('account.date.long'));
}

/** 'MMM d, yyyy h:mm a' of the spec (e.g. 'Jan 5, 2025 2:03 PM'), or null for a missing or invalid date. */
export function formatDateTime(iso: string | null | undefined): string | null {
  const time = timeOf(iso);
  return time === null ? null : dayjs(time).format(t('account.date.time'));
}

/** 'Expires on' and the date for a future expiry, 'Expired on' for a past one; null without expiry. */
export function expiryLine(e: Pick<EntitlementDto, 'expiresAt'>, now: number): { label: string; date: string } | null {
  const end = timeOf(e.expiresAt);
  if (end === null) return null;
  return { label: end > now ? t('account.expires_on') : t('account.expired_on'), date: formatDateTime(e.expiresAt) as string };
}
