/**
 * Classic role names (the names of the classic card game some packs are written for) and the canonical
 * role each stands for (docs/themes.md "Role names"). Read from the rules catalogue, where every role
 * carries its classic name, on top of the older names of `LEGACY_ROLE_NAMES`.
 */
import { ROLE_LIST } from '@nightfall/game-rules';
import type { RoleName } from '@nightfall/game-rules';
import { canonicalRoleName } from '../canonical.js';

/** Classic name -> canonical role ('Alpha Wolf' -> 'Bad Guy Converter', 'Thing' -> 'Tapper'); 26 entries. */
export const CLASSIC_ROLE_NAMES: Readonly<Record<string, RoleName>> = Object.freeze(
  Object.fromEntries(ROLE_LIST.filter((r) => r.classicName).map((r) => [r.classicName as string, r.name])),
);

/**
 * The canonical role for a role key of any format: a canonical name, an older name (`canonicalRoleName`),
 * or a classic name ({@link CLASSIC_ROLE_NAMES}), all case-insensitive; else null.
 */
export function classicRoleName(name: string): RoleName | null {
  const known = canonicalRoleName(name);
  if (known) return known;
  const lower = name.trim().toLowerCase();
  for (const [classic, role] of Object.entries(CLASSIC_ROLE_NAMES)) if (classic.toLowerCase() === lower) return role;
  return null;
}

/** The classic name of a canonical role, or null (Stalker has none). */
export function classicNameOf(role: RoleName): string | null {
  return ROLE_LIST.find((r) => r.name === role)?.classicName ?? null;
}
