import { Injectable, Logger } from '@nestjs/common';
import { isAdminViewer, playerView, type GameState } from '@nightfall/game-rules';
import {
  gameEventSubject,
  gameViewSubject,
  type ChatMessage,
  type GameEventKind,
  type GamePublicEvent,
  type GameSnapshot,
  type GameViewEvent,
} from '@nightfall/protocol';
import { NatsClient } from '@nightfall/server-kit';
import { ChatService } from '../chat/chat.service.js';

/** How long a publish waits for the first NATS connection after start-up, ms. */
const PUBLISH_WAIT_MS = 2000;

/**
 * Builds per-player snapshots and publishes them on NATS after a committed change
 * (docs/architecture.md "Guarantees": each subject `game.<id>.view.<userId>` carries only that player's view).
 * The game's admin viewers (`GameState.adminViewers`, kept by SetAdminViewer on the gateway's word) get
 * the admin view (`playerView(..., {admin: true})`: every card, the center, every action); nobody else does.
 */
@Injectable()
export class GamePublisher {
  private readonly logger = new Logger(GamePublisher.name);

  constructor(
    private readonly nats: NatsClient,
    private readonly chat: ChatService,
  ) {}

  /**
   * One viewer's snapshot at `version`: playerView strips every secret the viewer may not see, unless the
   * viewer is one of the game's admin viewers (docs/rules.md "Player view").
   */
  snapshot(state: GameState, version: number, viewerId: string, messages: ChatMessage[]): GameSnapshot {
    return { version, view: playerView(state, viewerId, { admin: isAdminViewer(state, viewerId) }), messages };
  }

  /** The users a change is published to: every human player, then the admin viewers who are not seated. */
  viewers(state: GameState): string[] {
    const ids = state.players.filter((p) => !p.isBot).map((p) => p.userId);
    for (const id of state.adminViewers ?? []) if (!ids.includes(id)) ids.push(id);
    return ids;
  }

  /** Publishes every viewer's view (see {@link viewers}) and the public event of a committed change. Never throws. */
  async publish(state: GameState, version: number, kind: GameEventKind): Promise<void> {
    try {
      // Right after start-up the first connection may still be in progress: wait briefly for it.
      if (!(await this.nats.ready(PUBLISH_WAIT_MS))) throw new Error('NATS is not connected');
      const messages = await this.chat.recent(state.id);
      for (const userId of this.viewers(state)) {
        const event: GameViewEvent = { v: 1, gameId: state.id, userId, kind, snapshot: this.snapshot(state, version, userId, messages) };
        this.nats.publish(gameViewSubject(state.id, userId), JSON.stringify(event));
      }
      const pub: GamePublicEvent = { v: 1, gameId: state.id, version, kind, phase: state.phase };
      this.nats.publish(gameEventSubject(state.id), JSON.stringify(pub));
    } catch (err) {
      // The change is committed; clients catch up by version on their next (re)join.
      this.logger.error(`publish failed for game ${state.id} v${version}: ${(err as Error).message}`);
    }
  }
}
