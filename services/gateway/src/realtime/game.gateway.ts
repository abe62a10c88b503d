import { randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import { parse as parseCookie } from 'cookie';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ERROR_TITLE, LIMITS, SERVICE_UNAVAILABLE_BODY, type ClientMessage, type GameNotice } from '@nightfall/protocol';
import { parseClientMessage } from '@nightfall/protocol/schemas';
import { GrpcStatus, RemoteError, isUnavailable } from '@nightfall/server-kit';
import { GATEWAY_ENV, isDevMode, type GatewayEnv } from '../env.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { addressKey, isLoopback, upgradeClientAddress } from '../http/client-address.js';
import { describeCause } from '../http/errors.filter.js';
import { SocketMessageBudget } from '../rate-limits/socket-message-budget.service.js';
import { AdminAccess } from '../auth/admin-access.service.js';
import { SessionService } from '../auth/session.service.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { CLOSE_TRY_AGAIN_LATER, closeUnauthenticated, RealtimeHub, send, type GameSocket, type SocketState } from './realtime-hub.service.js';
import { markOutcome, observeSocketMessage } from './realtime.metrics.js';

/** WebSocket close code 'Policy Violation' (RFC 6455): too many frames before authentication finished. */
export const CLOSE_POLICY_VIOLATION = 1008;
/** WebSocket close code for a browser page of another site (Origin not allowed); the client does not reconnect. */
export const CLOSE_FORBIDDEN_ORIGIN = 4403;
/** Frames a socket may send before its session is checked; more closes it with 1008. */
export const PRE_AUTH_FRAMES_MAX = 16;

/**
 * The realtime channel `/ws` (spec 000 section 7). The user is the session's (cookie at upgrade);
 * a `userId` in a message must equal it, else the message is rejected (docs/architecture.md "Guarantees").
 * Every frame is parsed with the protocol's zod schema; a bad frame gets an `error` and changes nothing.
 * A connection may send SOCKET_RATE_LIMIT messages per second (rate-limiter-flexible, in memory per replica);
 * more get RATE_LIMITED and change nothing. (Per connection, not per user: one host may run many tables.) A user
 * may send SOCKET_USER_RATE_LIMIT messages per SOCKET_USER_RATE_WINDOW_S over all sockets on all replicas
 * ({@link SocketMessageBudget}).
 */
@WebSocketGateway({ path: '/ws', maxPayload: LIMITS.maxFrameBytes })
export class GameGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(GameGateway.name);

  private readonly allowedOrigins: ReadonlySet<string>;
  /** SOCKET_RATE_LIMIT messages per second per connection, or null when off. */
  private readonly limiter: RateLimiterMemory | null;

  constructor(
    private readonly sessions: SessionService,
    private readonly upstream: UpstreamService,
    private readonly hub: RealtimeHub,
    private readonly admins: AdminAccess,
    private readonly budget: SocketMessageBudget,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    this.allowedOrigins = new Set([new URL(env.PUBLIC_URL).origin, ...env.WS_ALLOWED_ORIGINS.map((o) => new URL(o).origin)]);
    this.limiter = env.SOCKET_RATE_LIMIT > 0 ? new RateLimiterMemory({ points: env.SOCKET_RATE_LIMIT, duration: 1 }) : null;
  }

  /**
   * Authenticates the upgrade request from its session cookie; closes with 4401 when there is none,
   * and with 1013 (after a SERVICE_UNAVAILABLE error) when identity cannot be asked.
   */
  async handleConnection(socket: GameSocket, req: IncomingMessage): Promise<void> {
    if (!originAllowed(req, this.allowedOrigins)) {
      send(socket, { type: 'error', code: GatewayErrorCode.FORBIDDEN, title: ERROR_TITLE, message: 'This page may not connect to Nightfall.' });
      socket.close(CLOSE_FORBIDDEN_ORIGIN, 'origin not allowed');
      return;
    }
    // The socket's one frame listener (no Nest pipeline per frame: GameSocketAdapter, docs/hot-path.md "Frames without
    // Nest's pipeline"). Frames sent before authentication finishes are kept (at most PRE_AUTH_FRAMES_MAX) and
    // replayed below; after a refused authentication they are dropped.
    let pending: string[] | null = [];
    socket.on('message', (data: Buffer) => {
      if (pending === null) return void this.onMessage(socket, data.toString()).catch((err: unknown) => this.logger.error(`socket frame: ${describeCause(err)}`));
      if (pending.length >= PRE_AUTH_FRAMES_MAX) socket.close(CLOSE_POLICY_VIOLATION, 'too many messages before authentication');
      else pending.push(data.toString());
    });
    const cookies = parseCookie(req.headers.cookie ?? '');
    let user: Awaited<ReturnType<SessionService['resolve']>>;
    try {
      user = await this.sessions.resolve(cookies[this.sessions.cookieName]);
    } catch (err) {
      pending = null;
      if (!isUnavailable(err)) this.logger.error(err instanceof Error ? err.message : String(err));
      send(socket, { type: 'error', ...SERVICE_UNAVAILABLE_BODY });
      socket.close(CLOSE_TRY_AGAIN_LATER, 'service unavailable');
      return;
    }
    const early = pending;
    pending = null;
    if (!user) return closeUnauthenticated(socket, 'unauthenticated');
    if (socket.readyState !== 1) return; // closed meanwhile (by the client, or for too many frames)
    const address = upgradeClientAddress(req, this.env.TRUST_PROXY);
    // as for REST limits: in development, loopback clients (npm start, tests, the bench) are not counted per address
    const counted = address && !(isDevMode(this.env) && isLoopback(address));
    socket.nf = { connectionId: randomUUID(), addressKey: counted ? addressKey(address) : null, userId: user.userId, sessionId: user.sessionId, isGuest: user.isGuest, gameId: null, version: 0 };
    if (user.expiresAt) this.closeOnExpiry(socket, user.expiresAt);
    this.hub.register(socket);
    for (const raw of early) await this.onMessage(socket, raw);
  }

  /**
   * Closes the socket with 4401 (after the spec's 'No user ID found' error) when its session expires; the
   * timer is re-armed in steps because a session may outlast setTimeout's 24.8-day maximum.
   * @param expiresAt the session's expiry, ms since the epoch
   */
  private closeOnExpiry(socket: GameSocket, expiresAt: number): void {
    const left = expiresAt - Date.now();
    if (left <= 0) return closeUnauthenticated(socket, 'session expired');
    socket.nf!.expiryTimer = setTimeout(() => this.closeOnExpiry(socket, expiresAt), Math.min(left, 2 ** 31 - 1));
    socket.nf!.expiryTimer.unref();
  }

  handleDisconnect(socket: GameSocket): void {
    if (socket.nf?.expiryTimer) clearTimeout(socket.nf.expiryTimer);
    this.hub.unregister(socket);
    const left = this.hub.detach(socket);
    if (left && socket.nf) void this.presence(left, socket.nf.userId, -1);
  }

  /** Tells game-engine a player's first socket opened (+1) or last one closed (-1); failures are only logged. */
  private async presence(gameId: string, userId: string, delta: 1 | -1): Promise<void> {
    try {
      await this.hub.updatePresence(gameId, userId, delta);
    } catch (err) {
      this.logger.warn(`presence ${delta} for ${userId} in ${gameId} not recorded: ${(err as Error).message}`);
    }
  }

  /**
   * Every frame of a socket arrives here, as text, from the socket's own listener ({@link handleConnection}).
   * Never rejects for a bad frame: the sender gets an `error` and nothing changes.
   */
  async onMessage(socket: GameSocket, raw: unknown): Promise<void> {
    if (!socket.nf) return; // still authenticating: buffered by handleConnection
    // metrics and trace context of the message (docs/architecture.md "Metrics and traces")
    return observeSocketMessage(socket.nf, raw, () => this.handleMessage(socket as GameSocket & { nf: SocketState }, raw));
  }

  /** One frame of an authenticated socket (see {@link onMessage}). */
  private async handleMessage(socket: GameSocket & { nf: SocketState }, raw: unknown): Promise<void> {
    if (this.limiter) {
      try {
        await this.limiter.consume(socket.nf.connectionId);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        markOutcome('rate_limited');
        return send(socket, { type: 'error', code: GatewayErrorCode.RATE_LIMITED, title: 'Too Many Requests', message: 'Too many messages. Please wait a moment.', details: { retryAfterSeconds: seconds } });
      }
    }
    const wait = this.budget.take(socket.nf.userId, socket.nf.addressKey);
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      return send(socket, { type: 'error', code: GatewayErrorCode.RATE_LIMITED, title: 'Too Many Requests', message: 'Too many messages. Please wait a moment.', details: { retryAfterSeconds: seconds } });
    }
    let json: unknown;
    try {
      json = JSON.parse(String(raw));
    } catch {
      return this.reject(socket, GatewayErrorCode.INVALID_MESSAGE, 'Malformed message');
    }
    const parsed = parseClientMessage(json);
    if (!parsed.success) return this.reject(socket, GatewayErrorCode.INVALID_MESSAGE, parsed.error);
    const msg: ClientMessage = parsed.data;
    if (msg.type === 'ping') return send(socket, { type: 'pong' });
    if (msg.userId !== socket.nf.userId) {
      this.logger.warn(`socket of ${socket.nf.userId} claimed user ${msg.userId}`);
      return this.reject(socket, GatewayErrorCode.SESSION_MISMATCH, 'This connection belongs to another player.');
    }
    if (msg.type === 'join_game') return this.joinInTurn(socket, msg.gameId);
    // an action sent after a join_game is for the game that join ends in: it waits for it (a refused join leaves
    // the socket where it was, and the action gets NOT_JOINED instead of reaching a game the player is not in)
    if (socket.nf.joining) await socket.nf.joining;
    if (socket.nf.gameId !== msg.gameId) return this.reject(socket, GatewayErrorCode.NOT_JOINED, 'Join the game first.');
    if (msg.action === 'share_theme') return this.shareTheme(socket, msg.gameId, msg.data.themePack.id);
    const commandId = msg.commandId ?? '';
    try {
      const { userId } = socket.nf;
      const command = { gameId: msg.gameId, userId, action: msg.action, dataJson: JSON.stringify(msg.data ?? {}), commandId };
      // a command with its id may be sent again while game-engine is unavailable: it is applied once
      const res = await this.upstream.executeCommand(command, this.env.COMMAND_RETRY_MS);
      if (res.noticeJson) send(socket, { type: 'notice', gameId: msg.gameId, notice: JSON.parse(res.noticeJson) as GameNotice });
    } catch (err) {
      this.sendError(socket, err, commandId);
    }
  }

  /**
   * share_theme (spec 000 section 7; docs/rules.md "Theme offer"): the host names one of its stored
   * themes; it is looked up with the theme service among the sender's own (a pack of someone else cannot be
   * offered), and game-engine records the offer, which every view of the game then carries.
   */
  private async shareTheme(socket: GameSocket, gameId: string, storedThemeId: string): Promise<void> {
    const { userId } = socket.nf!;
    try {
      const { themes } = await this.upstream.theme.listThemes({ ownerId: userId });
      const own = themes.find((t) => t.id === storedThemeId);
      if (!own) return this.reject(socket, GatewayErrorCode.NOT_FOUND, 'Theme pack not found');
      await this.upstream.callGame(gameId, (g) =>
        g.shareTheme({ gameId, userId, storedThemeId: own.id, sha256: own.sha256, themeId: own.themeId, name: own.name, description: own.description, sizeBytes: own.sizeBytes }),
      );
    } catch (err) {
      this.sendError(socket, err);
    }
  }

  /** Runs a join after the socket's joins before it (one at a time, in order); {@link onMessage} waits for the last. */
  private async joinInTurn(socket: GameSocket, gameId: string): Promise<void> {
    const st = socket.nf!;
    const turn = (st.joining ?? Promise.resolve()).then(() => this.join(socket, gameId));
    st.joining = turn;
    await turn;
    if (st.joining === turn) st.joining = undefined;
  }

  /**
   * join_game: subscribe to this player's views, then send the current snapshot. A socket in another game asks
   * first whether the player may see the new one: a refused join (no such game, not a player of it) leaves the
   * socket in its game and the player's presence there unchanged (docs/architecture.md "Guarantees": bad input
   * changes nothing).
   */
  private async join(socket: GameSocket, gameId: string): Promise<void> {
    const st = socket.nf!;
    const previous = st.gameId;
    if (previous && previous !== gameId) {
      try {
        await this.upstream.gameView(gameId, st.userId);
      } catch (err) {
        return this.sendError(socket, err);
      }
    }
    try {
      const left = previous && previous !== gameId ? this.hub.detach(socket) : null;
      if (left) void this.presence(left, st.userId, -1);
      const first = await this.hub.attach(socket, gameId, st.userId);
      st.version = 0;
      st.offeredSha256 = undefined;
      // admin flag, presence +1 (the player's first socket here) and the snapshot in one call (docs/hot-path.md)
      const adminViewer = await this.adminViewerOf(st);
      // sent again while game-engine is unavailable, as a command is (docs/faults.md "Joins during an engine restart")
      const snapshot = await this.upstream.openGameView(gameId, st.userId, { adminViewer, connect: first, gatewayId: this.hub.gatewayId }, this.env.COMMAND_RETRY_MS);
      send(socket, { type: 'joined', gameId, userId: st.userId, version: snapshot.version });
      this.hub.deliver(socket, 'game_updated', gameId, snapshot);
    } catch (err) {
      // presence -1 for the game this socket had joined before; for the new one only when the join's outcome is
      // unknown (game-engine did not answer: its +1 may have been applied; a -1 that finds none changes nothing)
      const left = this.hub.detach(socket);
      if (left && left === previous) void this.presence(left, st.userId, -1);
      else if (left === gameId && isUnavailable(err)) void this.presence(gameId, st.userId, -1);
      this.sendError(socket, err);
    }
  }

  /**
   * Whether this player's views are admin views (spec 000 section 2: center cards, all roles and actions for
   * the super admin only), decided here from the session through the admin service on every join, so that a
   * lost right takes effect (game-engine applies it with the join's OpenGameView); an answer of the last
   * RIGHTS_CACHE_TTL_MS that no grant or revocation overtook is reused (docs/architecture.md "Rights checks"). A
   * guest never is.
   * @returns undefined when the admin service cannot answer: the admin view stays as it was (logged)
   */
  private async adminViewerOf(st: { userId: string; isGuest: boolean }): Promise<boolean | undefined> {
    if (st.isGuest) return false;
    try {
      return (await this.admins.access({ userId: st.userId, email: null, isGuest: st.isGuest }, 'cached')).isSuperAdmin;
    } catch (err) {
      this.logger.warn(`admin rights of ${st.userId} unknown, admin view unchanged: ${(err as Error).message}`);
      return undefined;
    }
  }

  private reject(socket: GameSocket, code: GatewayErrorCode, message: string): void {
    markOutcome('rejected');
    send(socket, { type: 'error', code, title: ERROR_TITLE, message });
  }

  /** Sends an upstream error as an `error` frame; `commandId` names the game_action it answers (when given). */
  private sendError(socket: GameSocket, err: unknown, commandId = ''): void {
    const about = commandId ? { commandId } : {};
    markOutcome(err instanceof RemoteError && err.status !== GrpcStatus.INTERNAL && err.status !== GrpcStatus.UNAVAILABLE ? 'rejected' : 'error');
    if (err instanceof RemoteError) {
      if (err.status === GrpcStatus.INTERNAL) this.logger.error(`upstream failed: ${describeCause(err.cause)}`);
      return send(socket, { type: 'error', ...err.body, ...about });
    }
    this.logger.error(err instanceof Error ? err.message : String(err));
    send(socket, { type: 'error', code: GatewayErrorCode.INTERNAL, title: ERROR_TITLE, message: 'Something went wrong. Please try again.', ...about });
  }
}

/**
 * Whether the page that opens a socket may (cross-site WebSocket hijacking: a browser sends the player's
 * cookie with any page's socket, and only the Origin header tells whose page it is). Allowed: no Origin (not
 * a browser page), the gateway's own host (Host or X-Forwarded-Host), PUBLIC_URL's origin and
 * WS_ALLOWED_ORIGINS.
 */
export function originAllowed(req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.has(url.origin)) return true;
  const forwarded = req.headers['x-forwarded-host'];
  const hosts = [req.headers.host, ...(Array.isArray(forwarded) ? forwarded : (forwarded ?? '').split(','))].map((h) => h?.trim()).filter(Boolean);
  return hosts.includes(url.host);
}
