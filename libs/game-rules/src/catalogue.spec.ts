import {
  AVAILABLE_ROLES,
  NIGHT_ORDER,
  ROLES,
  ROLE_LIST,
  SELECTABLE_ROLES,
  displayNameOf,
  roleTeam,
  rolesInNightOrder,
} from './catalogue.js';
import { DEFAULT_ROLES, LIMITS } from './constants.js';
import { RESOLUTION_STEPS } from './night/resolve.js';
import { ROLE_MODULES } from './roles/index.js';
import type { RoleName } from './types.js';

const NOT_SELECTABLE: RoleName[] = ['Uneliminatable Player', 'Aura Seer', 'Copycat', 'Old Hag'];

describe('role catalogue (docs/rules.md "Roles")', () => {
  it('lists the 30 canonical roles with consistent names', () => {
    expect(ROLE_LIST).toHaveLength(30);
    expect(Object.keys(ROLES)).toHaveLength(30);
    for (const def of ROLE_LIST) expect(ROLES[def.name]).toBe(def);
  });

  it('has 26 selectable roles (spec 000 section 1)', () => {
    expect(SELECTABLE_ROLES).toHaveLength(26);
    for (const r of ['Uneliminatable Player', 'Aura Seer', 'Copycat', 'Old Hag'] as RoleName[]) {
      expect(ROLES[r].selectable).toBe(false);
    }
  });

  it('implements every selectable role, each with a module; the 4 others stay described but not selectable', () => {
    const selectable = [...SELECTABLE_ROLES].sort();
    expect(ROLE_LIST.filter((r) => r.implemented).map((r) => r.name).sort()).toEqual(selectable);
    expect(Object.keys(ROLE_MODULES).sort()).toEqual(selectable);
    expect([...AVAILABLE_ROLES].sort()).toEqual(selectable);
    expect(AVAILABLE_ROLES).toHaveLength(26);
    for (const r of NOT_SELECTABLE) {
      expect(ROLES[r]).toMatchObject({ selectable: false, implemented: false });
      expect(ROLES[r].description.length).toBeGreaterThan(10);
      expect(ROLE_MODULES[r]).toBeUndefined();
    }
  });

  it('uses the caps of spec 000 section 9', () => {
    for (const def of ROLE_LIST) {
      const expected = def.name === 'Basic Good Guy' ? 3 : def.name === 'Bad Guy' || def.name === 'Mutual Knowers' ? 2 : 1;
      expect(def.maxCount).toBe(expected);
    }
  });

  it('uses the night orders of docs/rules.md "Roles" and the generic display names', () => {
    const orders: Partial<Record<RoleName, number>> = {
      'Bad Guy': 1, 'Bad Guy Converter': 1, 'Advanced Bad Guy': 1, 'Role Locker': 1, 'Role Copier': 1,
      'Paranormal Investigator': 2, Protector: 3, Stalker: 3, 'Role Looker': 4, 'Single Role Looker': 4,
      'Role Revealer': 4, 'Role Thief': 5, 'Role Swapper': 6, 'Village Idiot': 6, 'Random Role Taker': 7,
      'Role Giver': 7, Tapper: 8, 'Item Giver': 9, 'Self-Checker': 10,
    };
    for (const def of ROLE_LIST) {
      expect(def.actionOrder).toBe(orders[def.name] ?? 0);
      expect(def.hasNightAction).toBe(def.actionOrder > 0);
    }
    expect(displayNameOf('Village Idiot')).toBe('All Role Switcher');
    expect(displayNameOf('Paranormal Investigator')).toBe('Role Investigator');
    expect(ROLE_LIST.filter((r) => r.displayName !== r.name).map((r) => r.name).sort()).toEqual(['Paranormal Investigator', 'Village Idiot']);
    expect(NIGHT_ORDER.map((g) => g.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(NIGHT_ORDER[3]?.roles).toEqual(['Role Looker', 'Single Role Looker', 'Role Revealer']);
  });

  it('teams and wolves follow docs/rules.md "Roles"', () => {
    expect(ROLE_LIST.filter((r) => r.isWolf).map((r) => r.name)).toEqual(['Bad Guy', 'Bad Guy Converter', 'Advanced Bad Guy', 'Isolated Bad Guy']);
    expect(roleTeam('Bad Guy Helper')).toBe('bad');
    expect(ROLES['Bad Guy Helper'].isWolf).toBe(false);
    expect(roleTeam('Self-Eliminator')).toBe('neutral');
    expect(roleTeam('Stalker')).toBe('neutral');
    expect(roleTeam('Role Thief')).toBe('good');
    expect(() => roleTeam('Werewolf' as RoleName)).toThrow(RangeError);
    for (const def of ROLE_LIST) {
      expect(def.description.length).toBeGreaterThan(10);
      expect(def.winCondition.length).toBeGreaterThan(10);
      expect(def.instructions.length).toBeGreaterThan(5);
    }
  });

  it('every role with a night order has a resolution step, in order', () => {
    const stepped = RESOLUTION_STEPS.flatMap((s) => s.roles);
    for (const def of ROLE_LIST) expect(stepped.includes(def.name)).toBe(def.actionOrder > 0);
    expect(rolesInNightOrder(['Self-Checker', 'Bad Guy', 'Basic Good Guy', 'Role Thief', 'Bad Guy'])).toEqual([
      { role: 'Bad Guy', order: 1 },
      { role: 'Role Thief', order: 5 },
      { role: 'Self-Checker', order: 10 },
    ]);
  });

  it('exports the limits and default roles', () => {
    expect(LIMITS).toMatchObject({ MAX_PLAYERS: 27, MAX_BOTS: 26, CENTER_SIZE: 3, DEFAULT_DISCUSSION_TIME: 300, VOTING_TIME: 60, CHAT_MAX: 200 });
    expect(DEFAULT_ROLES).toEqual(['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy']);
  });
});
