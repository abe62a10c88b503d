/**
 * Lobby commands (spec 000 sections 2, 5, 8, 9): join, role selection, settings, bots, seating, start.
 * Every function validates first, then mutates the draft state it is given; a RulesError leaves the
 * caller's original state untouched because the engine only ever works on a copy.
 */
import { AVAILABLE_ROLES, ROLES, isRoleName } from './catalogue.js';
import {
  CENTER_SIZE,
  DISCUSSION_TIME_MAX,
  DISCUSSION_TIME_MIN,
  DISCUSSION_TIME_STEP,
  MAX_BOTS,
  MAX_PLAYERS,
} from './constants.js';
import { botLobbyRole } from './bots.js';
import { RulesError } from './errors.js';
import { enterPhase, type Effects } from './phases.js';
import { Rng } from './rng.js';
import { dealCards } from './deal.js';
import { checkCustomRoles, customRoleDef, isCustomRoleId, roleInfo } from './custom-roles.js';
import type { CustomRoleDef, CustomRoleInput, GameState, RoleId } from './types.js';
import { compactSeats, findPlayer, newPlayer, resetRoundFields } from './util.js';
import { prunePreassignments } from './admin.js';
import { holdAbsentSeats } from './seats.js';
import { checkDisplayName } from './display-name.js';

/** Checks a non-empty id string. @throws RulesError INVALID_COMMAND */
export function checkId(id: unknown, what: string): string {
  if (typeof id !== 'string' || id.length === 0) throw new RulesError('INVALID_COMMAND', `Missing ${what}`);
  return id;
}

/** @throws RulesError NOT_HOST unless `userId` is the host (spec 000 section 5). */
export function requireHost(state: GameState, userId: string): void {
  if (userId !== state.hostId) throw new RulesError('NOT_HOST', 'Only the host can do that');
}

/** @throws RulesError GAME_IN_PROGRESS unless the game is in the lobby. */
export function requireLobby(state: GameState): void {
  if (state.phase !== 'lobby') throw new RulesError('GAME_IN_PROGRESS', 'Game already started');
}

/**
 * Adds a player at the next seat (lobby only). Joining again with a known userId changes nothing.
 * @throws RulesError GAME_IN_PROGRESS ('Game already started'), GAME_FULL ('Cannot Join' / 'Maximum of
 *   27 players allowed in a game'), KICKED ('Cannot Join' / 'The host removed you from this room': docs/rules.md
 *   "Kick and leave"), INVALID_DISPLAY_NAME
 */
export function join(state: GameState, userId: string, displayName: string, now: number): void {
  checkId(userId, 'user id');
  if (findPlayer(state, userId)) return;
  if (state.kicked?.includes(userId)) throw new RulesError('KICKED', 'The host removed you from this room', 'Cannot Join');
  if (state.phase !== 'lobby') throw new RulesError('GAME_IN_PROGRESS', 'Game already started', 'Cannot Join');
  if (state.players.length >= MAX_PLAYERS) {
    throw new RulesError('GAME_FULL', `Maximum of ${MAX_PLAYERS} players allowed in a game`, 'Cannot Join');
  }
  const name = checkDisplayName(displayName, 'Cannot Join');
  state.players.push(newPlayer(userId, name, false, state.players.length, now));
  // a spectator who takes a seat stops watching (docs/rules.md "Spectators")
  if (state.spectators?.some((w) => w.userId === userId)) state.spectators = state.spectators.filter((w) => w.userId !== userId);
}

/**
 * Number of roles a game of `playerCount` players needs: one card per player plus the 3 center cards
 * (spec 000 sections 5 and 9; docs/rules.md "Setup and deal"). The bad-guy pile is not counted.
 * @example requiredRoleCount(5) === 8
 */
export function requiredRoleCount(playerCount: number): number {
  return playerCount + CENTER_SIZE;
}

/**
 * Maximum number of copies of a role in a selection (spec 000 sections 5 and 9; docs/rules.md "Setup and deal"):
 * Bad Guy 2, Mutual Knowers 2, Basic Good Guy 3, every other role 1. A name that is not a canonical role
 * (a custom role: docs/rules.md "Custom roles") gets 1.
 */
export function roleCap(role: RoleId | string): number {
  return isRoleName(role) ? ROLES[role].maxCount : 1;
}

/**
 * The lobby's role toggle (spec 000 section 5): a click adds one copy of `role` while it is under its
 * {@link roleCap}; a click at the cap removes every copy. Returns a new list (the input is not modified).
 */
export function toggleRole<R extends RoleId>(selected: readonly R[], role: R): R[] {
  const count = selected.filter((r) => r === role).length;
  return count >= roleCap(role) ? selected.filter((r) => r !== role) : [...selected, role];
}

/**
 * Checks a role selection as `update_role_selection` does (spec 000 sections 5, 9): a list of at most 30
 * known, selectable and implemented roles or custom roles of the game (docs/rules.md "Custom roles"),
 * each within its {@link roleCap}. A count above the cap is accepted only when it does not exceed the
 * count in `current` (bots may have added roles past the cap, spec 000 section 9). The player count is
 * NOT checked here: see {@link checkCanStart}.
 * @param roles the proposed selection
 * @param current the selection it replaces (default: none)
 * @param customRoles the game's custom roles (`state.customRoles`); a custom id must be one of them
 * @returns the selection as a new list
 * @throws RulesError UNKNOWN_ROLE, ROLE_NOT_AVAILABLE, ROLE_CAP_EXCEEDED, INVALID_COMMAND
 */
export function validateRoleSelection(
  roles: readonly unknown[],
  current: readonly RoleId[] = [],
  customRoles: readonly CustomRoleDef[] = [],
): RoleId[] {
  if (!Array.isArray(roles)) throw new RulesError('INVALID_COMMAND', 'Roles must be a list');
  if (roles.length > requiredRoleCount(MAX_PLAYERS)) {
    throw new RulesError('ROLE_CAP_EXCEEDED', `At most ${requiredRoleCount(MAX_PLAYERS)} roles can be selected`);
  }
  const counts = new Map<RoleId, number>();
  for (const r of roles) {
    if (isCustomRoleId(r)) {
      if (!customRoleDef(customRoles, r)) throw new RulesError('ROLE_NOT_AVAILABLE', 'That custom role is not available');
      counts.set(r, (counts.get(r) ?? 0) + 1);
      continue;
    }
    if (!isRoleName(r)) throw new RulesError('UNKNOWN_ROLE', `Unknown role: ${String(r)}`);
    const def = ROLES[r];
    if (!def.selectable) throw new RulesError('ROLE_NOT_AVAILABLE', `The ${def.displayName} role cannot be selected`);
    if (!def.implemented) throw new RulesError('ROLE_NOT_AVAILABLE', `The ${def.displayName} role is not available yet`);
    counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  for (const [role, count] of counts) {
    const cap = roleCap(role);
    const before = current.filter((r) => r === role).length;
    if (count > cap && count > before) {
      const name = roleInfo(customRoles, role).displayName;
      throw new RulesError('ROLE_CAP_EXCEEDED', `At most ${cap} ${name} ${cap === 1 ? 'card' : 'cards'} allowed`);
    }
  }
  return roles.slice() as RoleId[];
}

/**
 * Replaces the role selection (host, lobby), checked by {@link validateRoleSelection} against the current
 * one and the game's custom roles; pre-assignments that no longer fit are dropped.
 * @throws RulesError UNKNOWN_ROLE, ROLE_NOT_AVAILABLE, ROLE_CAP_EXCEEDED, INVALID_COMMAND
 */
export function updateRoleSelection(state: GameState, roles: readonly unknown[]): void {
  state.selectedRoles = validateRoleSelection(roles, state.selectedRoles, state.customRoles ?? []);
  prunePreassignments(state);
}

/**
 * Checks that a game of `playerCount` players with `selectedRoles` can start (spec 000 section 5): at least
 * one player, exactly {@link requiredRoleCount} roles, every role available in this engine version. A custom
 * role id must be one of `customRoles` when they are given (the engine always gives the game's); without
 * them (a client that only checks the count) any well-formed custom id passes.
 * @throws RulesError WRONG_ROLE_COUNT ('Cannot start game' / 'Need exactly {n} roles for {m} players'),
 *   ROLE_NOT_AVAILABLE ('Cannot start game')
 */
export function checkCanStart(playerCount: number, selectedRoles: readonly unknown[], customRoles?: readonly CustomRoleDef[]): void {
  const n = requiredRoleCount(playerCount);
  if (playerCount < 1 || selectedRoles.length !== n) {
    throw new RulesError('WRONG_ROLE_COUNT', `Need exactly ${n} roles for ${playerCount} players`, 'Cannot start game');
  }
  for (const r of selectedRoles) {
    if (isCustomRoleId(r)) {
      if (customRoles && !customRoleDef(customRoles, r)) {
        throw new RulesError('ROLE_NOT_AVAILABLE', 'A selected custom role is not available', 'Cannot start game');
      }
      continue;
    }
    if (!isRoleName(r) || !AVAILABLE_ROLES.includes(r)) {
      throw new RulesError('ROLE_NOT_AVAILABLE', `The ${String(r)} role is not available yet`, 'Cannot start game');
    }
  }
}

/**
 * Replaces the game's custom roles (the service's `set_custom_roles`; docs/rules.md "Custom roles"): lobby
 * only, so that a running game keeps the snapshot it was dealt with whatever the admin edits or deletes.
 * Inactive roles are dropped; selected and pre-assigned custom roles that are no longer defined leave the
 * selection.
 * @throws RulesError GAME_IN_PROGRESS outside the lobby, INVALID_CUSTOM_ROLE
 */
export function setCustomRoles(state: GameState, roles: readonly CustomRoleInput[]): void {
  if (state.phase !== 'lobby') throw new RulesError('GAME_IN_PROGRESS', 'Custom roles cannot change once the game has started');
  const defs = checkCustomRoles(roles);
  state.customRoles = defs;
  state.selectedRoles = state.selectedRoles.filter((r) => !isCustomRoleId(r) || customRoleDef(defs, r) !== undefined);
  prunePreassignments(state);
}

/**
 * Checks a discussion time: whole minutes from 60 to 600 seconds (spec 000 section 5).
 * @returns the time, seconds
 * @throws RulesError INVALID_SETTINGS
 */
export function checkDiscussionTime(discussionTime: unknown): number {
  if (
    typeof discussionTime !== 'number' ||
    !Number.isInteger(discussionTime) ||
    discussionTime < DISCUSSION_TIME_MIN ||
    discussionTime > DISCUSSION_TIME_MAX ||
    discussionTime % DISCUSSION_TIME_STEP !== 0
  ) {
    throw new RulesError(
      'INVALID_SETTINGS',
      `Discussion time must be between ${DISCUSSION_TIME_MIN / 60} and ${DISCUSSION_TIME_MAX / 60} minutes, in whole minutes`,
    );
  }
  return discussionTime;
}

/**
 * Sets the discussion time (host, lobby): 60-600 seconds in steps of 60 (spec 000 section 5).
 * @throws RulesError INVALID_SETTINGS
 */
export function updateSettings(state: GameState, discussionTime: unknown): void {
  state.settings.discussionTime = checkDiscussionTime(discussionTime);
}

/**
 * Adds a bot (host, lobby) named 'Bot N', whose role (random under its cap, else Basic Good Guy) is added
 * to the selection (spec 000 section 9). Randomness from `seed` (deterministic).
 * @throws RulesError BOT_LIMIT ('Cannot Add Bot' / 'Maximum of 26 bots allowed with 1 human player'),
 *   GAME_FULL ('Cannot Add Bot' / 'Maximum of 27 players allowed in a game'), DUPLICATE_USER
 */
export function addBot(state: GameState, botUserId: string, seed: string, now: number, fx: Effects): void {
  checkId(botUserId, 'bot id');
  const bots = state.players.filter((p) => p.isBot).length;
  if (bots >= MAX_BOTS) {
    throw new RulesError('BOT_LIMIT', `Maximum of ${MAX_BOTS} bots allowed with 1 human player`, 'Cannot Add Bot');
  }
  if (state.players.length >= MAX_PLAYERS) {
    throw new RulesError('GAME_FULL', `Maximum of ${MAX_PLAYERS} players allowed in a game`, 'Cannot Add Bot');
  }
  if (findPlayer(state, botUserId)) throw new RulesError('DUPLICATE_USER', 'That player is already in the game', 'Cannot Add Bot');
  const role = botLobbyRole(state.selectedRoles, new Rng(`${seed}:bot-role`, 0));
  state.botCounter += 1;
  const name = `Bot ${state.botCounter}`;
  state.players.push(newPlayer(botUserId, name, true, state.players.length, now));
  state.selectedRoles.push(role);
  fx.notice = {
    code: 'bot_added',
    params: { player: { userId: botUserId, displayName: name }, role },
  };
}

/**
 * Removes a bot (host, lobby) and drops the last selected role (spec 000 section 9).
 * @throws RulesError BOT_NOT_FOUND
 */
export function removeBot(state: GameState, botUserId: string, fx: Effects): void {
  const bot = findPlayer(state, botUserId);
  if (!bot || !bot.isBot) throw new RulesError('BOT_NOT_FOUND', 'That bot is not in this game');
  state.players = state.players.filter((p) => p.userId !== botUserId);
  compactSeats(state);
  state.selectedRoles.pop();
  prunePreassignments(state);
  fx.notice = { code: 'bot_removed', params: {} };
}

/**
 * Reorders the seats (host, lobby): `order` must list every player's userId exactly once.
 * @throws RulesError INVALID_SEATING ('Error' / 'Failed to rearrange seating')
 */
export function updateSeating(state: GameState, order: readonly unknown[], fx: Effects): void {
  const ids = state.players.map((p) => p.userId);
  const valid =
    Array.isArray(order) &&
    order.length === ids.length &&
    new Set(order).size === order.length &&
    order.every((id) => typeof id === 'string' && ids.includes(id));
  if (!valid) throw new RulesError('INVALID_SEATING', 'Failed to rearrange seating');
  for (const p of state.players) p.seatPosition = order.indexOf(p.userId);
  compactSeats(state);
  fx.notice = { code: 'seating_updated', params: {} };
}

/**
 * Starts the game (host, lobby): needs exactly players + 3 roles and at least one player (spec 000
 * section 5). Deals the selection with the seeded RNG (docs/rules.md "Setup and deal"): the players the
 * super admin pre-assigned a card get it (docs/rules.md "Admin"); the rest of the selection is shuffled
 * and dealt to the other players in seat order, then the three center cards; a Bad Guy Converter dealt to
 * a player adds the bad-guy pile (a Bad Guy card, center index 3). Without pre-assignments this is a
 * shuffle of the whole selection. From here the custom roles are frozen.
 * The seed's SHA-256 (`seedCommitment`, from the service) is published from here on and the dealt center and
 * pre-assigned seats are recorded for the verification at results (docs/rules.md "Verifiable deal").
 * @throws RulesError WRONG_ROLE_COUNT ('Cannot start game' / 'Need exactly {n} roles for {m} players'),
 *   ROLE_NOT_AVAILABLE, INVALID_CONTEXT (empty seed)
 */
export function startGame(state: GameState, seed: string, now: number, fx: Effects, seedCommitment: string | null = null): void {
  const m = state.players.length;
  checkCanStart(m, state.selectedRoles, state.customRoles ?? []);
  if (typeof seed !== 'string' || seed.length === 0) throw new RulesError('INVALID_CONTEXT', 'A seed is required to start');
  prunePreassignments(state);
  const pre = state.preassignedRoles ?? {};
  // The pre-assigned cards leave the deck (one copy each); the rest is shuffled and dealt in seat order.
  const dealt = dealCards(seed, state.selectedRoles, state.players.map((p) => p.userId), pre);
  state.seed = seed;
  state.rngCounter = dealt.draws;
  state.seedCommitment = seedCommitment;
  state.dealRecord = { center: dealt.center.slice(), preassigned: state.players.filter((p) => pre[p.userId] !== undefined).map((p) => p.userId) };
  state.nightLog = [];
  state.announcements = [];
  state.voteResults = null;
  state.players.forEach((p, i) => {
    resetRoundFields(p);
    const card = dealt.cards[i]!;
    p.originalRole = card;
    p.currentRole = card;
  });
  state.centerCards = dealt.center;
  delete state.preassignedRoles;
  holdAbsentSeats(state, now);
  enterPhase(state, 'role_deal', now, fx);
}
