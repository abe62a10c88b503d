/**
 * Validation and recording of one night action against the submitting player's dealt role, or the copied
 * role for a Role Copier's second action (docs/rules.md "Night order", step 2 and docs/rules.md "Submitting actions"). Used for human submissions
 * and for the engine's own bot choices alike.
 */
import { isActionType, normalizeAction } from '../actions.js';
import { cardName, roleInfo } from '../custom-roles.js';
import { RulesError } from '../errors.js';
import { allowedActionsFor, copyStageRole, roleModule, submittingRole } from '../roles/index.js';
import { playerRef } from '../roles/types.js';
import type { ActionPayload, ActionType, GameState, NightMessage, PlayerState } from '../types.js';
import { findPlayer } from '../util.js';

/** Action type aliases accepted on submission (legacy payload names of spec 000 section 3). */
const ALIASES: Partial<Record<ActionType, ActionType>> = { swap_with_center: 'swap_center' };

/**
 * Checks that `player` may submit `action` now and returns the normalised payload. For a Role Copier
 * that has copied, the action must be one of the copied role's (its second submission).
 * @throws RulesError ALREADY_SUBMITTED, INVALID_ACTION (type not allowed for the role now),
 *   INVALID_TARGET, SELF_TARGET, INVALID_CENTER_INDEX
 */
export function validateAction(state: GameState, player: PlayerState, action: ActionPayload): ActionPayload {
  if (player.hasSubmitted) {
    throw new RulesError('ALREADY_SUBMITTED', 'You have already submitted your night action', 'Invalid Action');
  }
  if (typeof action !== 'object' || action === null || !isActionType(action.type)) {
    throw new RulesError('INVALID_ACTION', 'Unknown action type', 'Invalid Action');
  }
  const role = submittingRole(player);
  const allowed = allowedActionsFor(state, player);
  const type = ALIASES[action.type] ?? action.type;
  if (!allowed.includes(type) || role === null) {
    const label = role === null ? 'player' : cardName(state, role);
    const as = copyStageRole(player) ? `As the copied ${label}, you` : `The ${label}`;
    throw new RulesError('INVALID_ACTION', `${as} cannot do that tonight`, 'Invalid Action');
  }
  const normalized = normalizeAction(state, player, action);
  roleModule(role).validate?.(state, player, normalized);
  return normalized;
}

/** userIds shielded by Role Locker actions already submitted (a Copier's copy honours them). */
function submittedShields(state: GameState): Set<string> {
  const ids = new Set<string>();
  for (const p of state.players) {
    for (const a of [p.actionData, p.copyActionData]) if (a?.type === 'protect_player' && a.targetUserId) ids.add(a.targetUserId);
  }
  return ids;
}

/**
 * The Role Copier's copy (docs/rules.md "Night order", step 2), at its submission: learns the target's card at once
 * (`immediateResult`), takes its team and win condition (`transformedTo`, attached to its card) and wakes
 * as it (`copiedRole`). A card already shielded by a submitted Role Locker action cannot be copied. When
 * the copied role has no choice, its (no-choice) action is recorded at once and the Copier is done.
 */
function applyCopy(state: GameState, copier: PlayerState, targetId: string): void {
  const target = findPlayer(state, targetId) as PlayerState;
  const name = target.displayName;
  const player = playerRef(target);
  if (submittedShields(state).has(targetId)) {
    copier.immediateResult = { lines: [{ code: 'copy_shielded', params: { player } }], data: { targetName: name, shielded: true } };
    copier.hasSubmitted = true;
    return;
  }
  const role = target.currentRole ?? target.originalRole;
  if (role === null) throw new Error('applyCopy: target holds no card');
  copier.copiedRole = role;
  copier.transformedTo = role;
  // A custom role (docs/rules.md "Custom roles") has no night mechanic: nothing to choose.
  const info = roleInfo(state, role);
  const next = roleModule(role).allowedActions(state, copier);
  const needsChoice = next.some((t) => t !== 'no_action');
  const lines: NightMessage[] = [{ code: 'copied_role', params: { player, role, team: info.team } }];
  if (needsChoice) lines.push({ code: 'copy_choose_action', params: { role } });
  copier.immediateResult = {
    lines,
    data: { targetName: name, copiedRole: role, becameTeam: info.team, seen: [{ userId: targetId, displayName: name, role }] },
  };
  if (!needsChoice) {
    copier.copyActionData = { type: 'no_action' };
    copier.hasSubmitted = true;
  }
}

/**
 * Validates and records a night submission of `player` (docs/rules.md "Submitting actions") on a draft state: the action
 * (`actionData`), or for a Role Copier its copy then its second action (`copyActionData`). Sets
 * `hasSubmitted` once the player owes nothing more.
 * @throws RulesError as {@link validateAction}; nothing is changed then
 */
export function submitNightAction(state: GameState, player: PlayerState, action: ActionPayload): void {
  const normalized = validateAction(state, player, action);
  if (copyStageRole(player)) {
    player.copyActionData = normalized;
    player.hasSubmitted = true;
    return;
  }
  player.actionData = normalized;
  if (normalized.type === 'copy_role' && normalized.targetUserId) {
    applyCopy(state, player, normalized.targetUserId);
    return;
  }
  player.hasSubmitted = true;
}
