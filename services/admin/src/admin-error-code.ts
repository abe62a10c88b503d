import type { RpcException } from '@nestjs/microservices';
import { CommonErrorCode, ERROR_TITLE } from '@nightfall/protocol';
import { rpcError, type GrpcStatus } from '@nightfall/server-kit';

/**
 * Every error code the admin service answers with (docs/architecture.md "Errors"), besides
 * `CommonErrorCode.INVALID_INPUT` (a malformed id, page, status or setting key). Errors of identity
 * and billing that the admin service passes on keep their own codes (e.g. billing's `INVALID_GRANT`).
 * The gateway forwards them unchanged.
 */
export const AdminErrorCode = {
  /** The actor is not an admin: 'Access Denied' (PERMISSION_DENIED). */
  ACCESS_DENIED: 'ACCESS_DENIED',
  /** The actor is an admin but the call is for super admins: 'Access Denied' / 'Super Admin Only' (PERMISSION_DENIED). */
  SUPER_ADMIN_ONLY: 'SUPER_ADMIN_ONLY',
  /** No signed-up user with this e-mail or id: 'User not found' (NOT_FOUND). */
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  /** Unknown entitlement id: 'Entitlement not found' (NOT_FOUND). */
  ENTITLEMENT_NOT_FOUND: 'ENTITLEMENT_NOT_FOUND',
  /** Grant without an e-mail, or of a type other than host / a tier other than permanent, pass_48h (INVALID_ARGUMENT). */
  INVALID_GRANT: 'INVALID_GRANT',
  /** ToggleAdmin on the primary account (SUPER_ADMIN_EMAIL): its rights never change (FAILED_PRECONDITION). */
  PRIMARY_ACCOUNT: 'PRIMARY_ACCOUNT',
  /**
   * ToggleAdmin cannot remove the rights: they come from ADMIN_EMAILS (configuration) or from a
   * super_admin entitlement, not (only) from admin entitlements (FAILED_PRECONDITION).
   */
  ADMIN_NOT_REMOVABLE: 'ADMIN_NOT_REMOVABLE',
  /** A custom role failed validation: 'Base name is required', 'All theme titles are required'... (INVALID_ARGUMENT). */
  INVALID_CUSTOM_ROLE: 'INVALID_CUSTOM_ROLE',
  /** Unknown custom role id: 'Custom role not found' (NOT_FOUND). */
  CUSTOM_ROLE_NOT_FOUND: 'CUSTOM_ROLE_NOT_FOUND',
  /** A setting key that is empty, too long (> 100) or malformed, or a value that is too long (INVALID_ARGUMENT). */
  INVALID_SETTING: 'INVALID_SETTING',
} as const;
export type AdminErrorCode = (typeof AdminErrorCode)[keyof typeof AdminErrorCode];

/** Toast titles of the admin console's failures (spec 001 section 8). */
export const ADMIN_TITLES = {
  accessDenied: 'Access Denied',
  toggleAdmin: 'Failed to toggle admin status',
  grant: 'Failed to grant entitlement',
  revoke: 'Failed to revoke entitlement',
  createRole: 'Failed to create role',
  updateRole: 'Failed to update role',
  deleteRole: 'Failed to delete role',
} as const;

/**
 * The RpcException of an admin error: gRPC status plus the `ErrorBody` JSON (docs/architecture.md "Errors").
 * @param title the toast title; the spec's generic 'Error' unless the spec names another one
 * @param details structured extras (e.g. `{description, missingThemes}`), never prose to parse
 */
export function adminError(
  status: GrpcStatus,
  code: AdminErrorCode | CommonErrorCode,
  message: string,
  title: string = ERROR_TITLE,
  details?: Record<string, unknown>,
): RpcException {
  return rpcError(status, { code, title, message, ...(details ? { details } : {}) });
}
