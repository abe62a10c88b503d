/** Timings and sizes of the admin console (spec 001 sections 8 and 9). Its texts are the catalogue's (`admin.*`, web/src/i18n/en/admin.ts). */

/** Users-page success toasts last 2 seconds (spec 001 section 8). */
export const USERS_TOAST_SECONDS = 2;
/** Hard Refresh refetches 100 ms after clearing the cache (spec 001 section 9). */
export const HARD_REFRESH_DELAY_MS = 100;
/** Search boxes wait this long after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Rows per page of the admin tables. */
export const ADMIN_PAGE_SIZE = 20;
