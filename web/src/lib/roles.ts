/**
 * Role catalogue lookups for display. Every rule comes from @nightfall/game-rules (the catalogue, caps, the
 * lobby toggle, night order); this module only tolerates names outside the catalogue (custom roles) and
 * sorts for display.
 */
import { AVAILABLE_ROLES, ROLES, nightOrderOf } from '@nightfall/game-rules';
import type { RoleDefinition, RoleName, Team } from '@nightfall/game-rules';

/** Team order used by every grouped list. */
export const TEAM_ORDER: readonly Team[] = ['bad', 'good', 'neutral'];

/** Catalogue entry of a role (undefined for an unknown name, e.g. a custom role). */
export function roleDef(name: RoleName | string | null | undefined): RoleDefinition | undefined {
  if (!name) return undefined;
  return (ROLES as Partial<Record<string, RoleDefinition>>)[name];
}

/** Name shown for a role in the generic theme. */
export function roleLabel(name: RoleName | string | null | undefined): string {
  if (!name) return 'Unknown';
  return roleDef(name)?.displayName || name;
}

/** Team of a role's card (good for unknown roles). */
export function roleTeam(name: RoleName | string | null | undefined): Team {
  return roleDef(name)?.team ?? 'good';
}

/** Night order shown to players; 0 when the role has no night action (or is unknown). */
export function roleOrder(name: RoleName | string): number {
  return roleDef(name) ? nightOrderOf(name as RoleName) : 0;
}

/** Roles the host may pick in the lobby (the engine's AVAILABLE_ROLES: selectable and implemented), in catalogue order. */
export function selectableRoles(): RoleDefinition[] {
  return AVAILABLE_ROLES.map((name) => ROLES[name]);
}

/** Number of copies of each role in a selection. */
export function countRoles(roles: readonly RoleName[]): Map<RoleName, number> {
  const counts = new Map<RoleName, number>();
  for (const role of roles) counts.set(role, (counts.get(role) ?? 0) + 1);
  return counts;
}

/** Distinct roles of a selection with their counts, sorted by team then night order then name. */
export function summarizeRoles(roles: readonly RoleName[]): Array<{ role: RoleName; count: number; order: number; team: Team }> {
  const counts = countRoles(roles);
  return [...counts.entries()]
    .map(([role, count]) => ({ role, count, order: roleOrder(role), team: roleTeam(role) }))
    .sort((a, b) => TEAM_ORDER.indexOf(a.team) - TEAM_ORDER.indexOf(b.team) || (a.order || 99) - (b.order || 99) || a.role.localeCompare(b.role));
}
