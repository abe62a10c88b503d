import { Injectable } from '@nestjs/common';
import type { identityV1 } from '@nightfall/contracts';
import type { EntitlementDto, HostStatus, MeResponse } from '@nightfall/protocol';
import { UpstreamService } from '../upstream/upstream.service.js';
import { AdminAccess } from './admin-access.service.js';
import { RightsCache } from './rights-cache.js';

/** Wire entitlement -> REST DTO ('' -> null). */
export function toEntitlementDto(e: { id: string; type: string; tier: string; status: string; source: string; createdAt: string; expiresAt: string; revokedAt: string }): EntitlementDto {
  return {
    id: e.id,
    type: e.type as EntitlementDto['type'],
    tier: e.tier as EntitlementDto['tier'],
    status: e.status as EntitlementDto['status'],
    source: e.source as EntitlementDto['source'],
    createdAt: e.createdAt,
    expiresAt: e.expiresAt || null,
    revokedAt: e.revokedAt || null,
  };
}

/** Builds the GET /api/me body (MeResponse) shared by auth, profile and debug endpoints. */
@Injectable()
export class MeService {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly admins: AdminAccess,
    private readonly rights: RightsCache,
  ) {}

  /** The MeResponse of a user id (reads identity, then billing). @throws RemoteError (404 unknown user) */
  async forUserId(userId: string): Promise<MeResponse> {
    return this.forUser(await this.upstream.identity.getUser({ userId }));
  }

  /**
   * The MeResponse of an identity user: entitlements and host rights from billing (none for guests),
   * isAdmin / isSuperAdmin from the admin service (GetAccess). Both rights are asked again and remembered for the
   * room creation and socket join that usually follow (docs/architecture.md "Rights checks").
   */
  async forUser(user: identityV1.User): Promise<MeResponse> {
    const asked = this.admins.access({ userId: user.id, email: user.email || null, isGuest: user.isGuest });
    const [[list, access], rights] = await Promise.all([
      user.isGuest
        ? ([{ entitlements: [] }, { hasHostRights: false, entitlement: undefined, hostStatus: 'none', displayedEntitlement: undefined }] as const)
        : Promise.all([
            this.upstream.billing.listEntitlements({ userId: user.id }),
            this.rights.host(user.id, 'fresh'),
          ]),
      asked,
    ]);
    return {
      id: user.id,
      email: user.email || null,
      displayName: user.displayName,
      isGuest: user.isGuest,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt || null,
      entitlements: (list.entitlements ?? []).map(toEntitlementDto),
      hostEntitlement: access.entitlement ? toEntitlementDto(access.entitlement) : null,
      hasHostRights: access.hasHostRights,
      hostStatus: toHostStatus(access.hostStatus),
      displayedHostEntitlement: access.displayedEntitlement ? toEntitlementDto(access.displayedEntitlement) : null,
      isAdmin: rights.isAdmin,
      isSuperAdmin: rights.isSuperAdmin,
    };
  }
}

/** Billing's host status string -> the protocol's HostStatus ('none' for anything unknown). */
export function toHostStatus(s: string): HostStatus {
  return s === 'active' || s === 'revoked' || s === 'expired' ? s : 'none';
}
