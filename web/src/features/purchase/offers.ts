/** The two host products and their texts (spec 001 sections 2 and 9). */
export const HOST_OFFERS = {
  permanent: { product: 'host', label: 'Unlock Hosting Forever ($9.99)', note: 'One-time purchase • Create unlimited rooms' },
  pass48h: { product: 'host-pass-48h', label: '48-Hour Host Pass ($1.99)', note: 'Create rooms for 48 hours' },
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
  return `attempt ${Math.min(Math.max(attempt, 1), max)}/${max}`;
}

export const SLOW_PURCHASE_TEXT = 'The process is taking longer than expected. Please click refresh or check back later.';
