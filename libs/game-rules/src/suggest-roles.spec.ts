import { AVAILABLE_ROLES, ROLES } from './catalogue.js';
import { DEFAULT_ROLES, MAX_PLAYERS } from './constants.js';
import { isRulesError } from './errors.js';
import { checkCanStart, requiredRoleCount, roleCap, validateRoleSelection } from './lobby.js';
import { SUGGESTION_ORDER, suggestRoles } from './suggest-roles.js';
import type { RoleName } from './types.js';

const countOf = (roles: readonly string[]) => {
  const m = new Map<string, number>();
  for (const r of roles) m.set(r, (m.get(r) ?? 0) + 1);
  return m;
};

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (err) {
    return isRulesError(err) ? err.code : 'not a RulesError';
  }
  return undefined;
};

describe('suggestRoles (docs/rules.md "Suggested roles")', () => {
  const counts = Array.from({ length: MAX_PLAYERS }, (_, i) => i + 1);

  it.each(counts)('gives %i players a selection checkCanStart and validateRoleSelection accept, within the caps', (players) => {
    const roles = suggestRoles(players);
    expect(roles).toHaveLength(requiredRoleCount(players));
    expect(() => checkCanStart(players, roles)).not.toThrow();
    expect(validateRoleSelection(roles)).toEqual(roles);
    for (const [role, n] of countOf(roles)) {
      expect(AVAILABLE_ROLES).toContain(role);
      expect(n).toBeLessThanOrEqual(roleCap(role));
    }
    expect(roles.some((r) => ROLES[r].team === 'bad')).toBe(true);
    expect(roles.some((r) => ROLES[r].isWolf)).toBe(true);
    // Deterministic, and a new list every call.
    const again = suggestRoles(players);
    expect(again).toEqual(roles);
    expect(again).not.toBe(roles);
  });

  it('starts from the default lobby and the classic 3-player table', () => {
    expect(suggestRoles(1)).toEqual([...DEFAULT_ROLES]);
    expect([...suggestRoles(3)].sort()).toEqual(['Bad Guy', 'Bad Guy', 'Basic Good Guy', 'Role Looker', 'Role Swapper', 'Role Thief']);
    expect(suggestRoles(5)).toEqual([...suggestRoles(3), 'Self-Checker', 'Random Role Taker']);
  });

  it('keeps Mutual Knowers in pairs and lets the bad team grow with the table', () => {
    for (const players of counts) {
      const n = countOf(suggestRoles(players)).get('Mutual Knowers') ?? 0;
      expect([0, 2]).toContain(n);
      const wolves = suggestRoles(players).filter((r) => ROLES[r].isWolf).length;
      // One wolf card for 1-2 players, two from 3 players, then about one per five cards.
      expect(wolves).toBeGreaterThanOrEqual(players >= 3 ? 2 : 1);
      expect(wolves).toBeGreaterThanOrEqual(Math.floor(requiredRoleCount(players) / 6));
    }
  });

  it('uses every available role up to its cap for a full 27-player game; SUGGESTION_ORDER holds exactly those cards', () => {
    const full = suggestRoles(MAX_PLAYERS);
    const expected = new Map(AVAILABLE_ROLES.map((r) => [r as string, roleCap(r)]));
    expect(countOf(full)).toEqual(expected);
    expect(countOf(SUGGESTION_ORDER.flat())).toEqual(expected);
  });

  it('rejects counts outside 1-27', () => {
    for (const bad of [0, -1, 2.5, MAX_PLAYERS + 1, Number.NaN]) expect(codeOf(() => suggestRoles(bad))).toBe('INVALID_COMMAND');
  });

  it('fills from the catalogue it is given, ignoring unknown, custom and unavailable names', () => {
    const catalogue = ['Advanced Bad Guy', 'Role Looker', 'Basic Good Guy', 'custom:abc', 'Old Hag', 'Nobody', 'Role Thief', 'Role Looker'];
    const roles = suggestRoles(2, catalogue);
    expect(roles[0]).toBe('Advanced Bad Guy');
    expect([...roles].sort()).toEqual(['Advanced Bad Guy', 'Basic Good Guy', 'Basic Good Guy', 'Role Looker', 'Role Thief']);
    expect(() => checkCanStart(2, roles)).not.toThrow();
    // Within the caps: 1 + 1 + 3 + 1 = 6 cards at most.
    expect(suggestRoles(3, catalogue)).toHaveLength(6);
    expect(codeOf(() => suggestRoles(4, catalogue))).toBe('ROLE_NOT_AVAILABLE');
  });

  it('opens with a bad-team role even when the catalogue has no wolf, and refuses a catalogue without one', () => {
    const helperOnly: RoleName[] = ['Role Looker', 'Basic Good Guy', 'Bad Guy Helper', 'Role Thief'];
    expect(suggestRoles(1, helperOnly)[0]).toBe('Bad Guy Helper');
    expect(codeOf(() => suggestRoles(1, ['Role Looker', 'Basic Good Guy', 'Role Thief']))).toBe('ROLE_NOT_AVAILABLE');
  });
});
