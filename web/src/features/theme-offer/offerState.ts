/**
 * Which theme offers this browser already answered (spec 000 section 2 "Download Host's Theme?";
 * docs/themes.md "In a game"): kept per game and pack hash in sessionStorage, so that a reload or a
 * reconnect does not ask again, while the next round's offer (after the lobby) does.
 */
const KEY = 'nightfall.themeOffers';

/** Storage used by the functions below (sessionStorage in the browser; any Storage-like object in tests). */
export interface OfferStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const answerKey = (gameId: string, round: number, sha256: string) => `${gameId}:${round}:${sha256}`;

function read(storage: OfferStorage | null): Record<string, 'accepted' | 'declined'> {
  try {
    const raw = storage?.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, 'accepted' | 'declined'>) : {};
  } catch {
    return {};
  }
}

/** The answer given to the offer of `sha256` in `gameId`'s `round`, or null. */
export function offerAnswer(storage: OfferStorage | null, gameId: string, round: number, sha256: string): 'accepted' | 'declined' | null {
  return read(storage)[answerKey(gameId, round, sha256)] ?? null;
}

/** Remembers the answer (the 50 newest are kept). */
export function rememberOfferAnswer(storage: OfferStorage | null, gameId: string, round: number, sha256: string, answer: 'accepted' | 'declined'): void {
  if (!storage) return;
  const all = { ...read(storage), [answerKey(gameId, round, sha256)]: answer };
  const kept = Object.entries(all).slice(-50);
  try {
    storage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // storage full or blocked: the offer may be asked again, nothing else breaks
  }
}

/** The browser's sessionStorage, or null where it is blocked. */
export function sessionOfferStorage(): OfferStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
