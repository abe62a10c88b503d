import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import type { WebSocket } from 'ws';
import { ERROR_TITLE, GATEWAY_HEARTBEAT_SUBJECT, GATEWAY_PRESENCE_SWEPT_SUBJECT, gameViewsSubject, SESSION_REVOKED_SUBJECT, VIEW_HEADER, ViewBatch, type GatewayHeartbeatEvent, type GatewayPresenceSweptEvent, type SessionRevokedEvent, type GameEventKind, type GameSnapshot, type ServerMessage, type ViewMessage } from '@nightfall/protocol';
import { NatsClient } from '@nightfall/server-kit';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { LatestViewOnly, type HeldView, type PacingState } from './latest-view-only.js';
import { countSocket, viewDelivered, viewSent, type SocketMetricsState } from './realtime.metrics.js';

/** Per-socket state kept by the gateway (it holds nothing durable: docs/architecture.md "Guarantees"). */
export interface SocketState extends SocketMetricsState {
  /** This connection's own id (its rate limit). */
  connectionId: string;
  /** The client's address as a rate-limit key (TRUST_PROXY applied), or null when it is not counted (loopback in development). */
  addressKey: string | null;
  userId: string;
  sessionId: string;
  isGuest: boolean;
  gameId: string | null;
  /** Highest snapshot version sent on this socket; older ones are dropped. */
  version: number;
  /** The join_game in progress (the last of them), which the socket's next actions wait for; absent when none. */
  joining?: Promise<void>;
  /** sha256 of the last theme offer sent on this socket as `theme_shared` (spec 000 section 7), or absent. */
  offeredSha256?: string;
  /**
   * Views published before this socket got its whole snapshot (with the chat) after a join: held, then
   * sent after it when newer (a view leaves the chat out when it did not change).
   */
  early?: ReadyView[];
  /** Closes the socket when its session expires (docs/architecture.md "Guarantees"). */
  expiryTimer?: NodeJS.Timeout;
  /** Views held while the socket is behind ("latest view only", docs/faults.md "Slow sockets"). */
  pacing?: PacingState<ReadyView>;
}

/** One player's view of a change as picked out of the game's view batch: the socket message, ready to send. */
export interface ReadyView {
  /** The game's version after the change (the batch's NATS header). */
  version: number;
  /** sha256 of the host's standing theme offer, or '' (the batch's NATS header). */
  offer: string;
  /** The socket message, UTF-8 JSON. */
  data: Uint8Array;
}

/** The sockets of one game on this replica, by player, and the game's view subscription. */
interface GameEntry {
  players: Map<string, Set<GameSocket>>;
  /** Settles once NATS has registered the subscription (rejects when it could not be made). */
  ready: Promise<void>;
  sub?: Subscription;
}

/** Views held per socket while its snapshot is on its way, at most. */
const EARLY_MAX = 64;
/**
 * Bytes a socket may have queued and not yet sent (a phone on a dead connection): past it the socket is
 * closed with 1013 and the client reconnects and gets a whole snapshot, instead of the gateway buffering
 * views without bound.
 */
export const SOCKET_BUFFER_MAX_BYTES = 4 * 1024 * 1024;
/** WebSocket close code 'Try Again Later' (RFC 6455): a service could not be asked, or the socket fell behind; the client reconnects. */
export const CLOSE_TRY_AGAIN_LATER = 1013;
/** WebSocket close code 'Service Restart' (RFC 6455): this gateway is stopping; the client reconnects at once (to another replica). */
export const CLOSE_SERVICE_RESTART = 1012;
/** WebSocket close code of a connection without a live session: none, or signed out (the client does not reconnect). */
export const CLOSE_UNAUTHENTICATED = 4401;
/** Snapshots fetched at once after a NATS reconnect. */
const RESYNC_CONCURRENCY = 16;

/** A connected socket with its state. */
export type GameSocket = WebSocket & { nf?: SocketState };

/**
 * Routes per-player views from NATS to sockets. One subscription per game with a socket on this replica:
 * `game.<gameId>.views`, one view batch per change (docs/hot-path.md "One view batch per change"); a socket
 * only ever receives its own player's message out of it, newest version only. A player's message is already
 * the socket message: it is forwarded as it came, by the version in the batch's NATS header, without parsing
 * (docs/hot-path.md "Views as ready bytes").
 */
@Injectable()
export class RealtimeHub implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  /** This gateway's instance id (new at every start): its presence calls and heartbeats carry it. */
  readonly gatewayId = randomUUID();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private readonly logger = new Logger(RealtimeHub.name);
  /** Authenticated sockets by session id (sign-out closes them). */
  private readonly bySession = new Map<string, Set<GameSocket>>();
  /** Games with a socket on this replica (see {@link attach}). */
  private readonly games = new Map<string, GameEntry>();
  private readonly pacer = new LatestViewOnly();

  constructor(
    private readonly nats: NatsClient,
    private readonly upstream: UpstreamService,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    // views published while NATS was away are lost: every socket gets a fresh snapshot
    this.nats.onReconnect(() => void this.resync());
  }

  /**
   * Announces this gateway on GATEWAY_HEARTBEAT_SUBJECT every GATEWAY_HEARTBEAT_MS, so that game-engine can
   * tell when it died and remove its players' presence (docs/faults.md "Presence after a gateway crash").
   */
  private heartbeat(): void {
    if (!this.nats.connected) return;
    const event: GatewayHeartbeatEvent = { v: 1, gatewayId: this.gatewayId };
    try {
      this.nats.publish(GATEWAY_HEARTBEAT_SUBJECT, JSON.stringify(event));
    } catch {
      /* not connected yet */
    }
  }

  onApplicationShutdown(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
  }

  /** Listens for signed-out sessions (from any gateway) once NATS is connected; starts the heartbeats. */
  onModuleInit(): void {
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.env.GATEWAY_HEARTBEAT_MS);
    this.heartbeatTimer.unref();
    void this.nats.connection().then(() => this.heartbeat()).catch(() => undefined);
    this.nats.listen(SESSION_REVOKED_SUBJECT, (msg) => {
      const event = msg.json<SessionRevokedEvent>();
      if (!event.replaced) this.signOut(event.sessionId);
    });
    // game-engine took this gateway for dead (a pause longer than the presence TTL) and removed its presence:
    // its players would stay offline, and seat holds start (docs/faults.md "Presence after a gateway crash")
    this.nats.listen(GATEWAY_PRESENCE_SWEPT_SUBJECT, (msg) => {
      const event = msg.json<GatewayPresenceSweptEvent>();
      if (event.gatewayId === this.gatewayId) void this.resync(new Set(event.gameIds), 'presence removed by game-engine');
    });
  }

  /**
   * A stopping gateway (SIGTERM: a rollout, a scale-down) closes every socket with 1012 'server restarting'
   * before its HTTP server closes; the web client reconnects at once, through the Service, to another
   * replica, and gets a whole snapshot there (docs/faults.md "Graceful rollouts").
   */
  beforeApplicationShutdown(): void {
    const n = this.drain();
    if (n > 0) this.logger.log(`stopping: ${n} sockets closed with ${CLOSE_SERVICE_RESTART}`);
  }

  /**
   * Closes every authenticated socket on this replica with {@link CLOSE_SERVICE_RESTART}.
   * @returns how many were closed
   */
  drain(): number {
    let n = 0;
    for (const set of this.bySession.values()) {
      for (const s of set) {
        s.close(CLOSE_SERVICE_RESTART, 'server restarting');
        n++;
      }
    }
    return n;
  }

  /**
   * Tells game-engine that this gateway holds (+1) or no longer holds (-1) a connection of the player
   * (the online dot; docs/faults.md "Presence after a gateway crash"). @throws RemoteError
   */
  async updatePresence(gameId: string, userId: string, delta: 1 | -1): Promise<void> {
    await this.upstream.callGame(gameId, (g) => g.updatePresence({ gameId, userId, delta, gatewayId: this.gatewayId }));
  }

  /** Counts an authenticated socket under its session (see {@link signOut}). */
  register(socket: GameSocket): void {
    const sid = socket.nf!.sessionId;
    let set = this.bySession.get(sid);
    if (!set) this.bySession.set(sid, (set = new Set()));
    if (!set.has(socket)) countSocket(1);
    set.add(socket);
  }

  /** Forgets a closed socket. */
  unregister(socket: GameSocket): void {
    const sid = socket.nf?.sessionId;
    const set = sid ? this.bySession.get(sid) : undefined;
    if (!set) return;
    if (set.delete(socket)) countSocket(-1);
    if (set.size === 0) this.bySession.delete(sid!);
  }

  /**
   * Closes every socket of a session on this replica with 4401 (the session was signed out).
   * @returns how many were closed
   */
  signOut(sessionId: string): number {
    const set = this.bySession.get(sessionId);
    if (!set) return 0;
    for (const s of set) closeUnauthenticated(s, 'signed out');
    const n = set.size;
    countSocket(-n);
    this.bySession.delete(sessionId);
    return n;
  }

  /**
   * Sends every socket on this replica a fresh snapshot of its game (after a NATS reconnect: views
   * published meanwhile never arrived), and tells game-engine again that this gateway holds them (presence).
   * NATS re-subscribes by itself; failures are logged, the socket then catches up with the next view.
   * @param games only the sockets of these games (default: all)
   * @param why what the log line names as the cause
   * @returns the number of (game, player) snapshots sent
   */
  async resync(games?: ReadonlySet<string>, why = 'NATS reconnected'): Promise<number> {
    const entries = [...this.games]
      .filter(([gameId]) => !games || games.has(gameId))
      .flatMap(([gameId, g]) => [...g.players].map(([userId, sockets]) => ({ gameId, userId, sockets })));
    let sent = 0;
    let next = 0;
    const worker = async () => {
      while (next < entries.length) {
        const { gameId, userId, sockets } = entries[next++]!;
        if (sockets.size === 0) continue;
        try {
          // a long outage may have made game-engine take this gateway for dead: say again who is here
          const snapshot = await this.upstream.openGameView(gameId, userId, { connect: true, gatewayId: this.gatewayId });
          for (const s of sockets) this.deliver(s, 'game_updated', gameId, snapshot);
          sent++;
        } catch (err) {
          this.logger.warn(`no fresh snapshot of ${gameId} for ${userId} (${why}): ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: RESYNC_CONCURRENCY }, worker));
    if (entries.length > 0) this.logger.log(`${why}: ${sent} of ${entries.length} snapshots re-sent`);
    return sent;
  }

  /**
   * Attaches a socket to its game's view subject and waits until NATS has registered the subscription, so no
   * update published after this call can be missed. Sockets of one game share the subscription; one made while
   * another socket of the game is attaching is shared too.
   * @returns true when this is the player's first socket for the game on this replica
   * @throws Error when there is no NATS connection to subscribe on (the socket is then not attached)
   */
  async attach(socket: GameSocket, gameId: string, userId: string): Promise<boolean> {
    this.detach(socket);
    socket.nf!.gameId = gameId;
    socket.nf!.early = [];
    let game = this.games.get(gameId);
    if (!game) {
      const entry: GameEntry = { players: new Map(), ready: Promise.resolve() };
      entry.ready = this.subscribe(gameId, entry);
      this.games.set(gameId, (game = entry));
    }
    let sockets = game.players.get(userId);
    if (!sockets) game.players.set(userId, (sockets = new Set()));
    sockets.add(socket);
    const first = sockets.size === 1;
    await game.ready;
    return first;
  }

  /** Subscribes a game's entry to its view batches (see {@link onBatch}); dropped again if the game left meanwhile. */
  private async subscribe(gameId: string, entry: GameEntry): Promise<void> {
    try {
      const nc = await this.nats.connection();
      entry.sub = nc.subscribe(gameViewsSubject(gameId), {
        callback: (err, msg) => {
          if (err) return;
          viewDelivered(msg);
          // the game's owner: its next calls go straight there (docs/hot-path.md "Routing")
          const engine = msg.headers?.get(VIEW_HEADER.engine);
          if (engine) this.upstream.noteOwner(gameId, engine);
          this.onBatch(gameId, entry, Number(msg.headers?.get(VIEW_HEADER.version)), msg.headers?.get(VIEW_HEADER.offer) ?? '', msg.data);
        },
      });
      await nc.flush();
    } catch (err) {
      if (this.games.get(gameId) === entry) this.games.delete(gameId);
      throw err;
    } finally {
      // the game's last socket left meanwhile, or the subscription failed: nothing needs it
      if (this.games.get(gameId) !== entry) entry.sub?.unsubscribe();
    }
  }

  /** Forwards to each socket of the game on this replica its own player's message of a batch (nothing for the others). */
  private onBatch(gameId: string, entry: GameEntry, version: number, offer: string, bytes: Uint8Array): void {
    let batch: ViewBatch;
    try {
      batch = ViewBatch.read(bytes);
    } catch (e) {
      return this.logger.warn(`game ${gameId} v${version}: ${(e as Error).message}`);
    }
    for (const [userId, sockets] of entry.players) {
      const data = batch.messageFor(userId);
      if (!data) continue;
      const view: ReadyView = { version, offer, data };
      for (const s of sockets) this.forward(s, gameId, view);
    }
  }

  /**
   * Detaches a socket (on close or re-join); drops the game's subscription when no socket of it is left here.
   * @returns the game the player left when it was their last socket for it on this replica, else null
   */
  detach(socket: GameSocket): string | null {
    const st = socket.nf;
    if (!st?.gameId) return null;
    const gameId = st.gameId;
    const game = this.games.get(gameId);
    const sockets = game?.players.get(st.userId);
    let last = false;
    if (game && sockets?.delete(socket) && sockets.size === 0) {
      game.players.delete(st.userId);
      last = true;
      if (game.players.size === 0) {
        game.sub?.unsubscribe();
        this.games.delete(gameId);
      }
    }
    st.gameId = null;
    if (st.pacing) this.pacer.reset(st.pacing);
    return last ? gameId : null;
  }

  /**
   * Sends a whole snapshot (a join's, with the chat) if it is newer than what the socket has (versions make
   * delivery idempotent), then the views held while it was on its way.
   */
  deliver(socket: GameSocket, kind: GameEventKind, gameId: string, snapshot: GameSnapshot): void {
    const st = socket.nf;
    if (!st || st.gameId !== gameId) return;
    if (snapshot.version > st.version) {
      st.version = snapshot.version;
      send(socket, { type: kind, gameId, ...snapshot });
      this.offerTheme(socket, gameId, snapshot.view.game.themeOffered ? snapshot.view.game.sharedTheme : null);
    }
    const early = st.early ?? [];
    st.early = undefined;
    for (const view of early) this.forward(socket, gameId, view);
  }

  /** Forwards a published view (ready bytes) if it is newer than what the socket has; holds it before the snapshot. */
  private forward(socket: GameSocket, gameId: string, view: ReadyView): void {
    const st = socket.nf;
    if (!st || st.gameId !== gameId) return;
    if (st.early) {
      if (st.early.length < EARLY_MAX) st.early.push(view);
      return;
    }
    if (!(view.version > st.version) || socket.readyState !== 1) return;
    st.pacing ??= {};
    // a view after a version this socket never got (its engine died between commit and publish, or NATS lost it):
    // the chat lines of the missed view would be missing, so the socket gets a whole snapshot instead, as a slow
    // socket does (docs/hot-path.md "Chat lines once")
    if (view.version > st.version + 1 && !st.pacing.held) return this.catchUp(socket, gameId, { version: view.version, view }, true);
    this.pacer.offer(socket, st.pacing, { version: view.version, view }, (h) => this.sendView(socket, gameId, h), (h, skipped) => this.catchUp(socket, gameId, h, skipped));
  }

  /** Sends a view (ready bytes) if it is still newer than what the socket has, then its theme offer. */
  private sendView(socket: GameSocket, gameId: string, { version, view }: HeldView<ReadyView>): void {
    const st = socket.nf;
    if (!st || st.gameId !== gameId || !(version > st.version)) return;
    st.version = version;
    if (socket.readyState === 1 && !tooSlow(socket)) socket.send(view.data, { binary: false });
    viewSent(st);
    if (!view.offer) st.offeredSha256 = undefined;
    else if (st.offeredSha256 !== view.offer) {
      // a new offer (rare): read it from the view
      try {
        const parsed = (JSON.parse(Buffer.from(view.data.buffer, view.data.byteOffset, view.data.byteLength).toString('utf8')) as ViewMessage).view;
        this.offerTheme(socket, gameId, parsed.game.themeOffered ? parsed.game.sharedTheme : null);
      } catch (e) {
        this.logger.warn(`bad view of game ${gameId} v${version}: ${(e as Error).message}`);
      }
    }
  }

  /**
   * A socket that was behind has drained: it gets the newest view it missed, or, when older held views were
   * dropped (their chat lines never sent), a whole snapshot with the chat (docs/faults.md "Slow sockets").
   */
  private catchUp(socket: GameSocket, gameId: string, held: HeldView<ReadyView>, skipped: boolean): void {
    if (!skipped) return this.sendView(socket, gameId, held);
    const st = socket.nf;
    if (!st || st.gameId !== gameId) return;
    // views published meanwhile wait for the snapshot, as after a join (deliver sends them after it)
    st.early ??= [];
    this.upstream.gameView(gameId, st.userId).then(
      (snapshot) => this.deliver(socket, 'game_updated', gameId, snapshot),
      (err) => {
        // game-engine unavailable: the newest view at least (the chat catches up with the next snapshot)
        this.logger.warn(`no snapshot for a socket of ${st.userId} that fell behind in ${gameId}: ${(err as Error).message}`);
        const early = st.early ?? [];
        st.early = undefined;
        this.sendView(socket, gameId, held);
        for (const view of early) this.forward(socket, gameId, view);
      },
    );
  }

  /**
   * `theme_shared` (spec 000 section 7): sent once per socket and offer when a view carries a standing
   * offer of the host (`game.themeOffered`, docs/rules.md "Theme offer"). Views only reach the players of
   * their game, so the offer does too; a socket that joins later gets it with its first view.
   */
  private offerTheme(socket: GameSocket, gameId: string, shared: GameSnapshot['view']['game']['sharedTheme']): void {
    const st = socket.nf!;
    if (!shared) {
      st.offeredSha256 = undefined;
      return;
    }
    if (st.offeredSha256 === shared.sha256) return;
    st.offeredSha256 = shared.sha256;
    send(socket, {
      type: 'theme_shared',
      gameId,
      hostId: shared.hostId,
      themePack: { id: shared.storedThemeId, themeId: shared.themeId, name: shared.name, description: shared.description, sizeBytes: shared.sizeBytes, sha256: shared.sha256 },
    });
  }

  /** Number of games with a view subscription on this replica (one per game, whatever its sockets here). */
  get gameCount(): number {
    return this.games.size;
  }
}

/** Serialises and sends one server message if the socket is open (and keeps up, see {@link tooSlow}). */
export function send(socket: WebSocket, msg: ServerMessage): void {
  if (socket.readyState === 1 && !tooSlow(socket)) socket.send(JSON.stringify(msg));
}

/** Tells the client it has no live session (spec 000 section 1 text) and closes with 4401. */
export function closeUnauthenticated(socket: WebSocket, reason: string): void {
  send(socket, { type: 'error', code: GatewayErrorCode.UNAUTHENTICATED, title: ERROR_TITLE, message: 'No user ID found. Please return to home.' });
  socket.close(CLOSE_UNAUTHENTICATED, reason);
}

/**
 * True (and the socket is being closed with 1013) when more than SOCKET_BUFFER_MAX_BYTES wait to be
 * sent on it: the reader does not keep up, so it reconnects and starts again from a snapshot.
 */
export function tooSlow(socket: WebSocket): boolean {
  if (socket.bufferedAmount <= SOCKET_BUFFER_MAX_BYTES) return false;
  socket.close(CLOSE_TRY_AGAIN_LATER, 'too slow');
  return true;
}
