import { Injectable, Logger } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import type { WebSocket } from 'ws';
import { gameViewSubject, type GameEventKind, type GameSnapshot, type GameViewEvent, type ServerMessage } from '@nightfall/protocol';
import { NatsClient } from '@nightfall/server-kit';

/** Per-socket state kept by the gateway (it holds nothing durable: docs/architecture.md "Guarantees"). */
export interface SocketState {
  userId: string;
  sessionId: string;
  isGuest: boolean;
  gameId: string | null;
  /** Highest snapshot version sent on this socket; older ones are dropped. */
  version: number;
  /** sha256 of the last theme offer sent on this socket as `theme_shared` (spec 000 section 7), or absent. */
  offeredSha256?: string;
}

/** A connected socket with its state. */
export type GameSocket = WebSocket & { nf?: SocketState };

/**
 * Routes per-player views from NATS to sockets. One subscription per (game, user) on this replica:
 * `game.<gameId>.view.<userId>`; a socket only ever receives its own player's view, newest version only.
 */
@Injectable()
export class RealtimeHub {
  private readonly logger = new Logger(RealtimeHub.name);
  private readonly subs = new Map<string, { sub: Subscription; sockets: Set<GameSocket> }>();

  constructor(private readonly nats: NatsClient) {}

  /**
   * Attaches a socket to its player's view subject and waits until NATS has registered the
   * subscription, so no update published after this call can be missed.
   * @returns true when this is the player's first socket for the game on this replica
   */
  async attach(socket: GameSocket, gameId: string, userId: string): Promise<boolean> {
    this.detach(socket);
    socket.nf!.gameId = gameId;
    const key = gameViewSubject(gameId, userId);
    let entry = this.subs.get(key);
    if (!entry) {
      const nc = await this.nats.connection();
      const sockets = new Set<GameSocket>();
      const sub = nc.subscribe(key, {
        callback: (err, msg) => {
          if (err) return;
          try {
            const event = JSON.parse(msg.string()) as GameViewEvent;
            for (const s of sockets) this.deliver(s, event.kind, event.gameId, event.snapshot);
          } catch (e) {
            this.logger.warn(`bad view event on ${key}: ${(e as Error).message}`);
          }
        },
      });
      entry = { sub, sockets };
      this.subs.set(key, entry);
      await nc.flush();
    }
    entry.sockets.add(socket);
    return entry.sockets.size === 1;
  }

  /**
   * Detaches a socket (on close or re-join); drops the subscription when no socket needs it.
   * @returns the game the player left when it was their last socket for it on this replica, else null
   */
  detach(socket: GameSocket): string | null {
    const st = socket.nf;
    if (!st?.gameId) return null;
    const gameId = st.gameId;
    const key = gameViewSubject(gameId, st.userId);
    const entry = this.subs.get(key);
    let last = false;
    if (entry) {
      entry.sockets.delete(socket);
      if (entry.sockets.size === 0) {
        entry.sub.unsubscribe();
        this.subs.delete(key);
        last = true;
      }
    }
    st.gameId = null;
    return last ? gameId : null;
  }

  /** Sends a snapshot if it is newer than what the socket has (versions make delivery idempotent). */
  deliver(socket: GameSocket, kind: GameEventKind, gameId: string, snapshot: GameSnapshot): void {
    const st = socket.nf;
    if (!st || st.gameId !== gameId || snapshot.version <= st.version) return;
    st.version = snapshot.version;
    send(socket, { type: kind, gameId, ...snapshot });
    this.offerTheme(socket, gameId, snapshot);
  }

  /**
   * `theme_shared` (spec 000 section 7): sent once per socket and offer when a view carries a standing
   * offer of the host (`game.themeOffered`, docs/rules.md "Theme offer"). Views only reach the players of
   * their game, so the offer does too; a socket that joins later gets it with its first view.
   */
  private offerTheme(socket: GameSocket, gameId: string, snapshot: GameSnapshot): void {
    const st = socket.nf!;
    const shared = snapshot.view.game.sharedTheme;
    if (!snapshot.view.game.themeOffered || !shared) {
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

  /** Number of live (game, user) subscriptions on this replica. */
  get subscriptionCount(): number {
    return this.subs.size;
  }
}

/** Serialises and sends one server message if the socket is open. */
export function send(socket: WebSocket, msg: ServerMessage): void {
  if (socket.readyState === 1) socket.send(JSON.stringify(msg));
}
