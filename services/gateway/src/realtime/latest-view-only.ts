import type { WebSocket } from 'ws';

/** A view waiting for its socket to drain: its bytes (the socket message) and its version. */
export interface HeldView<T = unknown> {
  version: number;
  /** What the caller needs to send it later (the NATS message). */
  view: T;
}

/** The pacing state of one socket (part of its SocketState). */
export interface PacingState<T = unknown> {
  /** The newest view not sent yet because the socket was behind. */
  held?: HeldView<T>;
  /** True when a held view was replaced by a newer one: the chat lines it carried were never sent. */
  skipped?: boolean;
  /** When the socket fell behind, ms since the epoch. */
  behindSince?: number;
  /** The pending drain check. */
  drainTimer?: NodeJS.Timeout;
}

/** Options of {@link LatestViewOnly}. */
export interface LatestViewOnlyOptions {
  /** Queued bytes above which views are held instead of sent (default 64 KiB). */
  holdAboveBytes?: number;
  /** How often a behind socket is checked, ms (default 100). */
  checkMs?: number;
  /** A socket behind for longer than this is closed with 1013 and reconnects from a snapshot, ms (default 30 s). */
  giveUpMs?: number;
}

/**
 * Backpressure for slow sockets, "latest view only" (docs/faults.md "Slow sockets"). Every view is the
 * player's whole state (only the chat comes in pieces), so a socket whose queue is over `holdAboveBytes`
 * gets no more views queued: the newest one is held (each newer view replaces it), and once the socket has
 * drained, that one view is sent. When a held view was replaced, the lines of chat it carried were never
 * sent, so the caller sends a whole snapshot (with the chat) instead. A socket that stays behind for
 * `giveUpMs` is closed with 1013 (the client reconnects and gets a snapshot). The gateway's memory per slow
 * socket is thus bounded by one view, whatever the game publishes.
 */
export class LatestViewOnly {
  private readonly holdAboveBytes: number;
  private readonly checkMs: number;
  private readonly giveUpMs: number;

  constructor(o: LatestViewOnlyOptions = {}) {
    this.holdAboveBytes = o.holdAboveBytes ?? 64 * 1024;
    this.checkMs = o.checkMs ?? 100;
    this.giveUpMs = o.giveUpMs ?? 30_000;
  }

  /**
   * Sends a view now (`send` is called at once) or holds it as the socket's newest.
   * @param send sends a view on the socket
   * @param catchUp called once the socket has drained, with the newest held view and whether older held views
   *   were dropped (then the caller should send a whole snapshot instead)
   * @returns true when sent now, false when held
   */
  offer<T>(socket: WebSocket, st: PacingState<T>, held: HeldView<T>, send: (h: HeldView<T>) => void, catchUp: (h: HeldView<T>, skipped: boolean) => void): boolean {
    if (!st.held && socket.bufferedAmount <= this.holdAboveBytes) {
      send(held);
      return true;
    }
    if (st.held) st.skipped = true;
    else st.behindSince = Date.now();
    st.held = held;
    if (!st.drainTimer) this.schedule(socket, st, catchUp);
    return false;
  }

  /** Forgets what a socket held (it left the game or closed). */
  reset(st: PacingState): void {
    if (st.drainTimer) clearTimeout(st.drainTimer);
    st.drainTimer = undefined;
    st.held = undefined;
    st.skipped = undefined;
    st.behindSince = undefined;
  }

  private schedule<T>(socket: WebSocket, st: PacingState<T>, catchUp: (h: HeldView<T>, skipped: boolean) => void): void {
    st.drainTimer = setTimeout(() => {
      st.drainTimer = undefined;
      if (socket.readyState !== 1 || !st.held) return this.reset(st);
      if (socket.bufferedAmount > this.holdAboveBytes) {
        if (Date.now() - (st.behindSince ?? 0) > this.giveUpMs) {
          this.reset(st);
          socket.close(1013, 'too slow');
          return;
        }
        return this.schedule(socket, st, catchUp);
      }
      const held = st.held;
      const skipped = st.skipped === true;
      this.reset(st);
      catchUp(held, skipped);
    }, this.checkMs);
    st.drainTimer.unref?.();
  }
}
