/**
 * The host facts of /api/me the account screens render. `hasHostRights` and `hostEntitlement` are the
 * server's. `hostStatus` and `displayedHostEntitlement` are requested from the gateway (MeResponse); until
 * it sends them, INTERIM readings of the server's own list stand in: its entitlements come newest first,
 * each with the status billing derived. Delete the fallbacks once the gateway fills both fields.
 */
import type { EntitlementDto, HostStatus, MeResponse } from '@nightfall/protocol';

type HostFacts = Pick<MeResponse, 'entitlements' | 'hostEntitlement' | 'hasHostRights' | 'hostStatus' | 'displayedHostEntitlement'>;

const hostEntitlements = (me: HostFacts) => (me.entitlements ?? []).filter((e) => e.type === 'host');

/** The server's `hostStatus` (interim: active with host rights, else revoked, expired or none from the list's statuses). */
export function hostStatusOf(me: HostFacts): HostStatus {
  if (me.hostStatus) return me.hostStatus;
  if (me.hasHostRights) return 'active';
  const statuses = new Set(hostEntitlements(me).map((e) => e.status));
  return statuses.has('revoked') ? 'revoked' : statuses.has('expired') ? 'expired' : 'none';
}

/** The server's `displayedHostEntitlement` (interim: `hostEntitlement`, else the first, i.e. newest, host entitlement of the list). */
export function displayedHostEntitlementOf(me: HostFacts): EntitlementDto | null {
  if (me.displayedHostEntitlement !== undefined) return me.displayedHostEntitlement;
  return me.hostEntitlement ?? hostEntitlements(me)[0] ?? null;
}
