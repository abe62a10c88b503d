/**
 * Limits of the wire protocol. The game's limits (spec 000 sections 5 and 9) have one source,
 * `@nightfall/game-rules`; they are re-exported here under the protocol's camelCase names (same
 * values, never copied). Only the transport limits (room code field, ping, reconnect, frame size,
 * browser session window) are defined here. Zod-free: safe for the browser bundle.
 */
import {
  CHAT_MAX,
  DISCUSSION_TIME_MAX,
  DISCUSSION_TIME_MIN,
  DISCUSSION_TIME_STEP,
  DISPLAY_NAME_MAX,
  LIMITS as GAME_LIMITS,
  MAX_BOTS,
  MAX_PLAYERS,
} from '@nightfall/game-rules';

export { GAME_LIMITS };

/** Transport limits (spec 000 sections 4 and 9, spec 001 section 9): not rules of the game. */
export const TRANSPORT_LIMITS = {
  /** Room code length of the home join form (uppercased). */
  roomCodeLength: 6,
  pingIntervalMs: 30_000,
  reconnectAttempts: 5,
  reconnectBaseDelayMs: 2_000,
  reconnectMaxDelayMs: 30_000,
  /** A remembered game session is restored when inactive for less than this. */
  sessionRestoreWindowMs: 30 * 60_000,
  /** Largest WebSocket frame the gateway accepts, bytes. */
  maxFrameBytes: 16 * 1024,
} as const;

/** The game limits (from game-rules) and the transport limits, as used by the schemas and the clients. */
export const LIMITS = {
  chatMaxLength: CHAT_MAX,
  displayNameMaxLength: DISPLAY_NAME_MAX,
  maxPlayers: MAX_PLAYERS,
  maxBots: MAX_BOTS,
  discussionTimeMin: DISCUSSION_TIME_MIN,
  discussionTimeMax: DISCUSSION_TIME_MAX,
  discussionTimeStep: DISCUSSION_TIME_STEP,
  ...TRANSPORT_LIMITS,
} as const;
