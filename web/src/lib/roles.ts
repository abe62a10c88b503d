import { ROLES } from '@nightfall/game-rules';
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

/** Night order shown to players; 0 when the role has no night action. */
export function roleOrder(name: RoleName | string): number {
  const def = roleDef(name);
  return def && def.hasNightAction ? def.actionOrder : 0;
}

/** Roles the host may pick in the lobby: implemented and selectable, in catalogue order. */
export function selectableRoles(): RoleDefinition[] {
  return Object.values(ROLES as Record<RoleName, RoleDefinition>).filter((def) => def.implemented && def.selectable);
}

/** Number of copies of each role in a selection. */
export function countRoles(roles: readonly RoleName[]): Map<RoleName, number> {
  const counts = new Map<RoleName, number>();
  for (const role of roles) counts.set(role, (counts.get(role) ?? 0) + 1);
  return counts;
}

/** Lobby cap of a role (spec 000 section 9): Bad Guy 2, Mutual Knowers 2, Basic Good Guy 3, others 1. */
export function roleCap(name: RoleName): number {
  const def = roleDef(name);
  if (def) return def.maxCount;
  if (name === 'Bad Guy' || name === 'Mutual Knowers') return 2;
  if (name === 'Basic Good Guy') return 3;
  return 1;
}

/** Toggle rule (spec 000 section 5): a click adds one copy up to the cap; at the cap it removes all copies. */
export function toggleRole(selected: readonly RoleName[], role: RoleName): RoleName[] {
  const count = selected.filter((r) => r === role).length;
  if (count >= roleCap(role)) return selected.filter((r) => r !== role);
  return [...selected, role];
}

/** Distinct roles of a selection with their counts, sorted by team then night order then name. */
export function summarizeRoles(roles: readonly RoleName[]): Array<{ role: RoleName; count: number; order: number; team: Team }> {
  const counts = countRoles(roles);
  return [...counts.entries()]
    .map(([role, count]) => ({ role, count, order: roleOrder(role), team: roleTeam(role) }))
    .sort((a, b) => TEAM_ORDER.indexOf(a.team) - TEAM_ORDER.indexOf(b.team) || (a.order || 99) - (b.order || 99) || a.role.localeCompare(b.role));
}
