import { Inject, Injectable, Logger } from '@nestjs/common';
import { isAdminViewer, playerView, sharedView, viewerView, type GameState, type RemovedPlayer } from '@nightfall/game-rules';
import { encodeViewBatch, gameViewsSubject, VIEW_HEADER, type ChatMessage, type GameEventKind, type GameSnapshot, type RemovedMessage, type ViewBatchEntry } from '@nightfall/protocol';
import { NatsClient } from '@nightfall/server-kit';
import { advertisedAddress, GAME_ENV, type GameEnv } from '../env.js';

/**
 * Builds per-player views and publishes them on NATS after a commit, one view batch (`ViewBatch`) per change on
 * `game.<id>.views` (docs/hot-path.md "One view batch per change"); each viewer's message in it holds only what
 * that viewer may see, and a gateway forwards to a socket only its own player's message (docs/architecture.md
 * "Guarantees"). The game's admin viewers
 * (`GameState.adminViewers`, kept by SetAdminViewer on the gateway's word) get the admin view
 * (`playerView(..., {admin: true})`: every card, the center, every action); nobody else does.
 *
 * Each viewer's message is the socket message itself (docs/hot-path.md "Views as ready bytes"): the JSON of
 * `{type, gameId, version, view, messages?}`, with the version (and the standing theme offer's sha256) in the
 * batch's NATS headers, so the gateway forwards the bytes without parsing them; a header also names this
 * replica's gRPC address, so the gateway sends the game's next calls here. `messages` (the chat) is present
 * only when this change added messages; a view without it leaves the client's chat as it was.
 */
@Injectable()
export class GamePublisher {
  private readonly logger = new Logger(GamePublisher.name);
  private readonly engine: string;

  constructor(
    private readonly nats: NatsClient,
    @Inject(GAME_ENV) env: GameEnv,
  ) {
    this.engine = advertisedAddress(env);
  }

  /**
   * One viewer's snapshot at `version`: playerView strips every secret the viewer may not see, unless the
   * viewer is one of the game's admin viewers (docs/rules.md "Player view").
   */
  snapshot(state: GameState, version: number, viewerId: string, messages: ChatMessage[]): GameSnapshot {
    return { version, view: viewOf(state, viewerId), messages };
  }

  /**
   * The users a change is published to: every human player, the admin viewers who are not seated, and the
   * spectators (docs/rules.md "Spectators": their view is the public one).
   */
  viewers(state: GameState): string[] {
    const ids = state.players.filter((p) => !p.isBot).map((p) => p.userId);
    for (const id of state.adminViewers ?? []) if (!ids.includes(id)) ids.push(id);
    for (const w of state.spectators ?? []) if (!ids.includes(w.userId)) ids.push(w.userId);
    return ids;
  }

  /**
   * Publishes every viewer's view (see {@link viewers}) of a committed change, synchronously (views of one
   * game leave in version order). Never throws: a view that cannot be published (no NATS connection yet)
   * is logged; clients catch up on their next (re)join.
   * @param chat the views' chat (docs/hot-path.md "Chat lines once"): `{added}`, the lines this change added (the
   *   views carry them as `newMessages`), `{whole}`, the game's newest lines (as `messages`: they replace the
   *   client's chat), or null when the chat did not change
   * @param removed players the change took out of the game: each gets a `removed` message instead of a view
   */
  publish(state: GameState, version: number, kind: GameEventKind, chat: ViewChat | null, removed: readonly RemovedPlayer[] = []): void {
    // While NATS reconnects, the client buffers what is published; the gateways also re-send every socket a
    // snapshot after their own reconnect. Before the first connection there is nothing to publish to.
    try {
      const offer = state.themeOffered && state.sharedTheme ? state.sharedTheme.sha256 : '';
      // one message per change: every viewer's view, and the `removed` message of each player the change took out
      // of the game (docs/rules.md "Kick and leave"), in one batch (docs/hot-path.md "One view batch per change")
      const batch = viewBatch(state, version, kind, this.viewers(state), chat, removed);
      this.nats.publishWithHeaders(gameViewsSubject(state.id), batch, {
        [VIEW_HEADER.version]: String(version),
        [VIEW_HEADER.engine]: this.engine,
        ...(offer ? { [VIEW_HEADER.offer]: offer } : {}),
      });
    } catch (err) {
      this.logger.error(`publish failed for game ${state.id} v${version}: ${(err as Error).message}`);
    }
  }
}

/**
 * The chat a change's views carry (docs/hot-path.md "Chat lines once"): the lines it added, which each client
 * appends, or the game's newest lines, which replace each client's chat.
 */
export type ViewChat = { added: readonly ChatMessage[] } | { whole: readonly ChatMessage[] };

/** A start no viewer of the change uses. */
const EMPTY = new Uint8Array(0);

/**
 * The socket messages of one change as one view batch (`ViewBatch` of @nightfall/protocol; docs/hot-path.md "One
 * view batch per change"): each viewer's message is the UTF-8 JSON of `{type, gameId, version, view, messages?}`
 * where `view` is {@link viewOf} the viewer. The batch holds one start per kind of viewer (the message up to and
 * with the game and the public players: `sharedView`, serialised and encoded once per change), the end (the chat,
 * encoded once) and each viewer's own part (`viewerView`), so a table of N humans serialises and publishes the
 * shared part once instead of N times. A viewer's message rebuilt from the batch equals `JSON.stringify({type,
 * gameId, version, view: viewOf(state, viewer), messages?})`; each removed player's entry is their whole `removed`
 * message.
 * @param chat the chat to carry ({@link ViewChat}: `newMessages` or `messages`), or null when the change added none (the
 *   view then leaves the chat out)
 * @param removed players the change took out of the game (not among the viewers)
 */
export function viewBatch(state: GameState, version: number, kind: GameEventKind, viewerIds: readonly string[], chat: ViewChat | null, removed: readonly RemovedPlayer[] = []): Uint8Array {
  const starts: [Uint8Array, Uint8Array] = [EMPTY, EMPTY];
  const entries: ViewBatchEntry[] = viewerIds.map((userId) => {
    const admin = isAdminViewer(state, userId);
    const i = admin ? 1 : 0;
    if (starts[i] === EMPTY) {
      const shared = JSON.stringify(sharedView(state, { admin }));
      starts[i] = Buffer.from(`{"type":"${kind}","gameId":"${state.id}","version":${version},"view":${shared.slice(0, -1)},`);
    }
    return { userId, kind: i, part: Buffer.from(JSON.stringify(viewerView(state, userId, { admin })).slice(1)) };
  });
  for (const r of removed) {
    const msg: RemovedMessage = { type: 'removed', gameId: state.id, version, reason: r.reason };
    entries.push({ userId: r.userId, kind: 2, part: Buffer.from(JSON.stringify(msg)) });
  }
  // the chat is the same for every viewer: encoded once
  const end = chat === null ? '}' : 'added' in chat ? `,"newMessages":${JSON.stringify(chat.added)}}` : `,"messages":${JSON.stringify(chat.whole)}}`;
  return encodeViewBatch({ starts, end: Buffer.from(end) }, entries);
}

/** One viewer's view: the admin view for the game's admin viewers, else their own player view. */
function viewOf(state: GameState, viewerId: string): ReturnType<typeof playerView> {
  return playerView(state, viewerId, { admin: isAdminViewer(state, viewerId) });
}
