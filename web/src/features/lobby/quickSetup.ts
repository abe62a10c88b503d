/**
 * Quick setup in the lobby (docs/architecture.md "Table experience"): the rules engine's `suggestRoles`
 * (docs/rules.md "Suggested roles") for the table's player count, and when the host's suggested selection
 * must follow a change of players. Framework-free (unit tested in quickSetup.spec.ts); no rule is decided here.
 */
import { isRulesError, suggestRoles, type RoleId } from '@nightfall/game-rules';

/**
 * The engine's suggestion for `playerCount` players (bots included), or null when it has none (a count outside
 * 1-27). Rethrows anything that is not a RulesError.
 */
export function suggestionFor(playerCount: number): RoleId[] | null {
  try {
    return suggestRoles(playerCount);
  } catch (err) {
    if (isRulesError(err)) return null;
    throw err;
  }
}

/** True when two selections hold the same cards, whatever their order. */
export function sameRoles(a: readonly RoleId[], b: readonly RoleId[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((r, i) => r === y[i]);
}

/**
 * The selection to send after players or bots joined or left, while the host keeps the suggestion (pressed
 * 'Suggest roles' and toggled nothing since): the suggestion for the new count when `selected` differs from
 * it (a human who joined leaves the count one short; a bot brings a random role), else null (nothing to send).
 */
export function followSuggestion(selected: readonly RoleId[], playerCount: number): RoleId[] | null {
  const next = suggestionFor(playerCount);
  return next && !sameRoles(selected, next) ? next : null;
}
