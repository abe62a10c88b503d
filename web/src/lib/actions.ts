import type { ActionPayload, ActionType } from '@nightfall/game-rules';

/** The server's facts about what the viewer may submit now (`GameView.me`). */
export interface ActionFacts {
  /** me.allowedActions. */
  allowed: readonly ActionType[];
  /** me.validTargets: valid player targets per allowed action type. */
  validTargets?: Partial<Record<ActionType, string[]>>;
}

/** Every player an action names (target, the two swapped players, the investigated players). */
function namedPlayers(action: ActionPayload): string[] {
  return [action.targetUserId, action.player1UserId, action.player2UserId, ...(action.targetUserIds ?? [])].filter(
    (id): id is string => typeof id === 'string',
  );
}

/**
 * Whether Submit Action is enabled for an action a picker completed (spec 000 section 5 "Action
 * validity"), from the server's facts only: its type is in me.allowedActions and every player it names is
 * one of me.validTargets for that type (self-targeting included: the server lists the viewer only where it
 * may choose itself). A picker builds its action only once the choice is complete (a target, two center
 * cards, a direction...), so `null` means "not yet".
 */
export function isActionAllowed(action: ActionPayload | null | undefined, facts: ActionFacts): boolean {
  if (!action || !facts.allowed.includes(action.type)) return false;
  const named = namedPlayers(action);
  if (named.length === 0) return true;
  const valid = facts.validTargets?.[action.type] ?? [];
  return named.every((id) => valid.includes(id));
}
