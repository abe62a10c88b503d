/**
 * The pure command engine: `createGame` and `applyCommand` (spec 000 sections 4-5, 7; docs/rules.md). No I/O,
 * no clock, no global randomness: time and seeds come in through {@link CommandContext}.
 */
import { endThemeOffer, shareTheme } from './theme-offer.js';
import { DEFAULT_DISCUSSION_TIME, DEFAULT_ROLES, DEFAULT_THEME_ID, VOTING_TIME } from './constants.js';
import { RulesError } from './errors.js';
import {
  addBot,
  checkId,
  join,
  removeBot,
  requireHost,
  setCustomRoles,
  requireLobby,
  startGame,
  updateRoleSelection,
  updateSeating,
  updateSettings,
} from './lobby.js';
import { checkDisplayName } from './display-name.js';
import {
  enterPhase,
  everyoneReady,
  everyoneSubmitted,
  everyoneVoted,
  finishNight,
  finishVote,
  nextAfterReady,
  resetToLobby,
  type Effects,
} from './phases.js';
import { submitNightAction } from './night/submit.js';
import { applyAdminSetPlayerRole, setAdminViewer } from './admin.js';
import { checkCustomRoles } from './custom-roles.js';
import { expireSeatHolds, kickPlayer, leaveGame, spectate } from './seats.js';
import type { ActionPayload, Command, CommandContext, CommandOutcome, CustomRoleInput, GameState, RemovedPlayer } from './types.js';
import { cloneState, findPlayer, newPlayer, requirePlayer } from './util.js';

/** Input of {@link createGame}. `now` is epoch ms. */
export interface CreateGameInput {
  id: string;
  roomCode: string;
  hostId: string;
  hostDisplayName: string;
  now: number;
  themeId?: string;
  /** The active custom roles the lobby offers (docs/rules.md "Custom roles"); none when absent. */
  customRoles?: CustomRoleInput[];
  /** How long an absent player's seat is held during play, ms (docs/rules.md "Seat hold and autopilot"); default 60 000. */
  seatHoldMs?: number;
}

/**
 * A new game in the lobby with the host seated at 0, the four default roles selected (spec 000
 * section 5), default settings (discussion 300 s, voting 60 s) and the given custom roles.
 * @throws RulesError INVALID_COMMAND (missing ids), INVALID_DISPLAY_NAME (host name not 1-50 chars),
 *   INVALID_CUSTOM_ROLE
 */
export function createGame(input: CreateGameInput): GameState {
  checkId(input.id, 'game id');
  checkId(input.roomCode, 'room code');
  checkId(input.hostId, 'host id');
  const name = checkDisplayName(input.hostDisplayName);
  const now = checkNow(input.now);
  const customRoles = checkCustomRoles(input.customRoles ?? []);
  return {
    id: input.id,
    roomCode: input.roomCode,
    hostId: input.hostId,
    phase: 'lobby',
    themeId: input.themeId ?? DEFAULT_THEME_ID,
    selectedRoles: [...DEFAULT_ROLES],
    settings: {
      discussionTime: DEFAULT_DISCUSSION_TIME,
      votingTime: VOTING_TIME,
      discussionStartTime: null,
      votingStartTime: null,
      calculatingResults: false,
    },
    players: [newPlayer(input.hostId, name, false, 0, now)],
    centerCards: [],
    seed: null,
    rngCounter: 0,
    nightLog: [],
    announcements: [],
    voteResults: null,
    deadlineAt: null,
    phaseStartedAt: now,
    createdAt: now,
    round: 1,
    botCounter: 0,
    customRoles,
    ...(typeof input.seatHoldMs === 'number' && Number.isFinite(input.seatHoldMs) && input.seatHoldMs >= 0 ? { seatHoldMs: input.seatHoldMs } : {}),
  };
}

function checkNow(now: unknown): number {
  if (typeof now !== 'number' || !Number.isFinite(now)) throw new RulesError('INVALID_CONTEXT', 'Invalid time');
  return now;
}

function wrongPhase(message = 'That is not possible in this phase of the game'): RulesError {
  return new RulesError('WRONG_PHASE', message);
}

/**
 * Validates and records a night action (docs/rules.md "Submitting actions"; a Role Copier submits twice: its copy, then
 * the copied role's action), then resolves the night when it is the last one (docs/rules.md "Night resolution").
 */
function submitAction(state: GameState, userId: string, action: ActionPayload, now: number, fx: Effects): void {
  if (state.phase !== 'job_choice') throw wrongPhase('Night actions can only be submitted during the night');
  const player = requirePlayer(state, userId);
  submitNightAction(state, player, action);
  if (everyoneSubmitted(state)) finishNight(state, now, fx);
}

/** Marks a player ready (role_deal, role_resolve, discussion; also lobby) and advances when all are. */
function readyNextPhase(state: GameState, userId: string, now: number, fx: Effects): void {
  const player = requirePlayer(state, userId);
  if (state.phase === 'lobby') {
    player.isReady = true;
    return;
  }
  const next = nextAfterReady(state.phase);
  if (!next) throw wrongPhase('There is nothing to be ready for in this phase');
  if (player.isReady) return;
  player.isReady = true;
  if (everyoneReady(state)) enterPhase(state, next, now, fx);
}

/** Records or changes a vote (docs/rules.md "Votes") and closes the vote when everyone voted. */
function submitVote(state: GameState, userId: string, targetUserId: string, now: number): void {
  if (state.phase !== 'vote') throw wrongPhase('Voting is not open');
  const player = requirePlayer(state, userId);
  if (targetUserId === userId) throw new RulesError('SELF_VOTE', 'You cannot vote for yourself');
  if (typeof targetUserId !== 'string' || !findPlayer(state, targetUserId)) {
    throw new RulesError('INVALID_VOTE', 'That player is not in this game');
  }
  player.voteTarget = targetUserId;
  if (everyoneVoted(state)) finishVote(state, now);
}

/**
 * Applies what is due at `now`: seat holds that ran out go to the autopilot (docs/rules.md "Seat hold and
 * autopilot"), then a due phase deadline: discussion -> vote, vote -> results.
 * @throws RulesError NO_DEADLINE when nothing is due
 */
function applyDeadline(state: GameState, now: number, fx: Effects): void {
  const holds = expireSeatHolds(state, now, fx);
  const due = state.deadlineAt !== null && now >= state.deadlineAt && (state.phase === 'discussion' || state.phase === 'vote');
  if (!due) {
    if (holds) return;
    throw new RulesError('NO_DEADLINE', 'No phase deadline is due');
  }
  if (state.phase === 'discussion') enterPhase(state, 'vote', now, fx);
  else finishVote(state, now);
}

/**
 * Applies one command to a game and returns the new state; PURE: `state` is never mutated (the engine
 * works on a deep copy) and a rejected command throws before anything is returned.
 *
 * Commands (spec 000 section 7 `game_action`, plus `join` and the engine-internal `deadline`):
 * join, update_role_selection, update_game_settings, add_bot, remove_bot, update_seating, start_game
 * (host-only lobby commands, spec 000 section 5), ready_next_phase, submit_action (docs/rules.md "Submitting actions"),
 * submit_vote (section 6), play_again, force_discussion_end, deadline. Bots act inside this function.
 * Service-issued commands that no client message maps to: set_custom_roles (docs/rules.md "Custom roles"),
 * admin_set_player_role and set_admin_viewer (docs/rules.md "Admin").
 *
 * @param state current game state (not modified)
 * @param cmd the command; `userId` must come from the authenticated session (docs/rules.md "The command engine")
 * @param ctx `now` (epoch ms) and a fresh CSPRNG `seed` (used by start_game and add_bot)
 * @returns the new state, the socket event kind ('player_joined' for join, 'phase_changed' when the phase
 *   changed, else 'game_updated'), system chat messages and an optional toast notice
 * @throws RulesError on any invalid command (codes in `errors.ts`; spec 000 section 8 texts)
 */
export function applyCommand(state: GameState, cmd: Command, ctx: CommandContext): CommandOutcome {
  if (typeof cmd !== 'object' || cmd === null) throw new RulesError('INVALID_COMMAND', 'Invalid command');
  const now = checkNow(ctx?.now);
  const draft = cloneState(state);
  const fx: Effects & { removed?: RemovedPlayer[] } = { systemMessages: [] };
  const before = state.phase;

  switch (cmd.type) {
    case 'join':
      join(draft, cmd.userId, cmd.displayName, now);
      break;
    case 'update_role_selection':
      requireHost(draft, cmd.userId);
      requireLobby(draft);
      updateRoleSelection(draft, cmd.roles);
      break;
    case 'update_game_settings':
      requireHost(draft, cmd.userId);
      requireLobby(draft);
      updateSettings(draft, cmd.discussionTime);
      break;
    case 'add_bot':
      requireHost(draft, cmd.userId);
      requireLobby(draft);
      if (typeof ctx.seed !== 'string' || ctx.seed === '') throw new RulesError('INVALID_CONTEXT', 'A seed is required');
      addBot(draft, cmd.botUserId, ctx.seed, now, fx);
      break;
    case 'remove_bot':
      requireHost(draft, cmd.userId);
      requireLobby(draft);
      removeBot(draft, cmd.botUserId, fx);
      break;
    case 'update_seating':
      requireHost(draft, cmd.userId);
      requireLobby(draft);
      updateSeating(draft, cmd.newSeatingOrder, fx);
      break;
    case 'start_game':
      requireHost(draft, cmd.userId);
      requireLobby(draft);
      startGame(draft, ctx.seed, now, fx, ctx.seedCommitment ?? null);
      break;
    case 'ready_next_phase':
      readyNextPhase(draft, cmd.userId, now, fx);
      break;
    case 'submit_action':
      submitAction(draft, cmd.userId, cmd.action, now, fx);
      break;
    case 'submit_vote':
      submitVote(draft, cmd.userId, cmd.targetUserId, now);
      break;
    case 'play_again': {
      if (draft.phase !== 'results') throw wrongPhase('Play again is only possible after the results');
      const player = requirePlayer(draft, cmd.userId);
      player.wantsPlayAgain = true;
      // a human known to be gone (no connection) does not hold the table back (docs/rules.md "Seat hold and autopilot")
      if (draft.players.every((p) => p.isBot || p.wantsPlayAgain || p.connections === 0)) {
        resetToLobby(draft, now);
        endThemeOffer(draft);
      }
      break;
    }
    case 'force_discussion_end': {
      requirePlayer(draft, cmd.userId);
      if (draft.phase !== 'discussion') throw wrongPhase('The discussion is not running');
      if (draft.deadlineAt === null || now < draft.deadlineAt) {
        throw new RulesError('TOO_EARLY', 'The discussion time is not over yet');
      }
      enterPhase(draft, 'vote', now, fx);
      break;
    }
    case 'deadline':
      applyDeadline(draft, now, fx);
      break;
    case 'kick_player':
      requireHost(draft, cmd.userId);
      requireLobby(draft);
      kickPlayer(draft, cmd.targetUserId, fx);
      break;
    case 'leave_game':
      leaveGame(draft, cmd.userId, fx);
      break;
    case 'spectate':
      checkId(cmd.userId, 'user id');
      spectate(draft, cmd.userId, cmd.displayName, now);
      break;
    case 'set_custom_roles':
      setCustomRoles(draft, cmd.roles);
      break;
    case 'admin_set_player_role':
      applyAdminSetPlayerRole(draft, cmd.playerId, cmd.newRole);
      fx.notice = { code: 'role_updated', params: {} };
      break;
    case 'set_admin_viewer':
      setAdminViewer(draft, cmd.userId, cmd.enabled);
      break;
    case 'share_theme':
      shareTheme(draft, cmd.userId, cmd.pack);
      break;
    default:
      throw new RulesError('INVALID_COMMAND', `Unknown command: ${String((cmd as { type?: unknown }).type)}`);
  }

  const outcome: CommandOutcome = {
    state: draft,
    event: cmd.type === 'join' || cmd.type === 'spectate' ? 'player_joined' : draft.phase !== before ? 'phase_changed' : 'game_updated',
    systemMessages: fx.systemMessages,
  };
  if (fx.notice) outcome.notice = fx.notice;
  if (fx.removed) outcome.removed = fx.removed;
  return outcome;
}
