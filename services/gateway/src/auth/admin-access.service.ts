import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import type { SessionUser } from './session.service.js';

/** The admin level of a user: super_admin, admin, or null (spec 001 section 6). */
export type AdminLevel = 'super_admin' | 'admin' | null;

/** The user fields the admin check reads. */
export type AdminCandidate = Pick<SessionUser, 'userId' | 'email' | 'isGuest'>;

/** Parses ADMIN_EMAILS (comma-separated, case-insensitive, blanks ignored). */
export function parseAdminEmails(raw: string): Set<string> {
  return new Set(
    raw
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * The admin level of a user: `super_admin` with an active super_admin entitlement; `admin` with an
 * active admin entitlement or an e-mail listed in ADMIN_EMAILS; otherwise null. Guests are never admins.
 * Entitlements come from billing's ListEntitlements (status is derived there: revoked and expired ones
 * give nothing).
 */
export async function adminLevel(user: AdminCandidate | null | undefined, upstream: UpstreamService, adminEmails: ReadonlySet<string>): Promise<AdminLevel> {
  if (!user || user.isGuest) return null;
  const { entitlements } = await upstream.call(upstream.billing.listEntitlements({ userId: user.userId }));
  const active = new Set((entitlements ?? []).filter((e) => e.status === 'active').map((e) => e.type));
  if (active.has('super_admin')) return 'super_admin';
  if (active.has('admin')) return 'admin';
  if (user.email && adminEmails.has(user.email.toLowerCase())) return 'admin';
  return null;
}

/**
 * Whether a user is an admin (active admin or super_admin entitlement, or an e-mail in ADMIN_EMAILS).
 * @param adminEmails ADMIN_EMAILS as a string or a parsed set
 */
export async function isAdmin(user: AdminCandidate | null | undefined, upstream: UpstreamService, adminEmails: string | ReadonlySet<string>): Promise<boolean> {
  const emails = typeof adminEmails === 'string' ? parseAdminEmails(adminEmails) : adminEmails;
  return (await adminLevel(user, upstream, emails)) !== null;
}

/** Injectable form of `isAdmin` / `adminLevel` bound to the gateway's ADMIN_EMAILS. */
@Injectable()
export class AdminAccess {
  private readonly emails: ReadonlySet<string>;

  constructor(
    private readonly upstream: UpstreamService,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.emails = parseAdminEmails(env.ADMIN_EMAILS);
  }

  /** Whether the user is an admin (see `isAdmin`). */
  isAdmin(user: AdminCandidate | null | undefined): Promise<boolean> {
    return isAdmin(user, this.upstream, this.emails);
  }

  /** The user's admin level (see `adminLevel`). */
  level(user: AdminCandidate | null | undefined): Promise<AdminLevel> {
    return adminLevel(user, this.upstream, this.emails);
  }
}

/**
 * Requires an admin (use after SessionGuard, which sets request.user).
 * @throws 401 without a user; 403 'Access Denied' for non-admins
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly access: AdminAccess) {}

  /** Lets admins through. @throws 401 / 403 */
  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const user = ctx.switchToHttp().getRequest<{ user?: SessionUser }>().user;
    if (!user) throw new ApiException(401, GatewayErrorCode.UNAUTHENTICATED, 'Please sign in.');
    if (!(await this.access.isAdmin(user))) throw new ApiException(403, GatewayErrorCode.ACCESS_DENIED, "You don't have permission to access this page.", 'Access Denied');
    return true;
  }
}
