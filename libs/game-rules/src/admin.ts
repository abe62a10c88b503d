/**
 * The super admin's tools (docs/rules.md "Admin"; spec 000 sections 2, 6 and 7: "One fixed admin account
 * gets an extra panel to view and change any player's role (for testing)"). The rules do not know who
 * the super admin is: the service issues these commands only after the gateway checked the caller.
 *
 * - In the lobby, the admin sets the card a player WILL be dealt: a pre-assignment
 *   (`GameState.preassignedRoles`) that the deal honours, taken from the selection.
 * - In role_deal, the admin changes a player's dealt card by swapping it with a holder of the wanted card
 *   (a center card first, then a bot, then another player), so the deck stays the selection.
 * - Admin viewers (`GameState.adminViewers`): the users whose views the service builds with
 *   `playerView(..., { admin: true })`.
 */
import { PILE_INDEX } from './constants.js';
import { RulesError } from './errors.js';
import type { GameState, PlayerState, RoleId } from './types.js';
import { cloneState } from './util.js';

const CONVERTER: RoleId = 'Bad Guy Converter';

/** The spec's refusal of the admin's role change (spec 000 section 8: 'Error' / 'Failed to update player role'). */
function failed(): RulesError {
  return new RulesError('ADMIN_ROLE_FAILED', 'Failed to update player role');
}

function countOf(cards: readonly RoleId[], card: RoleId): number {
  let n = 0;
  for (const c of cards) if (c === card) n++;
  return n;
}

/**
 * Drops the pre-assignments that no longer fit the lobby (docs/rules.md "Admin"): those of users who are
 * not players any more, and, in seat order, those beyond the number of copies of their card in the
 * selection. Mutates the draft state; removes the field when nothing is left.
 */
export function prunePreassignments(state: GameState): void {
  const pre = state.preassignedRoles;
  if (!pre) return;
  const kept: Record<string, RoleId> = {};
  const used = new Map<RoleId, number>();
  for (const p of state.players) {
    const card = pre[p.userId];
    if (card === undefined) continue;
    const n = used.get(card) ?? 0;
    if (n >= countOf(state.selectedRoles, card)) continue;
    used.set(card, n + 1);
    kept[p.userId] = card;
  }
  if (Object.keys(kept).length === 0) delete state.preassignedRoles;
  else state.preassignedRoles = kept;
}

/** Lobby: `playerId` will be dealt `newRole` ('' clears its pre-assignment). */
function preassign(state: GameState, player: PlayerState, newRole: string): void {
  const pre = { ...(state.preassignedRoles ?? {}) };
  delete pre[player.userId];
  if (newRole !== '') {
    const card = newRole as RoleId;
    const assigned = Object.values(pre).filter((c) => c === card).length;
    if (assigned >= countOf(state.selectedRoles, card)) throw failed();
    pre[player.userId] = card;
  }
  state.preassignedRoles = pre;
  prunePreassignments(state);
}

/** role_deal: gives `target` the dealt card `card` by swapping it with a holder of that card. */
function swapDealtCard(state: GameState, target: PlayerState, card: RoleId): void {
  if (target.originalRole === null) throw failed();
  if (target.originalRole === card) return;
  const old = target.originalRole;
  // Take the card from the center first, then from a bot, then from another human, so that dealing
  // the second copy of a card (two Mutual Knowers) does not take back the first copy just dealt.
  const centerIndex = state.centerCards.slice(0, PILE_INDEX).indexOf(card);
  const others = state.players.filter((p) => p.userId !== target.userId && p.originalRole === card);
  const holder = others.find((p) => p.isBot) ?? others[0];
  if (centerIndex >= 0) {
    state.centerCards[centerIndex] = old;
  } else if (holder) {
    holder.originalRole = old;
    holder.currentRole = old;
  } else {
    throw failed();
  }
  target.originalRole = card;
  target.currentRole = card;
  // docs/rules.md "Setup and deal": the bad-guy pile exists exactly when a Converter is dealt to a player.
  const converterDealt = state.players.some((p) => p.originalRole === CONVERTER);
  if (converterDealt && state.centerCards.length === PILE_INDEX) state.centerCards.push('Bad Guy');
  if (!converterDealt && state.centerCards.length > PILE_INDEX) state.centerCards.splice(PILE_INDEX);
  for (const p of state.players) p.isReady = p.isBot;
}

/**
 * The admin's role change on a draft state (the `admin_set_player_role` command): in the lobby a
 * pre-assignment, in role_deal a card swap (see the file comment).
 * @throws RulesError ADMIN_ROLE_FAILED ('Error' / 'Failed to update player role') in any other phase, for
 *   an unknown player, a card that is not in the selection (lobby) or not in the game (role_deal), or a
 *   card already pre-assigned as many times as it is selected
 */
export function applyAdminSetPlayerRole(state: GameState, playerId: unknown, newRole: unknown): void {
  if (typeof playerId !== 'string' || typeof newRole !== 'string') throw failed();
  const target = state.players.find((p) => p.userId === playerId);
  if (!target) throw failed();
  if (state.phase === 'lobby') return preassign(state, target, newRole);
  if (state.phase === 'role_deal' && newRole !== '') return swapDealtCard(state, target, newRole as RoleId);
  throw failed();
}

/**
 * The admin's "change a player's role" as a pure function (docs/rules.md "Admin"): in the lobby the card
 * `playerId` WILL be dealt ('' clears it; it must be in the selection and not over-assigned), in role_deal
 * a swap with a holder of `newRole` (a center card first, then a bot, then another player) that keeps the
 * deck equal to the selection and the bad-guy pile in step with a dealt Converter; every human must then
 * mark ready again.
 * @returns a new state (the input is not changed)
 * @throws RulesError ADMIN_ROLE_FAILED 'Error' / 'Failed to update player role'
 */
export function adminSetPlayerRole(state: GameState, playerId: string, newRole: string): GameState {
  const next = cloneState(state);
  applyAdminSetPlayerRole(next, playerId, newRole);
  return next;
}

/**
 * Adds (`enabled`) or removes `userId` from the admin viewers (any phase; docs/rules.md "Player view").
 * @throws RulesError INVALID_COMMAND for an empty user id
 */
export function setAdminViewer(state: GameState, userId: unknown, enabled: unknown): void {
  if (typeof userId !== 'string' || userId.length === 0) throw new RulesError('INVALID_COMMAND', 'Missing user id');
  const viewers = (state.adminViewers ?? []).filter((id) => id !== userId);
  if (enabled === true) viewers.push(userId);
  if (viewers.length === 0) delete state.adminViewers;
  else state.adminViewers = viewers;
}

/** True when `userId` is one of the game's admin viewers. */
export function isAdminViewer(state: Pick<GameState, 'adminViewers'>, userId: string): boolean {
  return (state.adminViewers ?? []).includes(userId);
}
