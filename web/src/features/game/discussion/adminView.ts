/**
 * What the super admin's cards panel shows of each player's night (spec 000 section 2: "center cards, all
 * roles and full action data" in role_resolve and discussion). Read from the admin view only: the night
 * log's entries of the player (action, targets, full result), else the raw actions the view carries.
 * Framework-free (unit tested in adminView.spec.ts).
 */
import { describeAction, PILE_INDEX, type ActionPayload, type NightLogEntry, type PublicPlayer, type RoleId } from '@nightfall/game-rules';
import { actionTargets, describeLogEntry } from '../results/actionText';

/** One action of a player as the panel lists it. */
export interface AdminActionLine {
  /** The role it acted for (a Role Copier's second action: the copied role). */
  role: RoleId | null;
  /** Night order of the entry (0 when none). */
  order: number;
  /** The action kind's description ('Viewed a player's card'). */
  description: string;
  /** Its targets ('Ava and Ben', 'center cards 1 and 3'), or ''. */
  targets: string;
  /** What the player learned (full text), or ''. */
  result: string;
  /** True for a Role Copier's second action. */
  isCopy: boolean;
}

/** Label of a center slot: 'Center 1'..'Center 3', 'Bad-guy pile' for the pile. */
export function centerSlotLabel(index: number): string {
  return index === PILE_INDEX ? 'Bad-guy pile' : `Center ${index + 1}`;
}

function fromPayload(action: ActionPayload, role: RoleId | null, isCopy: boolean, nameOf: (id: string) => string): AdminActionLine {
  return { role, order: 0, description: describeAction(action.type, role ?? undefined), targets: actionTargets(action, nameOf), result: '', isCopy };
}

/**
 * A player's night actions for the admin: its night-log entries in log order when the log has any, else
 * its submitted action and a Role Copier's second action from the view (`action`, `copyAction`).
 */
export function adminActionLines(player: PublicPlayer, nightLog: readonly NightLogEntry[] | null | undefined, nameOf: (id: string) => string): AdminActionLine[] {
  const entries = (nightLog ?? []).filter((e) => e.userId === player.userId);
  if (entries.length > 0) {
    return entries.map((e) => ({
      role: e.role,
      order: e.order,
      description: describeLogEntry(e),
      targets: actionTargets(e.action, nameOf),
      result: e.result ?? '',
      isCopy: !!e.isCopy,
    }));
  }
  const lines: AdminActionLine[] = [];
  if (player.action) lines.push(fromPayload(player.action, player.originalRole ?? null, false, nameOf));
  if (player.copyAction) lines.push(fromPayload(player.copyAction, player.copiedRole ?? null, true, nameOf));
  return lines;
}
