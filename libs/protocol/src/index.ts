/**
 * Nightfall wire protocol: the WebSocket messages of spec 000 section 7 and the REST bodies of
 * spec 000 section 7 / spec 001 section 7. This main entry holds the types, the limits, the NATS
 * subject helpers and the error body, and imports no zod (safe for the browser bundle); the zod
 * schemas the servers validate with are in the subpath `@nightfall/protocol/schemas`. Framework-free.
 */
import type { Announcement, GameEventKind, GameView, Notice, SystemMessageKind } from '@nightfall/game-rules';
import type { ErrorBody } from './errors.js';
import type { EntitlementDto, HostStatus } from './entitlements.js';

export * from './errors.js';
export * from './limits.js';
export * from './entitlements.js';
export * from './admin.js';
export * from './themes.js';
export * from './history.js';
export * from './view-batch.js';
/** Types derived from the zod schemas: type-only, so no zod code follows them into a bundle. */
export type { ClientMessage, GameAction, GameActionMessage, GameActionName } from './schemas.js';

/**
 * Kinds of the snapshot messages and of the NATS view events (spec 000 section 7: game_updated,
 * player_joined, phase_changed). Defined once by the rules engine, which decides them
 * (`CommandOutcome.event`); re-exported here for the wire.
 */
export type { GameEventKind };

const GAME_EVENT_KINDS: Record<GameEventKind, true> = { game_updated: true, player_joined: true, phase_changed: true };

/** True when a server message type is one of the {@link GameEventKind}s (a snapshot message). */
export function isGameEventKind(type: unknown): type is GameEventKind {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(GAME_EVENT_KINDS, type);
}

/** A chat or system message as shown in discussion (spec 000 section 3 "messages"). */
export interface ChatMessage {
  id: string;
  gameId: string;
  userId: string | null;
  displayName: string;
  content: string;
  /** 'chat' for players, 'system' for announcements. */
  messageType: 'chat' | 'system';
  /**
   * A system message's kind ('revealer_announcement'), which the client labels ('Revealer Announcement');
   * with `announcement`, the client words the message (docs/rules.md "Message codes") and `content` is ''.
   */
  kind?: SystemMessageKind;
  /** The announcement of a system message, as a code (docs/rules.md "Message codes"). */
  announcement?: Announcement;
  /** @deprecated Label of a system message stored before the codes, e.g. 'Revealer Announcement'. */
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

/** Server -> client messages (spec 000 section 7; docs/architecture.md "How a move travels"). */
export type ServerMessage =
  | ViewMessage
  | { type: 'joined'; gameId: string; userId: string; version: number }
  | { type: 'pong' }
  | { type: 'notice'; gameId: string; notice: GameNotice }
  /** commandId: the `game_action`'s own id when the error answers one (docs/faults.md "Commands applied once"). */
  | ({ type: 'error'; commandId?: string } & ErrorBody)
  | { type: 'theme_shared'; gameId: string; hostId: string; themePack: ThemePackOffer }
  /**
   * The player is no longer in the game (docs/rules.md "Kick and leave"): the host removed them ('kicked')
   * or they left ('left'). Sent once, on the player's own view subject, at the version of that change.
   */
  | RemovedMessage;

/** See {@link ServerMessage}: the last message a player removed from a game receives for it. */
export interface RemovedMessage {
  type: 'removed';
  gameId: string;
  version: number;
  reason: 'kicked' | 'left';
}

/**
 * A toast for the acting player (socket `notice`, and the admin role change's REST answer), as the rules
 * code it (docs/rules.md "Message codes"); the client words it through the active theme.
 */
export type GameNotice = Notice;

/**
 * The pack of a `theme_shared` message (spec 000 section 7; docs/architecture.md "Realtime protocol"):
 * never the bytes. `id` is the theme service's stored theme id, `sha256` (hex) addresses the download at
 * GET /api/themes/packs/{sha256} and checks it, `sizeBytes` is in bytes.
 */
export interface ThemePackOffer {
  id: string;
  themeId: string;
  name: string;
  description?: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Answer of POST /api/auth/signup, /login and /callback (spec 001 section 7). The state is in
 * `status`; `message` is the spec's text to show ('Check your email for the sign-in link', ...).
 */
export type AuthResponse =
  | { status: 'magic_link_sent'; purpose: 'signin' | 'signup'; message: string }
  | { status: 'signed_in'; message: string; user: MeResponse };

/** Response of room create/join: stored by the browser as userId and displayName (spec 001 section 3). */
export interface RoomResponse {
  gameId: string;
  roomCode: string;
  userId: string;
  displayName: string;
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
  /** Admin rights, decided on the server (docs/architecture.md "Guarantees"); shown, never trusted back. */
  isAdmin: boolean;
  /** Super admin (the primary account or a super_admin entitlement). */
  isSuperAdmin: boolean;
  /**
   * Host Status of the account screens (spec 001 sections 2 and 4, the admin users list rule): 'active'
   * when `hasHostRights`; otherwise 'revoked' when any host entitlement is revoked, else 'expired' when any
   * has expired, else 'none'. Decided by billing.
   */
  hostStatus: HostStatus;
  /**
   * The host entitlement the Host Access block describes: `hostEntitlement` when there is one, otherwise
   * the newest host entitlement (revoked or expired); null when the user never had one. Decided by billing.
   */
  displayedHostEntitlement: EntitlementDto | null;
}

/* ---------- NATS game events (docs/architecture.md: game.<gameId>.*) ---------- */

/**
 * Subject of a game's view updates: `game.<gameId>.views`, one {@link ViewBatch} per change holding every viewer's
 * socket message; a gateway forwards to each socket only its own player's message (docs/hot-path.md "One view
 * batch per change").
 */
export const gameViewsSubject = (gameId: string): string => `game.${gameId}.views`;
/**
 * Subject on which a gateway announces a revoked session (payload {@link SessionRevokedEvent}): every gateway
 * forgets it as live, and closes its sockets when it was signed out.
 */
export const SESSION_REVOKED_SUBJECT = 'gateway.session.revoked';

/**
 * Subject on which the admin service announces, after the commit, that a custom role was created, edited or
 * deleted (payload {@link CustomRolesChangedEvent}): game-engine forgets the active roles it keeps
 * (docs/rules.md "Custom roles").
 */
export const CUSTOM_ROLES_CHANGED_SUBJECT = 'admin.custom-roles.changed';

/** Payload on {@link CUSTOM_ROLES_CHANGED_SUBJECT} (version 1). */
export interface CustomRolesChangedEvent {
  v: 1;
  /** The custom role that changed (the admin service's id). */
  roleId: string;
}

/**
 * Subject on which every gateway announces, every few seconds, that it is alive (payload
 * {@link GatewayHeartbeatEvent}): game-engine removes the presence of a gateway that fell silent
 * (docs/faults.md "Presence after a gateway crash").
 */
export const GATEWAY_HEARTBEAT_SUBJECT = 'gateway.heartbeat';

/** Payload on {@link GATEWAY_HEARTBEAT_SUBJECT} (version 1). */
export interface GatewayHeartbeatEvent {
  v: 1;
  /** The gateway's instance id (new at every start). */
  gatewayId: string;
}

/**
 * Subject on which game-engine says it removed a gateway's presence because its heartbeats stopped (payload
 * {@link GatewayPresenceSweptEvent}). A gateway that hears its own id was alive after all (a pause, lost
 * heartbeats): it opens the view of each of those games again for its sockets, so its players are online
 * again and no seat hold starts for them (docs/faults.md "Presence after a gateway crash").
 */
export const GATEWAY_PRESENCE_SWEPT_SUBJECT = 'gateway.presence.swept';

/** Payload on {@link GATEWAY_PRESENCE_SWEPT_SUBJECT} (version 1). */
export interface GatewayPresenceSweptEvent {
  v: 1;
  /** The gateway taken for dead (its instance id). */
  gatewayId: string;
  /** The games whose presence of that gateway was removed. */
  gameIds: string[];
}

/** Payload on {@link SESSION_REVOKED_SUBJECT} (version 1). */
export interface SessionRevokedEvent {
  v: 1;
  sessionId: string;
  /**
   * True for the session a sign-in replaced in the same browser (session rotation): its sockets stay open, as
   * they did before the sign-in. Absent for a sign-out, which closes them (4401).
   */
  replaced?: boolean;
}

/**
 * NATS headers of a view batch on `game.<gameId>.views` (docs/hot-path.md "Views as ready bytes", "One view batch
 * per change"). The payload is a {@link ViewBatch}: each viewer's message in it is the socket message itself
 * ({@link ViewMessage} as JSON), forwarded without parsing:
 * - `version`: the game version of the change (decimal), which the gateway compares to drop stale views;
 * - `offer`: sha256 (hex) of the host's standing theme offer, absent when there is none;
 * - `engine`: the gRPC address (`host:port`) of the game-engine replica that owns the game, so a gateway
 *   sends that game's next calls straight to it (docs/hot-path.md "Routing").
 */
export const VIEW_HEADER = { version: 'Nf-Version', offer: 'Nf-Offer', engine: 'Nf-Engine' } as const;

/**
 * A view as a socket receives it: game_updated, player_joined or phase_changed (spec 000 section 7) with
 * the player's view at a version, and the chat in one of two forms (docs/hot-path.md "Chat lines once"):
 * - `newMessages`: the lines this change added, oldest first; the client appends them to its chat
 *   ({@link appendChat});
 * - `messages`: the game's newest lines (at most the engine's SNAPSHOT_MESSAGES), which replace the client's chat
 *   (a snapshot, and the views published again after a NATS reconnect).
 * With neither, the chat did not change and the client keeps it. A socket always gets a whole snapshot, with the
 * chat, first, then every view after it in version order; a socket that misses a view gets a whole snapshot again.
 */
export type ViewMessage = { type: GameEventKind; gameId: string; version: number; view: GameView; messages?: ChatMessage[]; newMessages?: ChatMessage[] };

/** Chat lines a client keeps at least (the engine's default SNAPSHOT_MESSAGES). */
export const CHAT_LINES_KEPT = 200;

/**
 * The chat after a view's `newMessages` (docs/hot-path.md "Chat lines once"): `lines` appended to `chat` except those
 * whose id it already holds (a line is never shown twice). The newest lines are kept: {@link CHAT_LINES_KEPT}, or as
 * many as `chat` holds when its snapshot brought more (an engine with a larger SNAPSHOT_MESSAGES).
 * @returns a new array; `chat` itself when nothing was added
 */
export function appendChat(chat: readonly ChatMessage[], lines: readonly ChatMessage[]): ChatMessage[] {
  const have = new Set(chat.map((m) => m.id));
  const fresh = lines.filter((m) => !have.has(m.id));
  if (fresh.length === 0) return chat as ChatMessage[];
  return [...chat, ...fresh].slice(-Math.max(CHAT_LINES_KEPT, chat.length));
}
