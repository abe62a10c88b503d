import { appendChat, isErrorBody, isGameEventKind, LIMITS } from '@nightfall/protocol';
import type { ClientMessage, ErrorBody, GameAction, GameEventKind, GameNotice, GameSnapshot, ServerMessage } from '@nightfall/protocol';
import { t } from '../i18n/t';

/** Name and data of a `game_action` (spec 000 section 7), derived from the protocol's zod schema. */
export type { GameAction };

/** Socket life cycle (spec 000 section 4 "Connection status"). */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'closed';

/** Texts of the connection indicator: the catalogue's `connection.*` entries, read when used. */
export const CONNECTION_TEXT: Readonly<Record<ConnectionState, string>> = {
  get connecting() {
    return t('connection.connecting');
  },
  get connected() {
    return t('connection.connected');
  },
  get reconnecting() {
    return t('connection.reconnecting');
  },
  get closed() {
    return t('connection.closed');
  },
};

/**
 * A `notice` (success; the rules' code, worded by the screen: docs/rules.md "Message codes") or `error`
 * toast pushed by the server (an error carries the server's {@link ErrorBody}).
 */
export type RealtimeToast = { kind: 'notice'; notice: GameNotice } | ({ kind: 'error' } & ErrorBody);

/** Minimal WebSocket surface used by the client, so tests can pass a fake. */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Injectable environment (defaults: the browser's WebSocket and timers). */
export interface RealtimeEnv {
  createSocket(url: string): SocketLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  /** Epoch ms (the resend window). */
  now(): number;
}

export interface RealtimeOptions {
  url: string;
  gameId: string;
  userId: string;
  env?: Partial<RealtimeEnv>;
  pingIntervalMs?: number;
  maxReconnectAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** What subscribers read: connection state plus the newest snapshot. */
export interface RealtimeState {
  connection: ConnectionState;
  snapshot: GameSnapshot | null;
  /** Number of the current reconnect attempt (0 when connected). */
  attempt: number;
  /** Set when the server said this player is no longer in the game (docs/rules.md "Kick and leave"): no reconnect then. */
  removed?: 'kicked' | 'left';
}

const OPEN = 1;
const NORMAL_CLOSURE = 1000;
/** The server's close when the session is missing or was signed out: reconnecting cannot help. */
const CLOSE_UNAUTHENTICATED = 4401;
/** The server's close when its gateway is stopping (a rollout): reconnect at once, another replica answers. */
const CLOSE_SERVICE_RESTART = 1012;
/**
 * Actions sent this long ago at most are sent again, with their command id, after the socket was lost and
 * opened again (ms): the server applies a command id once, so one that arrived before is not applied twice
 * (docs/faults.md "Commands applied once").
 */
export const RESEND_WINDOW_MS = 10_000;

/** A fresh command id: 16 random bytes, hex (getRandomValues also works on plain-http LAN pages, where randomUUID does not). */
export function newCommandId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Delay before reconnect attempt `attempt` (1-based): 2 s doubling, capped at 30 s. */
export function reconnectDelay(attempt: number, baseMs: number = LIMITS.reconnectBaseDelayMs, maxMs: number = LIMITS.reconnectMaxDelayMs): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
}

/** `ws://host/ws` or `wss://host/ws` for the current page. */
export function defaultSocketUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

function browserEnv(): RealtimeEnv {
  return {
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (h) => window.clearTimeout(h as number),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (h) => window.clearInterval(h as number),
    now: () => Date.now(),
  };
}

function isSnapshotMessage(msg: ServerMessage): msg is Extract<ServerMessage, { type: GameEventKind }> {
  return isGameEventKind(msg.type);
}

/**
 * One game's realtime channel. Sends `join_game` on every (re)open and a ping every 30 s; keeps the newest
 * snapshot (a message replaces it when its version is >= the current one); reconnects only after an unclean
 * close (code != 1000), at most 5 times, waiting 2 s, 4 s, 8 s... capped at 30 s; then gives up ('closed');
 * at once when the server closed with 1012 (its gateway is stopping). Every action carries a command id;
 * actions sent in the last {@link RESEND_WINDOW_MS} that no error answered are sent again, with the same
 * id, when the socket opens again (the server applies an id once).
 */
export class RealtimeClient {
  readonly gameId: string;
  readonly userId: string;
  private readonly url: string;
  private readonly env: RealtimeEnv;
  private readonly pingIntervalMs: number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  private socket: SocketLike | null = null;
  private pingTimer: unknown = null;
  private retryTimer: unknown = null;
  private stopped = true;
  private state: RealtimeState = { connection: 'closed', snapshot: null, attempt: 0 };
  private readonly listeners = new Set<(state: RealtimeState) => void>();
  private readonly toastListeners = new Set<(toast: RealtimeToast) => void>();
  /** Actions sent and not answered by an error, oldest first, by command id: sent again after a reconnect. */
  private readonly outbox = new Map<string, { message: ClientMessage; sentAt: number }>();
  /** The socket was open before: the next open is a reconnect. */
  private wasOpen = false;

  constructor(options: RealtimeOptions) {
    this.url = options.url;
    this.gameId = options.gameId;
    this.userId = options.userId;
    this.env = { ...browserEnv(), ...options.env } as RealtimeEnv;
    this.pingIntervalMs = options.pingIntervalMs ?? LIMITS.pingIntervalMs;
    this.maxAttempts = options.maxReconnectAttempts ?? LIMITS.reconnectAttempts;
    this.baseDelayMs = options.baseDelayMs ?? LIMITS.reconnectBaseDelayMs;
    this.maxDelayMs = options.maxDelayMs ?? LIMITS.reconnectMaxDelayMs;
  }

  /** Current state (stable object identity between changes, for useSyncExternalStore). */
  getState = (): RealtimeState => this.state;

  /** Subscribes to state changes; returns the unsubscribe function. */
  subscribe = (listener: (state: RealtimeState) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Subscribes to server notices and errors. */
  onToast(listener: (toast: RealtimeToast) => void): () => void {
    this.toastListeners.add(listener);
    return () => this.toastListeners.delete(listener);
  }

  /** Opens the socket (no-op when already started). */
  connect(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.setState({ connection: 'connecting', attempt: 0 });
    this.open();
  }

  /** Starts over after the client gave up (the 'Connection lost' retry button). */
  retryNow(): void {
    if (this.stopped) return this.connect();
    if (this.state.connection === 'connected') return;
    this.clearRetry();
    this.setState({ connection: 'reconnecting', attempt: 0 });
    this.open();
  }

  /** Normal close (code 1000): no reconnect. */
  close(): void {
    this.stopped = true;
    this.clearRetry();
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onclose = null;
      try {
        socket.close(NORMAL_CLOSURE, 'client closed');
      } catch {
        /* ignore */
      }
    }
    this.setState({ connection: 'closed', attempt: 0 });
  }

  /** Sends a `game_action` with a fresh command id; returns false when the socket is not open (nothing is queued). */
  sendAction(action: GameAction): boolean {
    const commandId = newCommandId();
    const message = { type: 'game_action', gameId: this.gameId, userId: this.userId, commandId, action: action.action, data: action.data ?? {} } as ClientMessage;
    if (!this.send(message)) return false;
    const now = this.env.now();
    for (const [id, sent] of this.outbox) if (now - sent.sentAt > RESEND_WINDOW_MS) this.outbox.delete(id);
    this.outbox.set(commandId, { message, sentAt: now });
    return true;
  }

  /** Accepts a snapshot obtained elsewhere (REST); applied when its version is >= the current one. */
  offerSnapshot(snapshot: GameSnapshot): void {
    const current = this.state.snapshot;
    if (current && snapshot.version < current.version) return;
    this.setState({ snapshot });
  }

  private send(message: ClientMessage): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  private open(): void {
    let socket: SocketLike;
    try {
      socket = this.env.createSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.setState({ connection: 'connected', attempt: 0 });
      this.send({ type: 'join_game', gameId: this.gameId, userId: this.userId });
      if (this.wasOpen) this.resend();
      this.wasOpen = true;
      this.startPing();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      this.handleMessage(event.data);
    };
    socket.onerror = () => {
      /* a close event always follows */
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      if (this.stopped) return;
      if (event.code === NORMAL_CLOSURE || event.code === CLOSE_UNAUTHENTICATED) {
        this.stopped = true;
        this.setState({ connection: 'closed', attempt: 0 });
        return;
      }
      if (event.code === CLOSE_SERVICE_RESTART) {
        this.setState({ connection: 'reconnecting', attempt: 0 });
        this.open();
        return;
      }
      this.scheduleReconnect();
    };
  }

  /** After a reconnect: sends again, once, the actions of the last {@link RESEND_WINDOW_MS} no error answered. */
  private resend(): void {
    const now = this.env.now();
    for (const [id, sent] of [...this.outbox]) {
      this.outbox.delete(id);
      if (now - sent.sentAt <= RESEND_WINDOW_MS) this.send(sent.message);
    }
  }

  private scheduleReconnect(): void {
    const attempt = this.state.attempt + 1;
    if (attempt > this.maxAttempts) {
      this.stopped = true;
      this.setState({ connection: 'closed', attempt: 0 });
      return;
    }
    this.setState({ connection: 'reconnecting', attempt });
    this.clearRetry();
    this.retryTimer = this.env.setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, reconnectDelay(attempt, this.baseDelayMs, this.maxDelayMs));
  }

  private handleMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let msg: ServerMessage;
    try {
      msg = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') return;
    if (isSnapshotMessage(msg)) {
      if (msg.gameId && msg.gameId !== this.gameId) return;
      // `messages` replaces the chat, `newMessages` are the lines this change added, and a view with neither leaves the
      // chat as it was (docs/hot-path.md "Chat lines once"); an older view changes nothing (offerSnapshot)
      const chat = this.state.snapshot?.messages ?? [];
      const messages = msg.messages ?? (msg.newMessages ? appendChat(chat, msg.newMessages) : chat);
      this.offerSnapshot({ version: msg.version, view: msg.view, messages });
    } else if (msg.type === 'removed') {
      if (msg.gameId !== this.gameId || (msg.reason !== 'kicked' && msg.reason !== 'left')) return;
      // out of the game for good: stop, and let the screens say why
      this.close();
      this.setState({ removed: msg.reason });
    } else if (msg.type === 'notice') {
      if (msg.notice && typeof msg.notice.code === 'string') this.emitToast({ kind: 'notice', notice: msg.notice });
    } else if (msg.type === 'error' && isErrorBody(msg)) {
      const { type: _type, commandId, ...body } = msg;
      if (commandId) this.outbox.delete(commandId);
      this.emitToast({ kind: 'error', ...body });
    }
    // 'joined', 'pong' and 'theme_shared' need nothing here.
  }

  private emitToast(toast: RealtimeToast): void {
    for (const listener of this.toastListeners) listener(toast);
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = this.env.setInterval(() => this.send({ type: 'ping' }), this.pingIntervalMs);
  }

  private stopPing(): void {
    if (this.pingTimer !== null) this.env.clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.env.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private setState(patch: Partial<RealtimeState>): void {
    const next = { ...this.state, ...patch };
    if (next.connection === this.state.connection && next.snapshot === this.state.snapshot && next.attempt === this.state.attempt && next.removed === this.state.removed) return;
    this.state = next;
    for (const listener of this.listeners) listener(next);
  }
}

interface RegistryEntry {
  client: RealtimeClient;
  refs: number;
  closeTimer: ReturnType<typeof setTimeout> | null;
}

const registry = new Map<string, RegistryEntry>();
/** Grace period so navigating lobby -> game reuses the open socket. */
const RELEASE_GRACE_MS = 3000;

/** Shared client for (gameId, userId): the lobby and game pages use the same socket. */
export function acquireRealtimeClient(gameId: string, userId: string): RealtimeClient {
  const key = `${gameId}:${userId}`;
  let entry = registry.get(key);
  if (!entry) {
    // Only one game at a time: close clients of other games.
    for (const [otherKey, other] of registry) {
      if (other.refs === 0) {
        if (other.closeTimer) clearTimeout(other.closeTimer);
        other.client.close();
        registry.delete(otherKey);
      }
    }
    entry = { client: new RealtimeClient({ url: defaultSocketUrl(), gameId, userId }), refs: 0, closeTimer: null };
    registry.set(key, entry);
  }
  if (entry.closeTimer) {
    clearTimeout(entry.closeTimer);
    entry.closeTimer = null;
  }
  entry.refs += 1;
  entry.client.connect();
  return entry.client;
}

/** Releases a client from {@link acquireRealtimeClient}; the socket closes after a short grace period. */
export function releaseRealtimeClient(client: RealtimeClient): void {
  const key = `${client.gameId}:${client.userId}`;
  const entry = registry.get(key);
  if (!entry || entry.client !== client) return;
  entry.refs = Math.max(0, entry.refs - 1);
  if (entry.refs > 0) return;
  entry.closeTimer = setTimeout(() => {
    if (entry.refs > 0) return;
    entry.client.close();
    registry.delete(key);
  }, RELEASE_GRACE_MS);
}
