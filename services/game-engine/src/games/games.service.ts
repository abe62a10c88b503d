import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { applyCommand, createGame, validateChatMessage, type GameState } from '@nightfall/game-rules';
import { LIMITS, type GameSnapshot } from '@nightfall/protocol';
import { CLOCK, type Clock } from '@nightfall/server-kit';
import type { gameV1 } from '@nightfall/contracts';
import { ChatService } from '../chat/chat.service.js';
import { chatContentOf, parseActionData, toCommand } from '../commands/command-mapper.js';
import { badInput, gameNotFound, playerNotFound } from '../game-error-code.js';
import { GamePublisher } from '../publishing/game-publisher.service.js';
import { GameStore, toRpc } from '../store/game-store.service.js';
import { adminSetPlayerRole } from './admin-role.js';

/** Room code alphabet: no 0/O, 1/I/L (spec 001 section 9). */
const ROOM_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh room code of LIMITS.roomCodeLength (6) characters from a CSPRNG. */
export function randomRoomCode(): string {
  return Array.from({ length: LIMITS.roomCodeLength }, () => ROOM_ALPHABET[randomInt(ROOM_ALPHABET.length)]).join('');
}

/** A fresh seed for the rules engine's RNG (docs/rules.md "Setup and deal"): 16 random bytes, hex. */
function newSeed(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The games' use cases behind the gRPC API: create, join, the viewer's snapshot, and commands
 * (rules commands, chat, the admin's role change). Every change goes through the {@link GameStore}.
 */
@Injectable()
export class GamesService {
  constructor(
    private readonly store: GameStore,
    private readonly chat: ChatService,
    private readonly publisher: GamePublisher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Creates a lobby hosted by `hostUserId` with a unique room code (drawn again when taken).
   * @throws FAILED_PRECONDITION on a bad display name (rules' message)
   */
  async createGame(hostUserId: string, hostDisplayName: string): Promise<gameV1.GameRef> {
    for (let attempt = 0; ; attempt++) {
      let state: GameState;
      try {
        state = createGame({ id: randomUUID(), roomCode: randomRoomCode(), hostId: hostUserId, hostDisplayName, now: this.clock() });
      } catch (err) {
        throw toRpc(err);
      }
      try {
        await this.store.insert(state);
        return { gameId: state.id, roomCode: state.roomCode, displayName: state.players[0]?.displayName ?? hostDisplayName };
      } catch (err) {
        if ((err as { code?: string }).code === '23505' && attempt < 5) continue; // room code taken: draw again
        throw err;
      }
    }
  }

  /** Seats a user in the game with this room code (idempotent). @throws NOT_FOUND, FAILED_PRECONDITION */
  async joinGame(roomCode: string, userId: string, displayName: string): Promise<gameV1.GameRef> {
    const code = (roomCode ?? '').trim().toUpperCase();
    const gameId = await this.store.idOfRoom(code);
    if (!gameId) throw gameNotFound();
    const done = await this.store.mutate(gameId, (s, now) => applyCommand(s, { type: 'join', userId, displayName }, { now, seed: newSeed() }));
    const me = done.state.players.find((p) => p.userId === userId);
    return { gameId, roomCode: code, displayName: me?.displayName ?? displayName };
  }

  /** The viewer's snapshot. @throws NOT_FOUND 'Game not found', PERMISSION_DENIED 'Player not found' */
  async getSnapshot(gameId: string, viewerId: string): Promise<GameSnapshot> {
    const game = await this.store.find(gameId);
    if (!game) throw gameNotFound();
    if (!game.state.players.some((p) => p.userId === viewerId)) throw playerNotFound();
    return this.publisher.snapshot(game.state, game.version, viewerId, await this.chat.recent(gameId));
  }

  /**
   * Applies one client action (spec 000 section 7 `game_action`, plus `update_seating` and the
   * gateway's `admin_set_player_role`).
   * @param dataJson the action's JSON data
   * @returns the new version and an optional notice for the actor ('Bot Added'...)
   * @throws INVALID_ARGUMENT on a malformed action, FAILED_PRECONDITION with the rules' error, NOT_FOUND
   */
  async execute(gameId: string, userId: string, action: string, dataJson: string): Promise<gameV1.ExecuteCommandResponse> {
    const data = parseActionData(dataJson);
    if (action === 'admin_set_player_role') return this.adminSetPlayerRole(gameId, data);
    if (action === 'send_message') return this.sendMessage(gameId, userId, chatContentOf(data));
    const command = toCommand(userId, action, data);
    const done = await this.store.mutate(gameId, (s, now) => applyCommand(s, command, { now, seed: newSeed() }));
    return { version: done.version, noticeTitle: done.outcome.notice?.title ?? '', noticeMessage: done.outcome.notice?.message ?? '' };
  }

  /** The admin's role change; only the gateway sends it, after checking the caller is an admin. */
  private async adminSetPlayerRole(gameId: string, data: unknown): Promise<gameV1.ExecuteCommandResponse> {
    const d = (data ?? {}) as { playerId?: unknown; newRole?: unknown };
    const { playerId, newRole } = d;
    if (typeof playerId !== 'string' || typeof newRole !== 'string') throw badInput('Failed to update player role');
    const done = await this.store.mutate(gameId, (s) => ({ state: adminSetPlayerRole(s, playerId, newRole), event: 'game_updated', systemMessages: [] }));
    return { version: done.version, noticeTitle: 'Role Updated', noticeMessage: '' };
  }

  /** Posts a chat message (trimmed, 1-200 characters; spec 000 section 5) and bumps the version. */
  private async sendMessage(gameId: string, userId: string, content: string): Promise<gameV1.ExecuteCommandResponse> {
    let clean = '';
    const done = await this.store.mutate(
      gameId,
      (s) => {
        clean = validateChatMessage(s, userId, content);
        return { state: s, event: 'game_updated', systemMessages: [] };
      },
      async (m, s) => {
        const me = s.players.find((p) => p.userId === userId)!;
        await this.chat.insert(m, [{ gameId, userId, displayName: me.displayName, content: clean, messageType: 'chat', label: null, timestamp: this.clock() }]);
      },
    );
    return { version: done.version, noticeTitle: '', noticeMessage: '' };
  }
}
