import { t } from '../../i18n/t';

/** The two host products and their texts (spec 001 sections 2 and 9; the texts are the catalogue's, read when used). */
export const HOST_OFFERS = {
  permanent: {
    product: 'host',
    get label(): string {
      return t('purchase.offer.permanent.label');
    },
    get note(): string {
      return t('purchase.offer.permanent.note');
    },
  },
  pass48h: {
    product: 'host-pass-48h',
    get label(): string {
      return t('purchase.offer.pass_48h.label');
    },
    get note(): string {
      return t('purchase.offer.pass_48h.note');
    },
  },
} as const;

/** Payment success page polling (spec 001 sections 4 and 9): every 3 s, stops after 60 s (20 attempts). */
export const PURCHASE_POLL = {
  intervalMs: 3_000,
  timeoutMs: 60_000,
  maxAttempts: 20,
  redirectDelayMs: 2_000,
} as const;

/** 'attempt n/20' */
export function attemptText(attempt: number, max: number = PURCHASE_POLL.maxAttempts): string {
  return t('purchase.success.attempt', { attempt: Math.min(Math.max(attempt, 1), max), max });
}
