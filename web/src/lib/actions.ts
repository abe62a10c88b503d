import type { ActionPayload } from '@nightfall/game-rules';

const NEEDS_TARGET = new Set<ActionPayload['type']>([
  'view_player', 'convert_player', 'rob_player', 'copy_role', 'protect_player',
  'protect_from_death', 'tap_player', 'reveal_player', 'target_player',
]);

const isIndex = (n: number | undefined): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** Client-side validity of a night action (spec 000 section 5); Submit Action is enabled only when true. */
export function isActionValid(action: ActionPayload | null | undefined): boolean {
  if (!action) return false;
  if (NEEDS_TARGET.has(action.type)) return !!action.targetUserId;
  switch (action.type) {
    case 'view_center':
      return Array.isArray(action.positions) && action.positions.length === 2 && new Set(action.positions).size === 2;
    case 'view_center_card':
    case 'swap_center':
      return isIndex(action.centerIndex);
    case 'swap_players':
      return !!action.player1UserId && !!action.player2UserId && action.player1UserId !== action.player2UserId;
    case 'assign_artifact':
      return !!action.targetUserId && !!action.artifactId;
    case 'shift_cards':
      return action.direction === 'left' || action.direction === 'right';
    case 'view_and_swap':
      return isIndex(action.centerIndex) && !!action.targetUserId;
    case 'investigate_players':
      return Array.isArray(action.targetUserIds) && action.targetUserIds.length >= 1 && action.targetUserIds.length <= 2;
    case 'pass':
    case 'swap_with_center':
    case 'view_werewolf_pile':
    case 'no_action':
      return true;
    default:
      return false;
  }
}
