import { LIMITS } from '@nightfall/protocol';

/** localStorage keys of spec 001 section 3 plus the game session memory. */
export const STORAGE_KEYS = {
  playerName: 'playerName',
  userId: 'userId',
  displayName: 'displayName',
  session: 'nightfall.session',
} as const;

/** The game a browser is playing (spec 000 section 4 "Session memory"). */
export interface GameSessionMemory {
  gameId: string;
  userId: string;
  displayName: string;
  /** Epoch ms of the last activity in the game. */
  lastActive: number;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable (private mode): nothing to keep */
  }
}

/** Guest display name remembered for the join form. */
export function getSavedPlayerName(): string {
  return read(STORAGE_KEYS.playerName) ?? '';
}

/** Saves the guest name only when it is not blank; returns whether it was saved. */
export function savePlayerName(name: string): boolean {
  const trimmed = name.trim();
  if (!trimmed) return false;
  write(STORAGE_KEYS.playerName, trimmed);
  return true;
}

/** Stores the identity returned by room create/join, and starts the session memory for that game. */
export function rememberRoom(room: { gameId: string; userId: string; displayName: string }): void {
  write(STORAGE_KEYS.userId, room.userId);
  write(STORAGE_KEYS.displayName, room.displayName);
  saveSession({ gameId: room.gameId, userId: room.userId, displayName: room.displayName, lastActive: Date.now() });
}

/** userId stored after the last create/join. */
export function getStoredUserId(): string | null {
  return read(STORAGE_KEYS.userId);
}

/** Display name stored after the last create/join. */
export function getStoredDisplayName(): string | null {
  return read(STORAGE_KEYS.displayName);
}

function saveSession(session: GameSessionMemory): void {
  const json = JSON.stringify(session);
  write(STORAGE_KEYS.session, json);
  try {
    window.sessionStorage.setItem(STORAGE_KEYS.session, json);
  } catch {
    /* ignore */
  }
}

function parseSession(json: string | null): GameSessionMemory | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<GameSessionMemory>;
    if (typeof value.gameId !== 'string' || typeof value.userId !== 'string' || typeof value.lastActive !== 'number') return null;
    return { gameId: value.gameId, userId: value.userId, displayName: value.displayName ?? '', lastActive: value.lastActive };
  } catch {
    return null;
  }
}

/**
 * The remembered game session if it was active less than 30 minutes ago (LIMITS.sessionRestoreWindowMs).
 * The tab's own sessionStorage copy wins over the shared localStorage one.
 */
export function loadSession(now = Date.now()): GameSessionMemory | null {
  let tabCopy: string | null;
  try {
    tabCopy = window.sessionStorage.getItem(STORAGE_KEYS.session);
  } catch {
    tabCopy = null;
  }
  const session = parseSession(tabCopy) ?? parseSession(read(STORAGE_KEYS.session));
  if (!session) return null;
  if (now - session.lastActive >= LIMITS.sessionRestoreWindowMs) return null;
  return session;
}

/** Marks the session of `gameId` active now (throttled to one write per 10 s). */
export function touchSession(gameId: string, userId: string, displayName: string): void {
  const current = loadSession();
  const now = Date.now();
  if (current && current.gameId === gameId && current.userId === userId && now - current.lastActive < 10_000) return;
  saveSession({ gameId, userId, displayName: displayName || current?.displayName || '', lastActive: now });
}

/** Forgets the game session (Return to Home keeps it, so a mistaken tap can be undone from Home). */
export function clearSession(): void {
  write(STORAGE_KEYS.session, null);
  try {
    window.sessionStorage.removeItem(STORAGE_KEYS.session);
  } catch {
    /* ignore */
  }
}

/** userId to use for `gameId`: the fresh session of that game, else the last stored userId. */
export function resolveUserId(gameId: string): string | null {
  const session = loadSession();
  if (session && session.gameId === gameId) return session.userId;
  return getStoredUserId();
}
