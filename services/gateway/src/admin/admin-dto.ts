import type { adminV1 } from '@nightfall/contracts';
import type { AdminEntitlementDto, AdminUserDto, AuditEntryDto, CustomRoleDto, Page } from '@nightfall/protocol';
import { toEntitlementDto, toHostStatus } from '../auth/me.service.js';

/** Wire -> REST: an entitlement of the console: the account's DTO plus its holder ('' -> null). */
export function toAdminEntitlementDto(e: adminV1.AdminEntitlement): AdminEntitlementDto {
  return { ...toEntitlementDto(e), userId: e.userId, userEmail: e.userEmail };
}

/** Wire -> REST: a users-table row. */
export function toAdminUserDto(u: adminV1.AdminUser): AdminUserDto {
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
    hostStatus: toHostStatus(u.hostStatus),
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
