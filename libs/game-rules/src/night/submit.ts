/**
 * Validation of one night action against the submitting player's dealt role (RULES.md section 5).
 * Used for human submissions and for the engine's own bot choices alike.
 */
import { isActionType, normalizeAction } from '../actions.js';
import { RulesError } from '../errors.js';
import { allowedActionsFor, roleModule } from '../roles/index.js';
import type { ActionPayload, ActionType, GameState, PlayerState } from '../types.js';

/** Action type aliases accepted on submission (legacy payload names of spec 000 section 3). */
const ALIASES: Partial<Record<ActionType, ActionType>> = { swap_with_center: 'swap_center' };

/**
 * Checks that `player` may submit `action` now and returns the normalised payload.
 * @throws RulesError ALREADY_SUBMITTED, INVALID_ACTION (type not allowed for the dealt role now),
 *   INVALID_TARGET, SELF_TARGET, INVALID_CENTER_INDEX
 */
export function validateAction(state: GameState, player: PlayerState, action: ActionPayload): ActionPayload {
  if (player.hasSubmitted) {
    throw new RulesError('ALREADY_SUBMITTED', 'You have already submitted your night action', 'Invalid Action');
  }
  if (typeof action !== 'object' || action === null || !isActionType(action.type)) {
    throw new RulesError('INVALID_ACTION', 'Unknown action type', 'Invalid Action');
  }
  const allowed = allowedActionsFor(state, player);
  const type = ALIASES[action.type] ?? action.type;
  if (!allowed.includes(type) || player.originalRole === null) {
    throw new RulesError('INVALID_ACTION', `The ${player.originalRole ?? 'player'} cannot do that tonight`, 'Invalid Action');
  }
  const normalized = normalizeAction(state, player, action);
  roleModule(player.originalRole).validate?.(state, player, normalized);
  return normalized;
}
