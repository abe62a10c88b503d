import { CommonErrorCode } from '@nightfall/protocol';
import { GrpcStatus } from '@nightfall/server-kit';
import { adminError } from './admin-error-code.js';

/** Default and largest page size of every admin list. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Largest page number (keeps offsets well inside int32). */
export const MAX_PAGE = 100_000;

/** A normalised page: 1-based `page`, `pageSize` 1-100, and the row `offset`. */
export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
  limit: number;
}

/**
 * Normalises the wire's paging (proto: page 0 = 1, page_size 0 = 20): page 1..100000, pageSize 1..100.
 * Out-of-range values are clamped (the gateway already rejected malformed ones with a 400).
 */
export function paging(page: number, pageSize: number): Paging {
  const p = Math.min(MAX_PAGE, Math.max(1, Math.trunc(page) || 1));
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(pageSize) || DEFAULT_PAGE_SIZE));
  return { page: p, pageSize: size, offset: (p - 1) * size, limit: size };
}

/** Longest search text (an e-mail is at most 255 characters). */
export const MAX_SEARCH_LENGTH = 255;

/** Checks a list's search text. @throws INVALID_ARGUMENT `INVALID_INPUT` when longer than 255 characters */
export function searchText(raw: string): string {
  const s = raw.trim();
  if (s.length > MAX_SEARCH_LENGTH) throw adminError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, `Search must be ${MAX_SEARCH_LENGTH} characters or less`);
  return s;
}
