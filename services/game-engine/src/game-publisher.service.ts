import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import { playerView, type GameEventKind, type GameState } from '@nightfall/game-rules';
import {
  gameEventSubject,
  gameViewSubject,
  type ChatMessage,
  type GamePublicEvent,
  type GameSnapshot,
  type GameViewEvent,
} from '@nightfall/protocol';
import { MessageEntity } from './message.entity.js';
import type { GameEnv } from './env.js';

/** Injection token of the validated environment. */
export const GAME_ENV = Symbol('GAME_ENV');

/**
 * Builds per-player snapshots and publishes them on NATS after a committed change
 * (ARCHITECTURE.md principle 1: each subject `game.<id>.view.<userId>` carries only that player's view).
 */
@Injectable()
export class GamePublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(GamePublisher.name);
  private nc: NatsConnection | null = null;
  private connecting: Promise<NatsConnection> | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(GAME_ENV) private readonly env: GameEnv,
  ) {}

  /** The shared NATS connection (connects on first use; reconnects forever, as the client does by default). */
  async connection(): Promise<NatsConnection> {
    if (this.nc) return this.nc;
    this.connecting ??= connect({ servers: this.env.NATS_URL.split(','), name: 'game-engine', maxReconnectAttempts: -1 }).then((nc) => {
      this.nc = nc;
      return nc;
    });
    return this.connecting;
  }

  /** The newest chat/system messages of a game, oldest first (at most SNAPSHOT_MESSAGES). */
  async messages(gameId: string): Promise<ChatMessage[]> {
    const rows = await this.ds.getRepository(MessageEntity).find({
      where: { gameId },
      order: { timestamp: 'DESC' },
      take: this.env.SNAPSHOT_MESSAGES,
    });
    return rows.reverse().map((m) => ({
      id: m.id,
      gameId: m.gameId,
      userId: m.userId,
      displayName: m.displayName,
      content: m.content,
      messageType: m.messageType,
      ...(m.label ? { label: m.label } : {}),
      timestamp: m.timestamp.getTime(),
    }));
  }

  /** One viewer's snapshot at `version` (playerView strips every secret the viewer may not see). */
  snapshot(state: GameState, version: number, viewerId: string, messages: ChatMessage[]): GameSnapshot {
    return { version, view: playerView(state, viewerId), messages };
  }

  /** Publishes every human player's view and the public event of a committed change. */
  async publish(state: GameState, version: number, kind: GameEventKind): Promise<void> {
    try {
      const nc = await this.connection();
      const messages = await this.messages(state.id);
      for (const p of state.players) {
        if (p.isBot) continue;
        const event: GameViewEvent = { v: 1, gameId: state.id, userId: p.userId, kind, snapshot: this.snapshot(state, version, p.userId, messages) };
        nc.publish(gameViewSubject(state.id, p.userId), JSON.stringify(event));
      }
      const pub: GamePublicEvent = { v: 1, gameId: state.id, version, kind, phase: state.phase };
      nc.publish(gameEventSubject(state.id), JSON.stringify(pub));
    } catch (err) {
      // The change is committed; clients catch up by version on their next (re)join.
      this.logger.error(`publish failed for game ${state.id} v${version}: ${(err as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.nc) await this.nc.drain().catch(() => undefined);
  }
}
