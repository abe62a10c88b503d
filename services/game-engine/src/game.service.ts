import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  applyCommand,
  createGame,
  RulesError,
  validateChatMessage,
  type Command,
  type CommandOutcome,
  type GameState,
} from '@nightfall/game-rules';
import { gameActionSchema, seatingSchema, type GameSnapshot } from '@nightfall/protocol';
import { GrpcStatus, rpcError } from '@nightfall/server-kit';
import type { gameV1 } from '@nightfall/contracts';
import { GameEntity } from './game.entity.js';
import { MessageEntity } from './message.entity.js';
import { PlayerEntity } from './player.entity.js';
import { GAME_ENV, GamePublisher } from './game-publisher.service.js';
import { AdminRoleError, adminSetPlayerRole } from './admin-role.js';
import type { GameEnv } from './env.js';

/** Injection token of the clock (epoch ms), replaceable in tests. */
export const CLOCK = Symbol('CLOCK');
export type Clock = () => number;

/** Room code alphabet: no 0/O, 1/I/L. Codes are 6 characters (spec 001 section 9). */
const ROOM_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh 6-character room code from a CSPRNG. */
export function randomRoomCode(): string {
  return Array.from({ length: 6 }, () => ROOM_ALPHABET[randomInt(ROOM_ALPHABET.length)]).join('');
}

const gameNotFound = () => rpcError(GrpcStatus.NOT_FOUND, { code: 'GAME_NOT_FOUND', title: 'Error', message: 'Game not found' });

/** Result of a committed change. */
interface Committed {
  state: GameState;
  version: number;
  outcome: CommandOutcome;
}

/**
 * Games, their commands and deadlines. Every change runs in one transaction that locks the game row
 * (`SELECT ... FOR UPDATE`), so any number of replicas can serve one game (ARCHITECTURE.md principle 3).
 */
@Injectable()
export class GameService {
  private readonly logger = new Logger(GameService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly publisher: GamePublisher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GAME_ENV) private readonly env: GameEnv,
  ) {}

  /**
   * Creates a lobby hosted by `hostUserId` with a unique room code.
   * @throws INVALID_ARGUMENT on a bad display name (rules' message)
   */
  async createGame(hostUserId: string, hostDisplayName: string): Promise<gameV1.GameRef> {
    for (let attempt = 0; ; attempt++) {
      const id = randomUUID();
      const roomCode = randomRoomCode();
      let state: GameState;
      try {
        state = createGame({ id, roomCode, hostId: hostUserId, hostDisplayName, now: this.clock() });
      } catch (err) {
        throw this.toRpc(err);
      }
      try {
        await this.ds.transaction(async (m) => {
          await m.insert(GameEntity, { id, roomCode, hostId: hostUserId, phase: state.phase, themeId: state.themeId, version: 1, state, deadlineAt: null });
          await this.syncPlayers(m, state);
        });
        return { gameId: id, roomCode, displayName: state.players[0]?.displayName ?? hostDisplayName };
      } catch (err) {
        if ((err as { code?: string }).code === '23505' && attempt < 5) continue; // room code taken: draw again
        throw err;
      }
    }
  }

  /** Seats a user in the game with this room code (idempotent). @throws NOT_FOUND, FAILED_PRECONDITION */
  async joinGame(roomCode: string, userId: string, displayName: string): Promise<gameV1.GameRef> {
    const code = (roomCode ?? '').trim().toUpperCase();
    const row = /^[A-Z0-9]{1,6}$/.test(code) ? await this.ds.getRepository(GameEntity).findOne({ where: { roomCode: code }, select: { id: true } }) : null;
    if (!row) throw gameNotFound();
    const done = await this.mutate(row.id, (s, now) => applyCommand(s, { type: 'join', userId, displayName }, { now, seed: newSeed() }));
    const me = done.state.players.find((p) => p.userId === userId);
    return { gameId: row.id, roomCode: code, displayName: me?.displayName ?? displayName };
  }

  /**
   * The viewer's snapshot. @throws NOT_FOUND 'Game not found', PERMISSION_DENIED 'Player not found'
   */
  async getSnapshot(gameId: string, viewerId: string): Promise<GameSnapshot> {
    const row = isUuid(gameId) ? await this.ds.getRepository(GameEntity).findOneBy({ id: gameId }) : null;
    if (!row) throw gameNotFound();
    if (!row.state.players.some((p) => p.userId === viewerId)) {
      throw rpcError(GrpcStatus.PERMISSION_DENIED, { code: 'PLAYER_NOT_FOUND', title: 'Error', message: 'Player not found' });
    }
    return this.publisher.snapshot(row.state, row.version, viewerId, await this.publisher.messages(gameId));
  }

  /**
   * Applies one client action (spec 000 section 7 `game_action`, plus `update_seating`).
   * @param dataJson the action's JSON data
   * @returns the new version and an optional notice for the actor ('Bot Added'...)
   * @throws INVALID_ARGUMENT on a malformed action, FAILED_PRECONDITION with the rules' error
   */
  async execute(gameId: string, userId: string, action: string, dataJson: string): Promise<gameV1.ExecuteCommandResponse> {
    if (!isUuid(gameId)) throw gameNotFound();
    let data: unknown;
    try {
      data = dataJson ? JSON.parse(dataJson) : {};
    } catch {
      throw badInput('Malformed action data');
    }
    if (action === 'admin_set_player_role') {
      // Only the gateway sends this, after checking the caller is an admin (it is not a client action).
      const d = (data ?? {}) as { playerId?: unknown; newRole?: unknown };
      if (typeof d.playerId !== 'string' || typeof d.newRole !== 'string') throw badInput('Failed to update player role');
      const done = await this.mutate(gameId, (s) => ({ state: adminSetPlayerRole(s, d.playerId as string, d.newRole as string), event: 'game_updated', systemMessages: [] }));
      return { version: done.version, noticeTitle: 'Role Updated', noticeMessage: '' };
    }
    if (action === 'send_message') {
      const parsed = gameActionSchema.safeParse({ action, data });
      if (!parsed.success || parsed.data.action !== 'send_message') throw badInput('Malformed message');
      return this.sendMessage(gameId, userId, parsed.data.data.content);
    }
    const command = this.toCommand(userId, action, data);
    const done = await this.mutate(gameId, (s, now) => applyCommand(s, command, { now, seed: newSeed() }));
    return { version: done.version, noticeTitle: done.outcome.notice?.title ?? '', noticeMessage: done.outcome.notice?.message ?? '' };
  }

  /**
   * Counts a player's open realtime connections (presence, shown as the online dot). Not a rule:
   * the counter lives on the player's state and never goes below 0.
   * @param delta +1 (first connection on a gateway) or -1 (last one closed)
   * @throws NOT_FOUND 'Game not found', PERMISSION_DENIED 'Player not found'
   */
  async updatePresence(gameId: string, userId: string, delta: number): Promise<gameV1.UpdatePresenceResponse> {
    if (!isUuid(gameId)) throw gameNotFound();
    const step = Math.sign(delta);
    const done = await this.mutate(gameId, (s) => {
      const next = structuredClone(s);
      const p = next.players.find((x) => x.userId === userId);
      if (!p) throw rpcError(GrpcStatus.PERMISSION_DENIED, { code: 'PLAYER_NOT_FOUND', title: 'Error', message: 'Player not found' });
      p.connections = Math.max(0, (p.connections ?? 0) + step);
      return { state: next, event: 'game_updated', systemMessages: [] };
    });
    return { version: done.version };
  }

  /** Maps a protocol action to a rules Command. @throws INVALID_ARGUMENT */
  private toCommand(userId: string, action: string, data: unknown): Command {
    if (action === 'update_seating') {
      const s = seatingSchema.safeParse(data);
      if (!s.success) throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'INVALID_SEATING', title: 'Error', message: 'Failed to rearrange seating' });
      return { type: 'update_seating', userId, newSeatingOrder: s.data.newSeatingOrder };
    }
    const parsed = gameActionSchema.safeParse({ action, data: data ?? undefined });
    if (!parsed.success) throw badInput(`Invalid ${action || 'action'}`);
    const a = parsed.data;
    switch (a.action) {
      case 'update_role_selection':
        return { type: 'update_role_selection', userId, roles: a.data.roles as never };
      case 'update_game_settings':
        return { type: 'update_game_settings', userId, discussionTime: a.data.discussionTime };
      case 'add_bot':
        return { type: 'add_bot', userId, botUserId: `bot-${randomUUID()}` };
      case 'remove_bot':
        return { type: 'remove_bot', userId, botUserId: a.data.botUserId };
      case 'submit_action':
        return { type: 'submit_action', userId, action: a.data };
      case 'submit_vote':
        return { type: 'submit_vote', userId, targetUserId: a.data.targetUserId };
      case 'start_game':
      case 'ready_next_phase':
      case 'play_again':
      case 'force_discussion_end':
        return { type: a.action, userId };
      default:
        throw badInput(`Unsupported action ${a.action}`);
    }
  }

  /** Posts a chat message (trimmed, 1-200 characters; spec 000 section 5) and bumps the version. */
  private async sendMessage(gameId: string, userId: string, content: string): Promise<gameV1.ExecuteCommandResponse> {
    let clean = '';
    const done = await this.mutate(
      gameId,
      (s) => {
        clean = validateChatMessage(s, userId, content);
        return { state: s, event: 'game_updated', systemMessages: [] };
      },
      async (m, s) => {
        const me = s.players.find((p) => p.userId === userId)!;
        await m.insert(MessageEntity, {
          gameId,
          userId,
          displayName: me.displayName,
          content: clean,
          messageType: 'chat',
          label: null,
          timestamp: new Date(this.clock()),
        });
      },
    );
    return { version: done.version, noticeTitle: '', noticeMessage: '' };
  }

  /**
   * Runs `fn` on the locked game row inside a transaction, stores the new state, then publishes.
   * @param after extra writes in the same transaction (e.g. a chat message)
   */
  private async mutate(
    gameId: string,
    fn: (state: GameState, now: number) => CommandOutcome,
    after?: (m: EntityManager, state: GameState) => Promise<void>,
  ): Promise<Committed> {
    const done = await this.ds.transaction((m) => this.applyLocked(m, gameId, fn, after));
    if (!done) throw gameNotFound();
    await this.publisher.publish(done.state, done.version, done.outcome.event);
    return done;
  }

  /** Locks the row (FOR UPDATE), applies `fn`, writes state, players projection and system messages. */
  private async applyLocked(
    m: EntityManager,
    gameId: string,
    fn: (state: GameState, now: number) => CommandOutcome,
    after?: (m: EntityManager, state: GameState) => Promise<void>,
  ): Promise<Committed | null> {
    const row = await m.getRepository(GameEntity).createQueryBuilder('g').setLock('pessimistic_write').where('g.id = :id', { id: gameId }).getOne();
    if (!row) return null;
    const now = this.clock();
    let outcome: CommandOutcome;
    try {
      outcome = fn(row.state, now);
    } catch (err) {
      throw this.toRpc(err);
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
    for (const sm of outcome.systemMessages) {
      await m.insert(MessageEntity, { gameId, userId: null, displayName: sm.label, content: sm.content, messageType: 'system', label: sm.label, timestamp: new Date(now) });
    }
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

  /**
   * Applies every due phase deadline (discussion -> vote, vote -> results), one game per transaction,
   * taking only rows no other replica holds (`FOR UPDATE SKIP LOCKED`). Because the transition clears
   * or moves `deadline_at` in the same transaction, a deadline fires exactly once, also after a restart.
   * @param max upper bound of games handled in this sweep
   * @returns number of games advanced
   */
  async sweepDeadlines(max = 50): Promise<number> {
    let handled = 0;
    const schema = this.env.DATABASE_SCHEMA;
    for (; handled < max; handled++) {
      const done = await this.ds.transaction(async (m) => {
        const due: Array<{ id: string }> = await m.query(
          `SELECT id FROM "${schema}"."games" WHERE deadline_at IS NOT NULL AND deadline_at <= $1 ORDER BY deadline_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [new Date(this.clock())],
        );
        const id = due[0]?.id;
        if (!id) return null;
        try {
          return await this.applyLocked(m, id, (s, now) => applyCommand(s, { type: 'deadline' }, { now, seed: newSeed() }));
        } catch (err) {
          // A stale deadline column (state has none due): realign it so the sweep does not spin.
          const row = await m.findOneBy(GameEntity, { id });
          const deadline = row?.state.deadlineAt ?? null;
          await m.update(GameEntity, { id }, { deadlineAt: deadline && deadline > this.clock() ? new Date(deadline) : null });
          this.logger.warn(`deadline of game ${id} not applied: ${(err as Error).message}`);
          return { skipped: true } as const;
        }
      });
      if (!done) break;
      if ('skipped' in done) continue;
      await this.publisher.publish(done.state, done.version, done.outcome.event);
    }
    return handled;
  }

  /** Converts a RulesError into the gRPC error the gateway turns into the spec's toast. */
  private toRpc(err: unknown): unknown {
    if (err instanceof RulesError || err instanceof AdminRoleError) {
      return rpcError(GrpcStatus.FAILED_PRECONDITION, { code: err.code, title: err.title, message: err.message });
    }
    return err;
  }
}

/** The player fields the `players` table projects; the table is rewritten only when they change. */
function projectionKey(state: GameState): string {
  return JSON.stringify(state.players.map((p) => [p.userId, p.displayName, p.seatPosition, p.isBot, p.originalRole, p.currentRole]));
}

function newSeed(): string {
  return randomBytes(16).toString('hex');
}

function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s ?? '');
}

function badInput(message: string) {
  return rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'INVALID_INPUT', title: 'Error', message });
}
