/**
 * Night-log texts (spec 000 section 2 "Results view": "a description per action kind"). The description
 * is the engine's (`NightLogEntry.description`, from `describeAction` of @nightfall/game-rules); the client
 * adds only the target summary.
 */
import { describeAction, type ActionPayload, type NightLogEntry } from '@nightfall/game-rules';

/** Description of a log entry: the one the engine sent (the engine's `describeAction` if it sent none). */
export function describeLogEntry(entry: Pick<NightLogEntry, 'action' | 'role' | 'description'>): string {
  return entry.description?.trim() || describeAction(entry.action.type, entry.role);
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
