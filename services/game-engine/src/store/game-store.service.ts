import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { RulesError, type CommandOutcome, type GameState } from '@nightfall/game-rules';
import { CLOCK, GrpcStatus, isUuid, rpcError, type Clock } from '@nightfall/server-kit';
import { ChatService, systemMessageRow } from '../chat/chat.service.js';
import { gameNotFound } from '../game-error-code.js';
import { GamePublisher } from '../publishing/game-publisher.service.js';
import { GameEntity } from './game.entity.js';
import { PlayerEntity } from './player.entity.js';

/** A change that was committed. */
export interface Committed {
  state: GameState;
  /** The game's version after the change. */
  version: number;
  outcome: CommandOutcome;
}

/** A change to apply to a locked game: pure, from the state and the time (epoch ms). */
export type GameChange = (state: GameState, now: number) => CommandOutcome;

/** Extra writes in the same transaction as a change (a chat message). */
export type AfterChange = (m: EntityManager, state: GameState) => Promise<void>;

/**
 * The game store (docs/architecture.md "How a move travels"): every change runs in one transaction
 * that locks the game row (`SELECT ... FOR UPDATE`), applies a pure change, writes the state, the
 * version, the deadline column, the players projection (only when its fields change) and the system
 * messages, commits, then publishes the players' views. Any number of replicas can serve one game.
 */
@Injectable()
export class GameStore {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly publisher: GamePublisher,
    private readonly chat: ChatService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The stored game, or null for an unknown or malformed id. */
  async find(gameId: string): Promise<{ state: GameState; version: number } | null> {
    if (!isUuid(gameId)) return null;
    const row = await this.ds.getRepository(GameEntity).findOneBy({ id: gameId });
    return row ? { state: row.state, version: row.version } : null;
  }

  /** The id of the game with this room code (codes are 1-6 of A-Z and 0-9), or null. */
  async idOfRoom(roomCode: string): Promise<string | null> {
    if (!/^[A-Z0-9]{1,6}$/.test(roomCode)) return null;
    const row = await this.ds.getRepository(GameEntity).findOne({ where: { roomCode }, select: { id: true } });
    return row?.id ?? null;
  }

  /**
   * Inserts a new game at version 1 with its players projection.
   * @throws the driver's unique violation (code 23505) when the room code is taken
   */
  async insert(state: GameState): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.insert(GameEntity, { id: state.id, roomCode: state.roomCode, hostId: state.hostId, phase: state.phase, themeId: state.themeId, version: 1, state, deadlineAt: null });
      await this.syncPlayers(m, state);
    });
  }

  /**
   * Applies `change` to the locked game, commits, then publishes.
   * @param after extra writes in the same transaction (e.g. a chat message)
   * @throws NOT_FOUND 'Game not found'; FAILED_PRECONDITION with the rules' error (nothing changed)
   */
  async mutate(gameId: string, change: GameChange, after?: AfterChange): Promise<Committed> {
    if (!isUuid(gameId)) throw gameNotFound();
    const done = await this.ds.transaction((m) => this.applyLocked(m, gameId, change, after));
    if (!done) throw gameNotFound();
    await this.publisher.publish(done.state, done.version, done.outcome.event);
    return done;
  }

  /**
   * Applies the change of the one due deadline that no other replica holds (`FOR UPDATE SKIP LOCKED`).
   * Because the transition clears or moves `deadline_at` in the same transaction, a deadline fires
   * exactly once, also after a restart. A stale deadline column (the state has none due) is realigned.
   * @param schema the game schema (DATABASE_SCHEMA)
   * @returns 'none' when nothing is due, 'skipped' for a realigned stale row, else the committed change
   */
  async applyDueDeadline(schema: string, change: GameChange): Promise<Committed | 'none' | 'skipped'> {
    const done = await this.ds.transaction(async (m): Promise<Committed | 'none' | 'skipped'> => {
      const due: Array<{ id: string }> = await m.query(
        `SELECT id FROM "${schema}"."games" WHERE deadline_at IS NOT NULL AND deadline_at <= $1 ORDER BY deadline_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [new Date(this.clock())],
      );
      const id = due[0]?.id;
      if (!id) return 'none';
      try {
        return (await this.applyLocked(m, id, change)) ?? 'none';
      } catch {
        const row = await m.findOneBy(GameEntity, { id });
        const deadline = row?.state.deadlineAt ?? null;
        await m.update(GameEntity, { id }, { deadlineAt: deadline && deadline > this.clock() ? new Date(deadline) : null });
        return 'skipped';
      }
    });
    if (typeof done !== 'string') await this.publisher.publish(done.state, done.version, done.outcome.event);
    return done;
  }

  /** Locks the row (FOR UPDATE), applies `change`, writes state, players projection and system messages. */
  private async applyLocked(m: EntityManager, gameId: string, change: GameChange, after?: AfterChange): Promise<Committed | null> {
    const row = await m.getRepository(GameEntity).createQueryBuilder('g').setLock('pessimistic_write').where('g.id = :id', { id: gameId }).getOne();
    if (!row) return null;
    const now = this.clock();
    let outcome: CommandOutcome;
    try {
      outcome = change(row.state, now);
    } catch (err) {
      throw toRpc(err);
    }
    const next = outcome.state;
    const version = row.version + 1;
    if (next === row.state) {
      // Nothing in the rules state changed (a chat message): only the version moves.
      await m.update(GameEntity, { id: gameId }, { version });
    } else {
      await m.update(GameEntity, { id: gameId }, {
        state: next as never,
        version,
        phase: next.phase,
        deadlineAt: next.deadlineAt === null ? null : new Date(next.deadlineAt),
      });
      if (projectionKey(next) !== projectionKey(row.state)) await this.syncPlayers(m, next);
    }
    await this.chat.insert(
      m,
      outcome.systemMessages.map((sm) => systemMessageRow(gameId, sm, now)),
    );
    if (after) await after(m, next);
    return { state: next, version, outcome };
  }

  /** Rewrites the players projection of a game from its state. */
  private async syncPlayers(m: EntityManager, state: GameState): Promise<void> {
    await m.delete(PlayerEntity, { gameId: state.id });
    if (state.players.length === 0) return;
    await m.insert(
      PlayerEntity,
      state.players.map((p) => ({
        gameId: state.id,
        userId: p.userId,
        displayName: p.displayName,
        seatPosition: p.seatPosition,
        isBot: p.isBot,
        originalRole: p.originalRole,
        currentRole: p.currentRole,
        joinedAt: new Date(p.joinedAt),
      })),
    );
  }
}

/** The player fields the `players` table projects; the table is rewritten only when they change. */
function projectionKey(state: GameState): string {
  return JSON.stringify(state.players.map((p) => [p.userId, p.displayName, p.seatPosition, p.isBot, p.originalRole, p.currentRole]));
}

/** A rules error as the gRPC error the gateway turns into the spec's toast. */
export function toRpc(err: unknown): unknown {
  if (err instanceof RulesError) {
    return rpcError(GrpcStatus.FAILED_PRECONDITION, { code: err.code, title: err.title, message: err.message });
  }
  return err;
}
