import type { adminV1 } from '@nightfall/contracts';
import type { AdminEntitlementDto, AdminUserDto, AuditEntryDto, CustomRoleDto, EntitlementDto, HostStatus, Page } from '@nightfall/protocol';

/** Wire -> REST: an entitlement of the console ('' -> null). */
export function toAdminEntitlementDto(e: adminV1.AdminEntitlement): AdminEntitlementDto {
  return {
    id: e.id,
    userId: e.userId,
    userEmail: e.userEmail,
    type: e.type as EntitlementDto['type'],
    tier: e.tier as EntitlementDto['tier'],
    status: e.status as EntitlementDto['status'],
    source: e.source as EntitlementDto['source'],
    createdAt: e.createdAt,
    expiresAt: e.expiresAt || null,
    revokedAt: e.revokedAt || null,
  };
}

/** Wire -> REST: a users-table row. */
export function toAdminUserDto(u: adminV1.AdminUser): AdminUserDto {
  const hostStatus: HostStatus = u.hostStatus === 'active' || u.hostStatus === 'revoked' || u.hostStatus === 'expired' ? u.hostStatus : 'none';
  return {
    id: u.id,
    email: u.email,
    displayName: u.displayName,
    isAdmin: u.isAdmin,
    isSuperAdmin: u.isSuperAdmin,
    isPrimary: u.isPrimary,
    emailVerified: u.emailVerified,
    createdAt: u.createdAt,
    lastLoginAt: u.lastLoginAt || null,
    hostStatus,
    hostEntitlement: u.hostEntitlement ? toAdminEntitlementDto(u.hostEntitlement) : null,
  };
}

/** Wire -> REST: a custom role (every theme variant with an imageUrl string). */
export function toCustomRoleDto(r: adminV1.CustomRole): CustomRoleDto {
  return {
    id: r.id,
    baseName: r.baseName,
    team: r.team,
    abilities: r.abilities,
    nightOrder: r.nightOrder,
    isActive: r.isActive,
    themeVariants: Object.fromEntries(Object.entries(r.themeVariants ?? {}).map(([k, v]) => [k, { title: v.title, imageUrl: v.imageUrl ?? '' }])),
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** Wire -> REST: an audit entry (before/after parsed back to JSON values). */
export function toAuditEntryDto(e: adminV1.AuditEntry): AuditEntryDto {
  const parse = (json: string): unknown => {
    try {
      return JSON.parse(json || 'null') as unknown;
    } catch {
      return null;
    }
  };
  return {
    id: e.id,
    actorUserId: e.actorUserId,
    actorEmail: e.actorEmail,
    action: e.action,
    target: e.target,
    before: parse(e.beforeJson),
    after: parse(e.afterJson),
    createdAt: e.createdAt,
  };
}

/** A page of REST items. */
export function page<T>(items: T[], total: number, pageNumber: number, pageSize: number): Page<T> {
  return { items, total, page: pageNumber, pageSize };
}
