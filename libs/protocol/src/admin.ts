/**
 * REST bodies of the admin console (spec 001 sections 2, 3 and 7): `/api/admin/*`. Zod-free types;
 * the gateway validates request bodies with `@nightfall/protocol/schemas`.
 */
import type { EntitlementDto, HostStatus } from './entitlements.js';

/** An entitlement as the admin console lists it: the holder's e-mail is included. */
export interface AdminEntitlementDto extends EntitlementDto {
  userId: string;
  userEmail: string;
}

/** One row of the users table (spec 001 "User Management"). */
export interface AdminUserDto {
  id: string;
  email: string;
  displayName: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  /** The primary account (SUPER_ADMIN_EMAIL): its admin rights cannot be removed. */
  isPrimary: boolean;
  emailVerified: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  hostStatus: HostStatus;
  /** The host entitlement the badge describes (the one giving rights, else the newest), or null. */
  hostEntitlement: AdminEntitlementDto | null;
}

/** A page of results: `items` of page `page` (1-based) of `pageSize`, `total` matches in all. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/users?search=&page=&pageSize= */
export type AdminUsersResponse = Page<AdminUserDto>;

/** GET /api/admin/entitlements?status=&search=&page=&pageSize= */
export type AdminEntitlementsResponse = Page<AdminEntitlementDto>;

/** POST /api/admin/grant-entitlement body. */
export interface GrantEntitlementBody {
  email: string;
  type: 'host';
  tier: 'permanent' | 'pass_48h';
}

/** POST /api/admin/toggle-admin body and answer ('{email} is now an admin' / '{email} is no longer an admin'). */
export interface ToggleAdminBody {
  userIdentifier: string;
}
export interface ToggleAdminResponse {
  message: string;
  userEmail: string;
  isAdmin: boolean;
}

/** Known theme ids of a custom role's variants (spec 001 "Custom Role Creator"). */
export const CUSTOM_ROLE_THEMES = ['werewolf', 'russiagate', 'corporate', 'generic'] as const;
export type CustomRoleThemeId = (typeof CUSTOM_ROLE_THEMES)[number];

/** A custom role's title and image in one theme. */
export interface ThemeVariantDto {
  title: string;
  imageUrl: string;
}

/** Body of POST /api/admin/custom-roles and PATCH /api/admin/custom-roles/{id}. */
export interface CustomRoleBody {
  baseName: string;
  /** villager | werewolf | any other team label (up to 50 characters). */
  team: string;
  abilities: string;
  /** 0 = no night action. */
  nightOrder: number;
  isActive: boolean;
  themeVariants: Record<string, ThemeVariantDto>;
}

/** A custom role (spec 001 section 3). */
export interface CustomRoleDto extends CustomRoleBody {
  id: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** One admin action of the audit log. */
export interface AuditEntryDto {
  id: string;
  actorUserId: string;
  actorEmail: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** GET /api/admin/audit-log?page=&pageSize= */
export type AuditLogResponse = Page<AuditEntryDto>;
