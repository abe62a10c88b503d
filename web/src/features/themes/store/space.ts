/**
 * Space maths of the pack store (spec 001 sections 4 "Pack install" and 5 "Upload"; docs/themes.md
 * "Storage in the browser"). Pure: the browser's estimate is passed in.
 */
import { megabytes } from '@nightfall/themes';
import { t } from '../../../i18n/themes';
import { FALLBACK_QUOTA_BYTES, RESERVE_BYTES } from './constants';
import type { StorageStats } from './types';

/** What `navigator.storage.estimate()` answers (either field may be missing). */
export interface StorageEstimateLike {
  usage?: number;
  quota?: number;
}

/** Used and total bytes of an estimate: usage (else `fallbackUsage`) and quota (else 100 MB). */
export function usageAndQuota(estimate: StorageEstimateLike | null, fallbackUsage = 0): { usage: number; quota: number } {
  const usage = typeof estimate?.usage === 'number' && Number.isFinite(estimate.usage) ? estimate.usage : fallbackUsage;
  const quota = typeof estimate?.quota === 'number' && Number.isFinite(estimate.quota) && estimate.quota > 0 ? estimate.quota : FALLBACK_QUOTA_BYTES;
  return { usage, quota };
}

/** Result of a space check: `needBytes` is the pack plus the 10 MB reserve, `availableBytes` quota minus usage. */
export interface SpaceCheck {
  ok: boolean;
  needBytes: number;
  availableBytes: number;
}

/** Whether a pack of `packBytes` fits: pack + 10 MB reserve must not exceed quota - usage. */
export function checkSpace(packBytes: number, estimate: StorageEstimateLike | null, fallbackUsage = 0): SpaceCheck {
  const { usage, quota } = usageAndQuota(estimate, fallbackUsage);
  const availableBytes = Math.max(0, quota - usage);
  const needBytes = packBytes + RESERVE_BYTES;
  return { ok: needBytes <= availableBytes, needBytes, availableBytes };
}

/** 'Not enough storage space. Need X MB but only Y MB available. Try removing older theme packs.' (spec 001 section 8). */
export function notEnoughSpaceMessage(check: Pick<SpaceCheck, 'needBytes' | 'availableBytes'>): string {
  return t('themes.store.not_enough_space', { need: megabytes(check.needBytes), available: megabytes(check.availableBytes) });
}

/** The upload's text (spec 001 section 5): 'Theme is too large ({size} MB). Only {remaining} MB remaining. ...'. */
export function themeTooLargeMessage(sizeBytes: number, remainingBytes: number): string {
  return t('themes.store.too_large', { size: megabytes(sizeBytes), remaining: megabytes(remainingBytes) });
}

/** 'Storage quota exceeded. Try removing older theme packs.' (spec 001 section 8). */
export function quotaExceededMessage(): string {
  return t('themes.store.quota_exceeded');
}

/** True for the browser's quota errors (DOMException 'QuotaExceededError', Firefox's code 1014). */
export function isQuotaError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: unknown; code?: unknown };
  return e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22 || e.code === 1014;
}

/** Storage stats for the panel from the pack count and an estimate (the packs' own bytes when there is no usage). */
export function storageStatsFrom(count: number, estimate: StorageEstimateLike | null, packBytes: number): StorageStats {
  const { usage, quota } = usageAndQuota(estimate, packBytes);
  const remainingBytes = Math.max(0, quota - usage);
  return { count, usedBytes: usage, quotaBytes: quota, remainingBytes, percent: quota > 0 ? Math.min(100, (usage / quota) * 100) : 0 };
}
