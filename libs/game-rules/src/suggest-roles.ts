/**
 * Quick setup (docs/rules.md "Suggested roles"): a balanced role selection for a player count, which the
 * lobby's 'Suggest roles' button sends with `update_role_selection`. Pure: no randomness, the same count
 * and catalogue always give the same list.
 */
import { AVAILABLE_ROLES, ROLES, isRoleName } from './catalogue.js';
import { MAX_PLAYERS } from './constants.js';
import { RulesError } from './errors.js';
import { requiredRoleCount, roleCap } from './lobby.js';
import type { RoleName } from './types.js';

/**
 * The order in which roles join a suggestion, one group at a time (a group is added whole or skipped: the
 * two Mutual Knowers only make sense together). The first four are the new lobby's default selection
 * (spec 000 section 5), the first six the classic beginner table for 3 players (two Bad Guys, Role Looker,
 * Role Thief, Role Swapper, Basic Good Guy); then the standard roles of the base game, and the rest of the
 * catalogue, with a wolf-team card roughly every fifth card so the bad team grows with the table. The
 * groups hold every selectable role up to its cap: 30 cards, the selection of a full 27-player game.
 */
export const SUGGESTION_ORDER: ReadonlyArray<readonly RoleName[]> = Object.freeze(
  (
    [
      ['Bad Guy'],
      ['Role Looker'],
      ['Role Thief'],
      ['Basic Good Guy'],
      ['Role Swapper'],
      ['Bad Guy'],
      ['Self-Checker'],
      ['Random Role Taker'],
      ['Bad Guy Helper'],
      ['Revenge Voter'],
      ['Advanced Bad Guy'],
      ['Self-Eliminator'],
      ['Mutual Knowers', 'Mutual Knowers'],
      ['Single Role Looker'],
      ['Protector'],
      ['Isolated Bad Guy'],
      ['Role Revealer'],
      ['Basic Good Guy'],
      ['Paranormal Investigator'],
      ['Bad Guy Converter'],
      ['Role Locker'],
      ['Role Giver'],
      ['Stalker'],
      ['Village Idiot'],
      ['Tapper'],
      ['Seer Knower'],
      ['Item Giver'],
      ['Role Copier'],
      ['Basic Good Guy'],
    ] as RoleName[][]
  ).map((g) => Object.freeze(g)),
);

/**
 * A balanced role selection for `playerCount` players (docs/rules.md "Suggested roles"): exactly
 * `requiredRoleCount(playerCount)` = players + 3 cards (the center included), every role within its
 * {@link roleCap}, at least one bad-team card, so `checkCanStart(playerCount, result)` and
 * `validateRoleSelection(result)` accept it.
 *
 * The groups of {@link SUGGESTION_ORDER} whose roles are all in `catalogue` are taken in order while they
 * fit (a group that does not fit in the cards left is skipped); cards still missing are then filled with
 * the catalogue's other roles in catalogue order, each up to its cap. When `catalogue` lacks the Bad Guy,
 * its first wolf role (else its first bad-team role) opens the list instead. The list is in suggestion
 * order: the roles that matter most come first, so the engine's "removing a bot drops the last selected
 * role" removes the least important one.
 *
 * @param playerCount players at the table, bots included: an integer from 1 to 27 (MAX_PLAYERS)
 * @param catalogue the roles the host may select (default `AVAILABLE_ROLES`); names that are not
 *   selectable, implemented catalogue roles are ignored, as are duplicates. Custom roles are never suggested.
 * @returns a new list of role names, in suggestion order
 * @throws RulesError INVALID_COMMAND for a count outside 1-27; ROLE_NOT_AVAILABLE when `catalogue` has no
 *   bad-team role or too few cards (within the caps) for the count
 * @example suggestRoles(3) // ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Role Swapper', 'Bad Guy']
 */
export function suggestRoles(playerCount: number, catalogue: readonly string[] = AVAILABLE_ROLES): RoleName[] {
  if (!Number.isInteger(playerCount) || playerCount < 1 || playerCount > MAX_PLAYERS) {
    throw new RulesError('INVALID_COMMAND', `Roles can be suggested for 1 to ${MAX_PLAYERS} players`);
  }
  const available = [...new Set(catalogue)].filter((r): r is RoleName => isRoleName(r) && AVAILABLE_ROLES.includes(r));
  const need = requiredRoleCount(playerCount);
  const picked: RoleName[] = [];
  const counts = new Map<RoleName, number>();
  const fits = (group: readonly RoleName[]): boolean => {
    if (picked.length + group.length > need) return false;
    return group.every((r) => available.includes(r) && (counts.get(r) ?? 0) + group.filter((g) => g === r).length <= roleCap(r));
  };
  const add = (group: readonly RoleName[]): void => {
    for (const r of group) {
      picked.push(r);
      counts.set(r, (counts.get(r) ?? 0) + 1);
    }
  };

  // SUGGESTION_ORDER opens with the Bad Guy; without it, the catalogue's first wolf (or bad-team) role does.
  if (!available.includes('Bad Guy')) {
    const firstBad = available.find((r) => ROLES[r].isWolf) ?? available.find((r) => ROLES[r].team === 'bad');
    if (firstBad === undefined) throw new RulesError('ROLE_NOT_AVAILABLE', 'No bad-team role is available to suggest');
    add([firstBad]);
  }

  for (const group of SUGGESTION_ORDER) {
    if (picked.length === need) break;
    if (fits(group)) add(group);
  }
  for (const r of available) {
    while (picked.length < need && fits([r])) add([r]);
  }
  if (picked.length < need) {
    throw new RulesError('ROLE_NOT_AVAILABLE', `Not enough roles are available for ${playerCount} players`);
  }
  return picked;
}
