import { Injectable, Logger } from '@nestjs/common';
import { playerView, type GameState } from '@nightfall/game-rules';
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
 */
@Injectable()
export class GamePublisher {
  private readonly logger = new Logger(GamePublisher.name);

  constructor(
    private readonly nats: NatsClient,
    private readonly chat: ChatService,
  ) {}

  /** One viewer's snapshot at `version` (playerView strips every secret the viewer may not see). */
  snapshot(state: GameState, version: number, viewerId: string, messages: ChatMessage[]): GameSnapshot {
    return { version, view: playerView(state, viewerId), messages };
  }

  /** Publishes every human player's view and the public event of a committed change. Never throws. */
  async publish(state: GameState, version: number, kind: GameEventKind): Promise<void> {
    try {
      // Right after start-up the first connection may still be in progress: wait briefly for it.
      if (!(await this.nats.ready(PUBLISH_WAIT_MS))) throw new Error('NATS is not connected');
      const messages = await this.chat.recent(state.id);
      for (const p of state.players) {
        if (p.isBot) continue;
        const event: GameViewEvent = { v: 1, gameId: state.id, userId: p.userId, kind, snapshot: this.snapshot(state, version, p.userId, messages) };
        this.nats.publish(gameViewSubject(state.id, p.userId), JSON.stringify(event));
      }
      const pub: GamePublicEvent = { v: 1, gameId: state.id, version, kind, phase: state.phase };
      this.nats.publish(gameEventSubject(state.id), JSON.stringify(pub));
    } catch (err) {
      // The change is committed; clients catch up by version on their next (re)join.
      this.logger.error(`publish failed for game ${state.id} v${version}: ${(err as Error).message}`);
    }
  }
}
