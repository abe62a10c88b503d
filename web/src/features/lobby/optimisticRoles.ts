/**
 * The host's optimistic role selection in the lobby (docs/architecture.md "Table experience"), framework-free
 * (unit tested in optimisticRoles.spec.ts; `useOptimisticRoles` wires it to React). Each tap sends the whole
 * selection the host sees; the next tap must build on that list, not on the server's older one, or a slow
 * confirmation brings back a role the host had removed. So the list last sent is shown until the server's list
 * matches it, the server refuses an action, or {@link PENDING_FALLBACK_MS} pass without either.
 */
import type { RoleId } from '@nightfall/game-rules';
import { sameRoles } from './quickSetup';

/**
 * How long a sent selection is shown without a confirmation or a refusal, ms. Long enough for a slow phone
 * network (a refusal answers at once, and a reconnect re-sends the update); short enough that a lost message
 * cannot hide the server's list for long.
 */
export const PENDING_FALLBACK_MS = 15_000;

/** What happened: the host sent a selection, a view brought the server's, an action was refused, or time ran out. */
export type OptimisticEvent =
  | { kind: 'sent'; roles: RoleId[] }
  | { kind: 'server'; roles: readonly RoleId[] }
  | { kind: 'refused' }
  | { kind: 'expired' };

/**
 * The selection still waiting for the server after `event` (null: show the server's).
 * A server list other than the pending one (an earlier tap confirmed, or another change) keeps it pending.
 */
export function pendingAfter(pending: RoleId[] | null, event: OptimisticEvent): RoleId[] | null {
  switch (event.kind) {
    case 'sent':
      return event.roles;
    case 'server':
      return pending && sameRoles(pending, event.roles) ? null : pending;
    case 'refused':
    case 'expired':
      return null;
  }
}
