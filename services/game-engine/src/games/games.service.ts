import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createGame, isAdminViewer, isSpectator, validateChatMessage, type CustomRoleInput, type GameState, type Notice } from '@nightfall/game-rules';
import { LIMITS, type GameSnapshot } from '@nightfall/protocol';
import { CLOCK, type Clock } from '@nightfall/server-kit';
import type { gameV1 } from '@nightfall/contracts';
import { chatContentOf, parseActionData, toCommand } from '../commands/command-mapper.js';
import { CustomRolesSource } from '../custom-roles/custom-roles.source.js';
import { badInput, gameNotFound, playerNotFound } from '../game-error-code.js';
import { GamePublisher } from '../publishing/game-publisher.service.js';
import { rulesChange, type Change } from '../store/game-log.js';
import { countCommand } from '../metrics/game.metrics.js';
import { GameStore, NotOwnerError, OwnershipLostError, toRpc } from '../store/game-store.service.js';
import { GAME_ENV, type GameEnv } from '../env.js';

/** Room code alphabet: no 0/O, 1/I/L (spec 001 section 9). */
const ROOM_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh room code of LIMITS.roomCodeLength (6) characters from a CSPRNG. */
export function randomRoomCode(): string {
  return Array.from({ length: LIMITS.roomCodeLength }, () => ROOM_ALPHABET[randomInt(ROOM_ALPHABET.length)]).join('');
}

/** Longest command id a client may give (the socket protocol's id limit). */
const COMMAND_ID_MAX = 64;

/** Longest role id the super admin's role change accepts (catalogue names and `custom:<id>` are shorter). */
const ROLE_ID_MAX = 100;

/**
 * The games' use cases behind the gRPC API: create, join, the viewer's snapshot, commands (rules
 * commands, chat), and the super admin's calls (role change, admin viewers). Every change goes through
 * the {@link GameStore}, on the engine that owns the game (the gRPC controller routes there first:
 * docs/hot-path.md "Routing").
 */
@Injectable()
export class GamesService {
  private readonly logger = new Logger(GamesService.name);
  /** Per game, the last command still on its way into the store's queue (see {@link inArrivalOrder}). */
  private readonly entering = new Map<string, Promise<CustomRoleInput[] | null>>();

  constructor(
    private readonly store: GameStore,
    private readonly publisher: GamePublisher,
    private readonly customRoles: CustomRolesSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GAME_ENV) private readonly env: GameEnv,
  ) {}

  /**
   * Creates a lobby hosted by `hostUserId` with a unique room code (drawn again when taken) and the
   * admin service's active custom roles (none when it is not configured or does not answer;
   * docs/rules.md "Custom roles").
   * @throws FAILED_PRECONDITION on a bad display name (rules' message)
   */
  async createGame(hostUserId: string, hostDisplayName: string): Promise<gameV1.GameRef> {
    const customRoles = (await this.customRoles.active()) ?? [];
    for (let attempt = 0; ; attempt++) {
      let state: GameState;
      try {
        state = createGame({ id: randomUUID(), roomCode: randomRoomCode(), hostId: hostUserId, hostDisplayName, now: this.clock(), customRoles, seatHoldMs: this.env.SEAT_HOLD_S * 1000 });
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

  /**
   * The id of the game with this room code (trimmed, upper-cased).
   * @throws NOT_FOUND 'Game not found'
   */
  async idOfRoom(roomCode: string): Promise<string> {
    const gameId = await this.store.idOfRoom(roomCode);
    if (!gameId) throw gameNotFound();
    return gameId;
  }

  /** Seats a user in the game (idempotent). @throws NOT_FOUND, FAILED_PRECONDITION */
  async joinGame(gameId: string, userId: string, displayName: string, spectator = false): Promise<gameV1.GameRef> {
    const done = await this.store.mutate(gameId, (s, now) => rulesChange(s, spectator ? { type: 'spectate', userId, displayName } : { type: 'join', userId, displayName }, now));
    const me = done.state.players.find((p) => p.userId === userId) ?? done.state.spectators?.find((w) => w.userId === userId);
    return { gameId, roomCode: done.state.roomCode, displayName: me?.displayName ?? displayName };
  }

  /**
   * The viewer's snapshot: a player's own view, or the admin view for the game's admin viewers (seated or
   * not; see {@link setAdminViewer}).
   * @throws NOT_FOUND 'Game not found', PERMISSION_DENIED 'Player not found'
   */
  async getSnapshot(gameId: string, viewerId: string): Promise<GameSnapshot> {
    const game = await this.store.find(gameId);
    viewerKind(game.state, viewerId);
    return this.publisher.snapshot(game.state, game.version, viewerId, game.chat);
  }

  /**
   * Who the viewer is in the game: a seated player, else an admin viewer or a spectator.
   * @throws NOT_FOUND 'Game not found', PERMISSION_DENIED 'Player not found' (none of them)
   */
  async viewerOf(gameId: string, viewerId: string): Promise<'player' | 'watcher'> {
    return viewerKind((await this.store.find(gameId)).state, viewerId);
  }

  /**
   * Applies one client action (spec 000 section 7 `game_action`, plus `update_seating`). When the host
   * changes the role selection, and when play again returns the game to the lobby, the lobby's custom
   * roles are refreshed from the admin service in the same change (docs/rules.md "Custom roles"); an
   * unanswered refresh keeps the ones the lobby has.
   * @param dataJson the action's JSON data
   * @param commandId the client's id of the action ('' for none): a command id the user already sent is
   *   answered again, not applied again (docs/faults.md "Commands applied once")
   * @returns the new version and an optional notice for the actor ('Bot Added'...)
   * @throws INVALID_ARGUMENT on a malformed action, FAILED_PRECONDITION with the rules' error, NOT_FOUND
   */
  async execute(gameId: string, userId: string, action: string, dataJson: string, commandId = ''): Promise<gameV1.ExecuteCommandResponse> {
    // nightfall_game_commands_total (docs/architecture.md "Metrics and traces")
    return countCommand(action, () => this.executeCounted(gameId, userId, action, dataJson, commandId), (err) => err instanceof NotOwnerError || err instanceof OwnershipLostError);
  }

  /** {@link execute} itself. */
  private async executeCounted(gameId: string, userId: string, action: string, dataJson: string, commandId: string): Promise<gameV1.ExecuteCommandResponse> {
    const data = parseActionData(dataJson);
    if (commandId.length > COMMAND_ID_MAX) throw badInput('Invalid command id');
    const key = commandId ? `${userId}:${commandId}` : undefined;
    if (action === 'send_message') return this.sendMessage(gameId, userId, chatContentOf(data), key);
    const command = toCommand(userId, action, data);
    const refreshing = command.type === 'update_role_selection' || command.type === 'play_again' ? this.customRoles.active() : null;
    // most commands neither refresh nor wait: they go straight on, with no extra await (docs/hot-path.md)
    const refresh = refreshing || this.entering.has(gameId) ? await this.inArrivalOrder(gameId, refreshing) : null;
    const done = await this.store.mutate(gameId, (s, now) => this.withCustomRoles(gameId, rulesChange(s, command, now), refresh, now), key);
    return { version: done.version, noticeJson: noticeJson(done.outcome.notice) };
  }

  /**
   * Keeps a game's commands in the order they arrived although some wait for the custom roles first: a command
   * enters the store's queue ({@link GameStore.mutate}, called right after this resolves) only after every command of
   * the game that arrived before it. Without it a `start_game` sent right after `update_role_selection` overtook it
   * while the admin service answered, and the game started with the old selection (docs/rules.md "Custom roles").
   * Called only for a command with a refresh or with a command of its game still entering.
   * @param refreshing this command's custom roles refresh ({@link CustomRolesSource.active}; never rejects), or null
   * @returns the refreshed custom roles, or null (no refresh, or the admin service did not answer)
   */
  private async inArrivalOrder(gameId: string, refreshing: Promise<CustomRoleInput[] | null> | null): Promise<CustomRoleInput[] | null> {
    const before = this.entering.get(gameId);
    const entry = Promise.all([before, refreshing]).then(([, roles]) => roles ?? null);
    this.entering.set(gameId, entry);
    try {
      return await entry;
    } finally {
      if (this.entering.get(gameId) === entry) this.entering.delete(gameId);
    }
  }

  /**
   * The super admin's role change (SetPlayerRole; docs/rules.md "Admin"): in the lobby the card
   * `playerId` will be dealt ('' clears it), in role_deal a card swap. Only the gateway calls it, after
   * deciding from the session that `actorUserId` is the super admin: game-engine trusts that check.
   * @throws NOT_FOUND, INVALID_ARGUMENT, FAILED_PRECONDITION ADMIN_ROLE_FAILED 'Error' / 'Failed to update player role'
   */
  async setPlayerRole(gameId: string, actorUserId: string, playerId: string, newRole: string): Promise<gameV1.ExecuteCommandResponse> {
    if (typeof playerId !== 'string' || playerId === '' || typeof newRole !== 'string' || newRole.length > ROLE_ID_MAX) {
      throw badInput('Failed to update player role');
    }
    const done = await this.store.mutate(gameId, (s, now) => rulesChange(s, { type: 'admin_set_player_role', playerId, newRole }, now));
    this.logger.log(`super admin ${actorUserId} set the role of ${playerId} in game ${gameId} (${done.state.phase}) to '${newRole}'`);
    return { version: done.version, noticeJson: noticeJson(done.outcome.notice ?? ({ code: 'role_updated', params: {} } as Notice)) };
  }

  /**
   * Adds (`enabled`) or removes `userId` from the game's admin viewers (SetAdminViewer): their snapshots
   * and published views are admin views (`playerView(..., {admin: true})`), nobody else's. The gateway
   * calls it when a socket of the super admin joins the game; game-engine trusts its decision. A call
   * that changes nothing does not bump the version.
   * @returns the game's version
   * @throws NOT_FOUND, INVALID_ARGUMENT
   */
  async setAdminViewer(gameId: string, userId: string, enabled: boolean): Promise<gameV1.SetAdminViewerResponse> {
    if (typeof userId !== 'string' || userId === '') throw badInput('Missing user id');
    const game = await this.store.find(gameId);
    if (isAdminViewer(game.state, userId) === enabled) return { version: game.version };
    const done = await this.store.mutate(gameId, (s, now) => rulesChange(s, { type: 'set_admin_viewer', userId, enabled }, now));
    return { version: done.version };
  }

  /**
   * The host's theme offer (ShareTheme; spec 000 section 7 `share_theme`; docs/rules.md "Theme offer").
   * The gateway looked the pack up as the host's own stored theme; the rules check that `userId` is the
   * host and the phase, record the offer (every view carries it; the gateway turns it into
   * `theme_shared` for this game's sockets) and set the game's themeId.
   * @param req the pack as the theme service describes it (sha256 hex, sizeBytes in bytes)
   * @returns the new version
   * @throws NOT_FOUND, INVALID_ARGUMENT INVALID_THEME, FAILED_PRECONDITION NOT_HOST / WRONG_PHASE
   */
  async shareTheme(req: gameV1.ShareThemeRequest): Promise<gameV1.ExecuteCommandResponse> {
    const pack = { storedThemeId: req.storedThemeId, sha256: req.sha256, themeId: req.themeId, name: req.name, description: req.description, sizeBytes: Number(req.sizeBytes) };
    const done = await this.store.mutate(req.gameId, (s, now) => rulesChange(s, { type: 'share_theme', userId: req.userId, pack }, now));
    return { version: done.version, noticeJson: '' };
  }

  /**
   * Adds the refreshed custom roles to a change that leaves the game in the lobby (`set_custom_roles`,
   * which also drops selected roles that are gone), as a second logged step. A refresh the rules refuse
   * is logged and skipped.
   * @param now epoch ms
   */
  private withCustomRoles(gameId: string, change: Change, roles: CustomRoleInput[] | null, now: number): Change {
    if (roles === null || change.outcome.state.phase !== 'lobby') return change;
    try {
      const next = rulesChange(change.outcome.state, { type: 'set_custom_roles', roles }, now);
      return {
        outcome: { ...change.outcome, state: next.outcome.state, systemMessages: [...change.outcome.systemMessages, ...next.outcome.systemMessages] },
        steps: [...change.steps, ...next.steps],
      };
    } catch (err) {
      this.logger.warn(`custom roles of game ${gameId} not refreshed: ${(err as Error).message}`);
      return change;
    }
  }

  /** Posts a chat message (trimmed, 1-200 characters; spec 000 section 5) and bumps the version; once per command key. */
  private async sendMessage(gameId: string, userId: string, content: string, commandKey?: string): Promise<gameV1.ExecuteCommandResponse> {
    const done = await this.store.mutate(gameId, (s, now) => {
      const clean = validateChatMessage(s, userId, content);
      const me = s.players.find((p) => p.userId === userId)!;
      return {
        outcome: { state: s, event: 'game_updated', systemMessages: [] },
        steps: [],
        messages: [{ userId, displayName: me.displayName, content: clean, messageType: 'chat', label: null, timestamp: now }],
      };
    }, commandKey);
    return { version: done.version, noticeJson: '' };
  }
}

/** The engine's toast as ExecuteCommandResponse.notice_json: JSON {code, params}, '' when none (docs/rules.md "Message codes"). */
function noticeJson(notice: Notice | undefined): string {
  return notice ? JSON.stringify({ code: notice.code, params: notice.params }) : '';
}

/**
 * A seated player ('player'), or an admin viewer or spectator who has no seat ('watcher').
 * @throws PERMISSION_DENIED 'Player not found' for anyone else
 */
function viewerKind(state: GameState, viewerId: string): 'player' | 'watcher' {
  if (state.players.some((p) => p.userId === viewerId)) return 'player';
  if (isAdminViewer(state, viewerId) || isSpectator(state, viewerId)) return 'watcher';
  throw playerNotFound();
}
