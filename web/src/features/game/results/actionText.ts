/**
 * Night-log texts per action kind (spec 000 section 2 "Results view": "a description per action kind").
 * The engine sends its own description; these are the client's fallback and the target summary.
 */
import type { ActionPayload, ActionType } from '@nightfall/game-rules';

export const ACTION_DESCRIPTIONS: Record<ActionType, string> = {
  view_player: "Viewed a player's card",
  view_center: 'Viewed two center cards',
  view_werewolf_pile: 'Viewed the bad-guy pile',
  view_center_card: 'Viewed a center card',
  rob_player: "Robbed a player's card",
  target_player: 'Chose a target',
  swap_players: "Swapped two players' cards",
  swap_center: 'Swapped with a center card',
  assign_artifact: 'Gave an artifact to a player',
  copy_role: "Copied a player's role",
  convert_player: 'Converted a player with the bad-guy pile',
  protect_player: "Shielded a player's card",
  protect_from_death: 'Protected a player from elimination',
  tap_player: 'Tapped a neighbour',
  reveal_player: "Revealed a player's team",
  investigate_players: 'Investigated players',
  shift_cards: 'Moved every other card one seat',
  pass: 'Passed',
  swap_with_center: 'Swapped with the center',
  view_and_swap: 'Gave a center card to a player',
  no_action: 'No action',
};

/** Description of a log entry: the engine's, else the client's text for the action kind. */
export function describeActionKind(type: ActionType, given?: string | null): string {
  return given?.trim() || ACTION_DESCRIPTIONS[type] || type;
}

/** Who or what an action was aimed at ('Ava', 'Ava and Ben', 'center cards 1 and 3', 'left'), or ''. */
export function actionTargets(action: ActionPayload, nameOf: (userId: string) => string): string {
  const parts: string[] = [];
  const and = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
  if (action.player1UserId && action.player2UserId) parts.push(and([nameOf(action.player1UserId), nameOf(action.player2UserId)]));
  if (action.targetUserIds && action.targetUserIds.length > 0) parts.push(and(action.targetUserIds.map(nameOf)));
  if (action.positions && action.positions.length > 0) parts.push(`center cards ${and(action.positions.map((p) => String(p + 1)))}`);
  if (action.centerIndex !== undefined && action.centerIndex !== null) parts.push(`center card ${action.centerIndex + 1}`);
  if (action.targetUserId) parts.push(nameOf(action.targetUserId));
  if (action.direction) parts.push(action.direction === 'left' ? 'to the left' : 'to the right');
  return parts.join(' → ');
}
