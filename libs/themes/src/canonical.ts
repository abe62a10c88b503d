/**
 * Canonical role names and the names older themes use (spec 000 section 3 "Canonical roles"; spec 001
 * section 5 "Theme build"). docs/themes.md "Role names".
 */
import { ROLE_LIST, isRoleName } from '@nightfall/game-rules';
import type { RoleName } from '@nightfall/game-rules';

/** The 30 roles a theme must define, in catalogue order. */
export const CANONICAL_ROLES: readonly RoleName[] = Object.freeze(ROLE_LIST.map((r) => r.name));

/** Older (classic) role names and the canonical role each stands for (spec 000 section 3 table, spec 001 section 5). */
export const LEGACY_ROLE_NAMES: Readonly<Record<string, RoleName>> = Object.freeze({
  Werewolf: 'Bad Guy',
  Minion: 'Bad Guy Helper',
  Seer: 'Role Looker',
  Robber: 'Role Thief',
  Troublemaker: 'Role Swapper',
  Drunk: 'Random Role Taker',
  Insomniac: 'Self-Checker',
  Mason: 'Mutual Knowers',
  Hunter: 'Revenge Voter',
  Bodyguard: 'Protector',
  Prince: 'Uneliminatable Player',
  Tanner: 'Self-Eliminator',
});

/** Theme ids of older versions that now mean the generic theme (spec 001 section 4). */
export const LEGACY_THEME_IDS: readonly string[] = Object.freeze(['corporate-espionage', 'corporate', 'russiagate', 'onuw-classic']);

/**
 * The canonical role a theme's role key stands for: a canonical name as is, an older name through
 * {@link LEGACY_ROLE_NAMES} (case-insensitive), else null.
 */
export function canonicalRoleName(name: string): RoleName | null {
  const n = name.trim();
  if (isRoleName(n)) return n;
  const lower = n.toLowerCase();
  for (const role of CANONICAL_ROLES) if (role.toLowerCase() === lower) return role;
  for (const [old, role] of Object.entries(LEGACY_ROLE_NAMES)) if (old.toLowerCase() === lower) return role;
  return null;
}
