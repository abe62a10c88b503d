import type { adminV1 } from '@nightfall/contracts';

/** The configured admins (ADMIN_EMAILS, SUPER_ADMIN_EMAIL), lower-cased; '' = no primary account. */
export interface AdminConfig {
  adminEmails: readonly string[];
  superAdminEmail: string;
}

/** What the policy reads of a user (identity's User). */
export interface AccessSubject {
  email: string;
  isGuest: boolean;
  emailVerified: boolean;
}

/** No rights at all (guests, unknown users). */
export const NO_ACCESS: adminV1.Access = Object.freeze({ isAdmin: false, isSuperAdmin: false, isPrimary: false });

/** Entitlement types that make an admin. */
const ADMIN_TYPES = ['admin', 'super_admin'];

/**
 * The admin rights of a user (spec 001 section 6; proto `Access`), decided here only:
 * - nothing for an unknown user or a guest;
 * - the configured e-mails count only once the account has verified its address (followed a magic
 *   link): an unverified account that merely signed up with a listed address gets nothing from it;
 * - primary = the verified SUPER_ADMIN_EMAIL;
 * - super admin = an active super_admin entitlement, or the primary account;
 * - admin = a super admin, an active admin entitlement, or a verified e-mail in ADMIN_EMAILS.
 * @param activeTypes types of the user's active (unrevoked, unexpired) entitlements
 */
export function decideAccess(user: AccessSubject | null, activeTypes: Iterable<string>, config: AdminConfig): adminV1.Access {
  if (!user || user.isGuest) return { ...NO_ACCESS };
  const types = new Set(activeTypes);
  const email = user.email.trim().toLowerCase();
  const verified = user.emailVerified && email !== '';
  const isPrimary = verified && config.superAdminEmail !== '' && email === config.superAdminEmail;
  const isSuperAdmin = isPrimary || types.has('super_admin');
  const listed = verified && config.adminEmails.includes(email);
  const isAdmin = isSuperAdmin || ADMIN_TYPES.some((t) => types.has(t)) || listed;
  return { isAdmin, isSuperAdmin, isPrimary };
}

/** Why a user is an admin, for ToggleAdmin: what revoking their `admin` entitlements would leave. */
export interface AdminSources {
  /** The verified e-mail is in ADMIN_EMAILS. */
  byConfig: boolean;
  /** An active super_admin entitlement. */
  bySuperAdminEntitlement: boolean;
  /** An active admin entitlement. */
  byAdminEntitlement: boolean;
}

/** The sources of a user's admin rights besides the primary account (see {@link decideAccess}). */
export function adminSources(user: AccessSubject, activeTypes: Iterable<string>, config: AdminConfig): AdminSources {
  const types = new Set(activeTypes);
  const email = user.email.trim().toLowerCase();
  const verified = !user.isGuest && user.emailVerified && email !== '';
  return {
    byConfig: verified && config.adminEmails.includes(email),
    bySuperAdminEntitlement: !user.isGuest && types.has('super_admin'),
    byAdminEntitlement: !user.isGuest && types.has('admin'),
  };
}
