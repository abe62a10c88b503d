/**
 * The super admin's role change (spec 000 sections 2 and 7; docs/rules.md "Admin"): what the panel offers
 * and shows, and the call. The server decides who is the super admin (it sends admin views only to the
 * super admin's sockets and refuses the call to anybody else); the rules decide whether a change fits.
 */
import type { GameNotice } from '@nightfall/protocol';
import type { GameView, RoleId } from '@nightfall/game-rules';
import { apiFetch } from '../../lib/api';
import { countRoles } from '../../lib/roles';

/** True when a view is an admin view: it carries the lobby's pre-assignments (null for everybody else). */
export function isAdminView(view: Pick<GameView, 'game'> | null | undefined): boolean {
  const pre = view?.game.preassignedRoles;
  return pre !== null && pre !== undefined;
}

/** The value meaning "no pre-assignment: dealt at random" ('' clears it on the server). */
export const RANDOM_ROLE = '';

/**
 * The roles the admin may pick for a player: the distinct roles of the selection in selection order (a
 * pre-assignment and the role_deal swap both take the card from the selection).
 */
export function adminRoleChoices(selected: readonly RoleId[]): RoleId[] {
  return [...countRoles(selected).keys()];
}

/**
 * The role a player is shown with in the panel: in the lobby the pre-assigned card ('' for random), in
 * role_deal the dealt card; a change still on its way wins.
 */
export function adminRoleValue(view: Pick<GameView, 'game' | 'players'>, playerId: string, pending?: string): string {
  if (pending !== undefined) return pending;
  if (view.game.phase === 'lobby') return view.game.preassignedRoles?.[playerId] ?? RANDOM_ROLE;
  return view.players.find((p) => p.userId === playerId)?.originalRole ?? RANDOM_ROLE;
}

/** Answer of POST /api/games/{gameId}/admin/player-role. */
export interface AdminRoleAnswer {
  /** The toast as the rules code it ('role_updated'); worded by the screen (docs/rules.md "Message codes"). */
  notice: GameNotice;
}

/** POST /api/games/{gameId}/admin/player-role {playerId, newRole} ('' clears a lobby pre-assignment). */
export function setPlayerRole(gameId: string, playerId: string, newRole: string): Promise<AdminRoleAnswer> {
  return apiFetch<AdminRoleAnswer>(`/api/games/${encodeURIComponent(gameId)}/admin/player-role`, { method: 'POST', body: { playerId, newRole } });
}
