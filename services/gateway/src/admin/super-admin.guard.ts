import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AdminAccess } from '../auth/admin-access.service.js';
import type { SessionUser } from '../auth/session.service.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';

/**
 * Requires a super admin (use after SessionGuard): the custom role creator and the admin toggle
 * (spec 001 section 6). Checked before the body is read, so a plain admin learns nothing from a 400.
 * The admin service checks the actor again.
 * @throws 401 without a user; 403 ACCESS_DENIED for non-admins, SUPER_ADMIN_ONLY ('Super Admin Only') for admins; 503
 */
@Injectable()
export class SuperAdminGuard implements CanActivate {
  constructor(private readonly admins: AdminAccess) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const user = ctx.switchToHttp().getRequest<{ user?: SessionUser }>().user;
    if (!user) throw new ApiException(401, GatewayErrorCode.UNAUTHENTICATED, 'Please sign in.');
    const access = await this.admins.access(user);
    if (!access.isAdmin) throw new ApiException(403, GatewayErrorCode.ACCESS_DENIED, "You don't have permission to access this page.", 'Access Denied');
    if (!access.isSuperAdmin) throw new ApiException(403, GatewayErrorCode.SUPER_ADMIN_ONLY, 'Super Admin Only', 'Access Denied');
    return true;
  }
}
