import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { adminV1 } from '@nightfall/contracts';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { RightsCache, type RightsRead } from './rights-cache.js';
import type { SessionUser } from './session.service.js';

/** The admin level of a user: super_admin, admin, or null (spec 001 section 6). */
export type AdminLevel = 'super_admin' | 'admin' | null;

/** The user fields the admin check reads. */
export type AdminCandidate = Pick<SessionUser, 'userId' | 'email' | 'isGuest'>;

/** No rights (guests, signed-out callers). */
const NO_ACCESS: adminV1.Access = { isAdmin: false, isSuperAdmin: false, isPrimary: false };

/** The level of an Access answer. */
export function levelOf(access: adminV1.Access): AdminLevel {
  return access.isSuperAdmin ? 'super_admin' : access.isAdmin ? 'admin' : null;
}

/**
 * Who is an admin, asked of the admin service (`AdminService.GetAccess`), which alone decides it
 * (spec 001 section 6: active admin/super_admin entitlements, and the verified ADMIN_EMAILS /
 * SUPER_ADMIN_EMAIL addresses of its configuration). Guests are never admins and are not asked about.
 * Every answer is asked again (`fresh`) unless the caller reads it `cached` (a socket's join:
 * docs/architecture.md "Rights checks"), and remembered in the {@link RightsCache} either way.
 * Every method rejects with a RemoteError (503 SERVICE_UNAVAILABLE) when the admin service cannot answer.
 */
@Injectable()
export class AdminAccess {
  constructor(private readonly rights: RightsCache) {}

  /** The user's rights (none for guests and signed-out callers). */
  async access(user: AdminCandidate | null | undefined, read: RightsRead = 'fresh'): Promise<adminV1.Access> {
    if (!user || user.isGuest) return { ...NO_ACCESS };
    return this.rights.admin(user.userId, read);
  }

  /** Whether the user is an admin (admins and super admins). */
  async isAdmin(user: AdminCandidate | null | undefined): Promise<boolean> {
    return (await this.access(user)).isAdmin;
  }

  /** The user's admin level. */
  async level(user: AdminCandidate | null | undefined): Promise<AdminLevel> {
    return levelOf(await this.access(user));
  }
}

/**
 * Requires an admin (use after SessionGuard, which sets request.user).
 * @throws 401 without a user; 403 'Access Denied' for non-admins; 503 when the admin service is down
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly access: AdminAccess) {}

  /** Lets admins through. @throws 401 / 403 / 503 */
  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const user = ctx.switchToHttp().getRequest<{ user?: SessionUser }>().user;
    if (!user) throw new ApiException(401, GatewayErrorCode.UNAUTHENTICATED, 'Please sign in.');
    if (!(await this.access.isAdmin(user))) throw new ApiException(403, GatewayErrorCode.ACCESS_DENIED, "You don't have permission to access this page.", 'Access Denied');
    return true;
  }
}
