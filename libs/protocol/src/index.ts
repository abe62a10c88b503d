/**
 * Nightfall wire protocol: the WebSocket messages of spec 000 section 7 and the REST bodies of
 * spec 000 section 7 / spec 001 section 7, as zod schemas (validated by the gateway) and types
 * (used by the web app). Framework-free.
 */
import { z } from 'zod';
import type { GameView } from '@nightfall/game-rules';
import type { ErrorBody } from './errors.js';

export * from './errors.js';

/** Spec 000 section 9 / spec 001 section 9 limits used by the schemas. */
export const LIMITS = {
  chatMaxLength: 200,
  displayNameMaxLength: 50,
  roomCodeLength: 6,
  maxPlayers: 27,
  maxBots: 26,
  discussionTimeMin: 60,
  discussionTimeMax: 600,
  discussionTimeStep: 60,
  pingIntervalMs: 30_000,
  reconnectAttempts: 5,
  reconnectBaseDelayMs: 2_000,
  reconnectMaxDelayMs: 30_000,
  sessionRestoreWindowMs: 30 * 60_000,
  /** Largest WebSocket frame the gateway accepts, bytes. */
  maxFrameBytes: 16 * 1024,
} as const;

const id = z.string().min(1).max(64);

const actionPayload = z
  .object({
    type: z.enum([
      'view_player', 'view_center', 'view_werewolf_pile', 'view_center_card', 'rob_player', 'target_player',
      'swap_players', 'swap_center', 'assign_artifact', 'copy_role', 'convert_player', 'protect_player',
      'protect_from_death', 'tap_player', 'reveal_player', 'investigate_players', 'shift_cards', 'view_and_swap',
      'pass', 'swap_with_center', 'no_action',
    ]),
    targetUserId: id.optional(),
    positions: z.array(z.number().int()).max(3).optional(),
    centerIndex: z.number().int().optional(),
    player1UserId: id.optional(),
    player2UserId: id.optional(),
    artifactId: z.string().max(64).optional(),
    targetUserIds: z.array(id).max(2).optional(),
    direction: z.enum(['left', 'right']).optional(),
  })
  .strict();

/** `game_action` data per action (spec 000 section 7). */
export const gameActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update_role_selection'), data: z.object({ roles: z.array(z.string().max(64)).max(40) }) }),
  z.object({ action: z.literal('start_game'), data: z.object({}).passthrough().optional() }),
  z.object({ action: z.literal('submit_action'), data: actionPayload }),
  z.object({ action: z.literal('submit_vote'), data: z.object({ targetUserId: id }) }),
  z.object({ action: z.literal('ready_next_phase'), data: z.object({}).passthrough().optional() }),
  z.object({ action: z.literal('play_again'), data: z.object({}).passthrough().optional() }),
  z.object({ action: z.literal('update_game_settings'), data: z.object({ discussionTime: z.number().int() }) }),
  z.object({ action: z.literal('add_bot'), data: z.object({}).passthrough().optional() }),
  z.object({ action: z.literal('remove_bot'), data: z.object({ botUserId: id }) }),
  z.object({ action: z.literal('send_message'), data: z.object({ content: z.string().max(2000) }) }),
  z.object({ action: z.literal('force_discussion_end'), data: z.object({ gameId: z.string().optional() }).optional() }),
  z.object({ action: z.literal('share_theme'), data: z.object({ themePack: z.unknown() }).optional() }),
]);

/** Every message a client may send on /ws (spec 000 section 7). */
export const clientMessageSchema = z.union([
  z.object({ type: z.literal('join_game'), gameId: z.string().uuid(), userId: id }),
  z.object({ type: z.literal('ping') }).passthrough(),
  z.object({ type: z.literal('game_action'), gameId: z.string().uuid(), userId: id }).and(gameActionSchema),
]);

export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type GameActionMessage = Extract<ClientMessage, { type: 'game_action' }>;
export type GameActionName = z.infer<typeof gameActionSchema>['action'];

/** A chat or system message as shown in discussion (spec 000 section 3 "messages"). */
export interface ChatMessage {
  id: string;
  gameId: string;
  userId: string | null;
  displayName: string;
  content: string;
  /** 'chat' for players, 'system' for announcements. */
  messageType: 'chat' | 'system';
  /** Label of a system message, e.g. 'Revealer Announcement'. */
  label?: string;
  /** Epoch ms. */
  timestamp: number;
}

/** The view a socket receives: the player's `GameView` plus the game's chat, at a version. */
export interface GameSnapshot {
  version: number;
  view: GameView;
  messages: ChatMessage[];
}

/** Server -> client messages (spec 000 section 7; ARCHITECTURE.md "Realtime protocol"). */
export type ServerMessage =
  | ({ type: 'game_updated' | 'player_joined' | 'phase_changed'; gameId: string } & GameSnapshot)
  | { type: 'joined'; gameId: string; userId: string; version: number }
  | { type: 'pong' }
  | { type: 'notice'; gameId: string; title: string; message: string }
  | { type: 'error'; code: string; title: string; message: string }
  | { type: 'theme_shared'; gameId: string; hostId: string; themePack: { id: string; name: string; description?: string; sizeBytes: number } };

/** Error body of every REST error (and the `error` socket message without `type`). */
export type ApiError = ErrorBody;

/**
 * Answer of POST /api/auth/signup, /login and /callback (spec 001 section 7). The state is in
 * `status`; `message` is the spec's text to show ('Check your email for the sign-in link', ...).
 */
export type AuthResponse =
  | { status: 'magic_link_sent'; purpose: 'signin' | 'signup'; message: string }
  | { status: 'signed_in'; message: string; user: MeResponse };

/** POST /api/rooms/join body (spec 001 section 5). displayName is omitted for signed-in users. */
export const joinRoomSchema = z.object({
  roomCode: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().min(1, 'Please enter a room code').max(LIMITS.roomCodeLength)),
  displayName: z.string().trim().max(LIMITS.displayNameMaxLength).optional(),
});

/** POST /api/rooms/create body: nothing required (identity comes from the session). */
export const createRoomSchema = z.object({ displayName: z.string().trim().max(LIMITS.displayNameMaxLength).optional() }).passthrough();

/** Response of room create/join: stored by the browser as userId and displayName (spec 001 section 3). */
export interface RoomResponse {
  gameId: string;
  roomCode: string;
  userId: string;
  displayName: string;
}

/** POST /api/games/{gameId}/seating body (spec 000 section 7). */
export const seatingSchema = z.object({ userId: id.optional(), newSeatingOrder: z.array(id).min(1).max(LIMITS.maxPlayers) });

/** POST /api/auth/signup and /api/auth/login body (spec 001 section 7). */
export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email').max(255),
  password: z.string().max(256).optional(),
  displayName: z.string().trim().max(LIMITS.displayNameMaxLength).optional(),
});

/** Host entitlement as returned in /api/me (spec 001 section 3). */
export interface EntitlementDto {
  id: string;
  type: 'host' | 'admin' | 'super_admin';
  tier: 'permanent' | 'pass_48h';
  status: 'active' | 'revoked' | 'expired';
  source: 'stripe' | 'manual' | 'manual_grant' | 'test';
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

/** GET /api/me response. Guests have email null and isGuest true. */
export interface MeResponse {
  id: string;
  email: string | null;
  displayName: string;
  isGuest: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  entitlements: EntitlementDto[];
  /** The entitlement that gives host rights now ("a permanent tier wins, otherwise the newest"). */
  hostEntitlement: EntitlementDto | null;
  hasHostRights: boolean;
}

/* ---------- NATS game events (ARCHITECTURE.md: game.<gameId>.*) ---------- */

/** Subject of one player's view updates: `game.<gameId>.view.<userId>` (carries only that player's view). */
export const gameViewSubject = (gameId: string, userId: string): string => `game.${gameId}.view.${userId}`;
/** Wildcard over every player's view subject of a game. */
export const gameViewWildcard = (gameId: string): string => `game.${gameId}.view.*`;
/** Subject of public, secret-free game events: `game.<gameId>.event`. */
export const gameEventSubject = (gameId: string): string => `game.${gameId}.event`;

/** Payload on `game.<gameId>.view.<userId>` (version 1). */
export interface GameViewEvent {
  v: 1;
  gameId: string;
  userId: string;
  kind: 'game_updated' | 'player_joined' | 'phase_changed';
  snapshot: GameSnapshot;
}

/** Payload on `game.<gameId>.event` (version 1): no secrets. */
export interface GamePublicEvent {
  v: 1;
  gameId: string;
  version: number;
  kind: 'game_updated' | 'player_joined' | 'phase_changed';
  phase: string;
}
export * from './simulated-player.js';
