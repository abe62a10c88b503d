import { describe, expect, it } from '@jest/globals';
import {
  FALLBACK_QUOTA_BYTES,
  RESERVE_BYTES,
  checkSpace,
  isQuotaError,
  notEnoughSpaceMessage,
  quotaExceededMessage,
  packKey,
  packPath,
  safeSegment,
  storageStatsFrom,
  themeTooLargeMessage,
  usageAndQuota,
} from './index';

const MB = 1024 * 1024;

describe('pack store keys (spec 001 section 3 "Browser storage")', () => {
  it('stores pack bytes at themes/{id}/{version}.bin and metadata under id:version', () => {
    expect(packPath('corporate-lunch')).toBe('themes/corporate-lunch/1.0.0.bin');
    expect(packPath('x', '2.0.0')).toBe('themes/x/2.0.0.bin');
    expect(packKey('corporate-lunch')).toBe('corporate-lunch:1.0.0');
  });

  it('keeps odd ids inside one folder', () => {
    expect(safeSegment('a/b')).toBe('a%2Fb');
    expect(safeSegment('..')).toBe('%2E%2E');
    expect(packPath('../evil')).toBe('themes/%2E%2E%2Fevil/1.0.0.bin');
  });
});

describe('space check (spec 001 sections 4, 5 and 9)', () => {
  it('needs the pack plus a 10 MB reserve within quota minus usage', () => {
    expect(RESERVE_BYTES).toBe(10 * MB);
    expect(checkSpace(5 * MB, { usage: 80 * MB, quota: 100 * MB })).toEqual({ ok: true, needBytes: 15 * MB, availableBytes: 20 * MB });
    expect(checkSpace(11 * MB, { usage: 80 * MB, quota: 100 * MB }).ok).toBe(false);
    expect(checkSpace(10 * MB, { usage: 80 * MB, quota: 100 * MB }).ok).toBe(true);
  });

  it('assumes a 100 MB quota when the browser does not tell, and the packs as usage', () => {
    expect(FALLBACK_QUOTA_BYTES).toBe(100 * MB);
    expect(usageAndQuota(null, 3 * MB)).toEqual({ usage: 3 * MB, quota: 100 * MB });
    expect(usageAndQuota({ usage: 1, quota: 0 })).toEqual({ usage: 1, quota: 100 * MB });
    expect(checkSpace(95 * MB, {}).ok).toBe(false);
  });

  it('words the failures as the spec does', () => {
    expect(notEnoughSpaceMessage(checkSpace(15 * MB, { usage: 90 * MB, quota: 100 * MB }))).toBe(
      'Not enough storage space. Need 25.00 MB but only 10.00 MB available. Try removing older theme packs.',
    );
    expect(themeTooLargeMessage(2.5 * MB, 8 * MB)).toBe('Theme is too large (2.50 MB). Only 8.00 MB remaining. Try removing older themes or using smaller images.');
    expect(quotaExceededMessage()).toBe('Storage quota exceeded. Try removing older theme packs.');
  });

  it('recognises quota errors', () => {
    expect(isQuotaError({ name: 'QuotaExceededError' })).toBe(true);
    expect(isQuotaError({ code: 22 })).toBe(true);
    expect(isQuotaError(new Error('x'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  it('computes the storage panel numbers', () => {
    expect(storageStatsFrom(2, { usage: 25 * MB, quota: 100 * MB }, 0)).toEqual({ count: 2, usedBytes: 25 * MB, quotaBytes: 100 * MB, remainingBytes: 75 * MB, percent: 25 });
    expect(storageStatsFrom(1, null, 4 * MB)).toMatchObject({ usedBytes: 4 * MB, remainingBytes: 96 * MB, percent: 4 });
    expect(storageStatsFrom(0, { usage: 120 * MB, quota: 100 * MB }, 0)).toMatchObject({ remainingBytes: 0, percent: 100 });
  });
});

describe('initThemeStorage (spec 001 section 5: no IndexedDB is an unsupported environment)', () => {
  it('throws the unsupported-environment error without IndexedDB', async () => {
    const { initThemeStorage, ThemeStorageUnsupportedError, startThemeStorage } = await import('./packStore');
    expect(typeof (globalThis as { indexedDB?: unknown }).indexedDB).toBe('undefined');
    await expect(initThemeStorage()).rejects.toBeInstanceOf(ThemeStorageUnsupportedError);
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect(await startThemeStorage()).toEqual({ supported: false, opfs: false, persisted: false, migration: null });
    } finally {
      console.warn = warn;
    }
  });
});
