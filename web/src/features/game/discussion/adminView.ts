/**
 * What the super admin's cards panel shows of each player's night (spec 000 section 2: "center cards, all
 * roles and full action data" in role_resolve and discussion). Read from the admin view only: the night
 * log's entries of the player (action kind, targets, result lines), else the raw actions the view carries.
 * The texts are worded by the caller (`RuleText`). Framework-free (unit tested in roles.spec.ts).
 */
import { describeAction, type ActionPayload, type NightActionKind, type NightLogEntry, type NightMessage, type PublicPlayer, type RoleId } from '@nightfall/game-rules';
import { actionTargets } from '../../../i18n/rules';

/** One action of a player as the panel lists it. */
export interface AdminActionLine {
  /** The role it acted for (a Role Copier's second action: the copied role). */
  role: RoleId | null;
  /** Night order of the entry (0 when none). */
  order: number;
  /** The action's kind (`describeAction`), worded by `RuleText.actionKind`. */
  kind: NightActionKind;
  /** Its targets ('Ava and Ben', 'center cards 1 and 3'), or ''. */
  targets: string;
  /** What the player learned (the night log's lines; empty when it learned nothing or before the night resolved). */
  result: NightMessage[];
  /** True for a night-log entry (the night resolved): its result is shown, 'No action taken.' when empty. */
  resolved: boolean;
  /** True for a Role Copier's second action. */
  isCopy: boolean;
}

function fromPayload(action: ActionPayload, role: RoleId | null, isCopy: boolean, nameOf: (id: string) => string): AdminActionLine {
  return { role, order: 0, kind: describeAction(action.type, role ?? undefined), targets: actionTargets(action, nameOf), result: [], resolved: false, isCopy };
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
      kind: e.kind ?? describeAction(e.action.type, e.role),
      targets: actionTargets(e.action, nameOf),
      result: e.result ?? [],
      resolved: true,
      isCopy: !!e.isCopy,
    }));
  }
  const lines: AdminActionLine[] = [];
  if (player.action) lines.push(fromPayload(player.action, player.originalRole ?? null, false, nameOf));
  if (player.copyAction) lines.push(fromPayload(player.copyAction, player.copiedRole ?? null, true, nameOf));
  return lines;
}
