import { Injectable } from '@nestjs/common';
import type { adminV1, billingV1, identityV1 } from '@nightfall/contracts';
import { CommonErrorCode } from '@nightfall/protocol';
import { GrpcStatus, isUuid, RemoteError } from '@nightfall/server-kit';
import { ADMIN_TITLES, AdminErrorCode, adminError } from '../admin-error-code.js';
import { adminSources } from '../access/access-policy.js';
import { AccessService, type Actor } from '../access/access.service.js';
import { AuditService } from '../audit/audit.service.js';
import { paging, searchText } from '../paging.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { toAdminEntitlement } from './entitlement-dto.js';

/** Status filters of the entitlements list ('' = all). */
export const ENTITLEMENT_STATUSES = ['', 'active', 'revoked', 'expired'] as const;
/** Tiers an admin may grant (spec 001 "Entitlements page": Permanent, 48-Hour). */
export const GRANT_TIERS = ['permanent', 'pass_48h'] as const;
/** Entitlement types whose revocation needs a super admin. */
const ADMIN_TYPES = new Set(['admin', 'super_admin']);

/** The answer texts of ToggleAdmin (spec 001 section 8). */
export const toggleMessage = (email: string, isAdmin: boolean): string => (isAdmin ? `${email} is now an admin` : `${email} is no longer an admin`);

/**
 * Entitlements in the console (spec 001 "Entitlements page", "User Management"): billing owns them;
 * this service checks the actor, finds users through identity, and writes the audit log.
 */
@Injectable()
export class EntitlementsService {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly accessService: AccessService,
    private readonly audit: AuditService,
  ) {}

  /** ListEntitlements: billing's SearchEntitlements. Admins only. @throws PERMISSION_DENIED; INVALID_ARGUMENT (status, search) */
  async list(req: adminV1.ListEntitlementsRequest): Promise<adminV1.ListEntitlementsResponse> {
    await this.accessService.requireAdmin(req.actorUserId);
    const status = req.status.trim();
    if (!(ENTITLEMENT_STATUSES as readonly string[]).includes(status)) {
      throw adminError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, 'Status must be active, revoked or expired');
    }
    const query = searchText(req.search);
    const page = paging(req.page, req.pageSize);
    const found = await this.upstream.call(this.upstream.billing.searchEntitlements({ status, query, offset: page.offset, limit: page.limit }));
    return { entitlements: (found.entitlements ?? []).map(toAdminEntitlement), total: found.total };
  }

  /**
   * GrantEntitlement: a `manual` host entitlement for the user with this e-mail. Admins only.
   * @throws PERMISSION_DENIED; INVALID_ARGUMENT `INVALID_GRANT` ('Email is required', type, tier); NOT_FOUND `USER_NOT_FOUND`
   */
  async grant(req: adminV1.GrantEntitlementRequest): Promise<adminV1.AdminEntitlement> {
    const title = ADMIN_TITLES.grant;
    const actor = await this.accessService.requireAdmin(req.actorUserId, title);
    const email = req.email.trim().toLowerCase();
    if (!email) throw adminError(GrpcStatus.INVALID_ARGUMENT, AdminErrorCode.INVALID_GRANT, 'Email is required', title);
    if (req.type !== 'host') throw adminError(GrpcStatus.INVALID_ARGUMENT, AdminErrorCode.INVALID_GRANT, 'Only host entitlements can be granted', title);
    if (!(GRANT_TIERS as readonly string[]).includes(req.tier)) {
      throw adminError(GrpcStatus.INVALID_ARGUMENT, AdminErrorCode.INVALID_GRANT, 'Tier must be permanent or pass_48h', title);
    }
    const user = await this.userByEmail(email, title);
    const granted = await this.upstream.call(
      this.upstream.billing.grantEntitlement({ userId: user.id, userEmail: user.email, type: 'host', tier: req.tier, source: 'manual' }),
    );
    const after = toAdminEntitlement(granted);
    await this.audit.recordRemote(actor, { action: 'entitlement.grant', target: `entitlement:${granted.id}`, before: null, after });
    return after;
  }

  /**
   * RevokeEntitlement. Admins only; an admin or super_admin entitlement only by a super admin. Idempotent.
   * @throws PERMISSION_DENIED; NOT_FOUND `ENTITLEMENT_NOT_FOUND`
   */
  async revoke(req: adminV1.RevokeEntitlementRequest): Promise<adminV1.AdminEntitlement> {
    const title = ADMIN_TITLES.revoke;
    const actor = await this.accessService.requireAdmin(req.actorUserId, title);
    const id = req.entitlementId.trim();
    const before = await this.findEntitlement(id, title);
    if (ADMIN_TYPES.has(before.type) && !actor.access.isSuperAdmin) {
      throw adminError(GrpcStatus.PERMISSION_DENIED, AdminErrorCode.SUPER_ADMIN_ONLY, 'Super Admin Only', title);
    }
    const after = toAdminEntitlement(await this.upstream.call(this.upstream.billing.revokeEntitlement({ entitlementId: id })));
    await this.audit.recordRemote(actor, { action: 'entitlement.revoke', target: `entitlement:${id}`, before, after });
    return after;
  }

  /**
   * ToggleAdmin: makes a user an admin (a `manual` permanent `admin` entitlement) or removes it (revokes
   * the user's active admin entitlements). Super admins only; never the primary account; rights that
   * come from ADMIN_EMAILS or a super_admin entitlement are not removed this way.
   * @throws PERMISSION_DENIED; NOT_FOUND `USER_NOT_FOUND`; FAILED_PRECONDITION `PRIMARY_ACCOUNT` / `ADMIN_NOT_REMOVABLE`
   */
  async toggleAdmin(req: adminV1.ToggleAdminRequest): Promise<adminV1.ToggleAdminResponse> {
    const title = ADMIN_TITLES.toggleAdmin;
    const actor = await this.accessService.requireSuperAdmin(req.actorUserId, title);
    const identifier = req.userIdentifier.trim();
    if (!identifier) throw adminError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, 'Email is required', title);
    const email = identifier.toLowerCase();
    const user = isUuid(identifier) ? await this.userById(identifier, title) : await this.userByEmail(email, title);
    const target = await this.accessService.forUser(user);
    if (target.access.isPrimary) {
      throw adminError(GrpcStatus.FAILED_PRECONDITION, AdminErrorCode.PRIMARY_ACCOUNT, `${user.email} is the primary account: its admin rights cannot be changed`, title);
    }
    return target.access.isAdmin ? this.removeAdmin(actor, user, target.entitlements, target.activeTypes) : this.makeAdmin(actor, user);
  }

  private async makeAdmin(actor: Actor, user: identityV1.User): Promise<adminV1.ToggleAdminResponse> {
    const granted = await this.upstream.call(
      this.upstream.billing.grantEntitlement({ userId: user.id, userEmail: user.email, type: 'admin', tier: 'permanent', source: 'manual' }),
    );
    await this.audit.recordRemote(actor, {
      action: 'admin.grant',
      target: `user:${user.id}`,
      before: { email: user.email, isAdmin: false },
      after: { email: user.email, isAdmin: true, entitlementId: granted.id },
    });
    return { message: toggleMessage(user.email, true), userEmail: user.email, isAdmin: true };
  }

  private async removeAdmin(actor: Actor, user: identityV1.User, entitlements: billingV1.Entitlement[], activeTypes: string[]): Promise<adminV1.ToggleAdminResponse> {
    const title = ADMIN_TITLES.toggleAdmin;
    const sources = adminSources(user, activeTypes, this.accessService.config);
    if (sources.byConfig) {
      throw adminError(
        GrpcStatus.FAILED_PRECONDITION,
        AdminErrorCode.ADMIN_NOT_REMOVABLE,
        `${user.email} is an admin through the ADMIN_EMAILS setting of the server: remove the address there to remove the rights`,
        title,
        { source: 'ADMIN_EMAILS' },
      );
    }
    if (sources.bySuperAdminEntitlement) {
      throw adminError(
        GrpcStatus.FAILED_PRECONDITION,
        AdminErrorCode.ADMIN_NOT_REMOVABLE,
        `${user.email} is a super admin: revoke the super_admin entitlement on the Entitlements page to remove the rights`,
        title,
        { source: 'super_admin' },
      );
    }
    const active = entitlements.filter((e) => e.type === 'admin' && e.status === 'active');
    const revoked: string[] = [];
    for (const e of active) {
      await this.upstream.call(this.upstream.billing.revokeEntitlement({ entitlementId: e.id }));
      revoked.push(e.id);
    }
    await this.audit.recordRemote(actor, {
      action: 'admin.remove',
      target: `user:${user.id}`,
      before: { email: user.email, isAdmin: true, entitlementIds: active.map((e) => e.id) },
      after: { email: user.email, isAdmin: false, revokedEntitlementIds: revoked },
    });
    return { message: toggleMessage(user.email, false), userEmail: user.email, isAdmin: false };
  }

  /** A signed-up user by e-mail. @throws NOT_FOUND `USER_NOT_FOUND` */
  private async userByEmail(email: string, title: string): Promise<identityV1.User> {
    try {
      return await this.upstream.call(this.upstream.identity.getUserByEmail({ email }));
    } catch (err) {
      throw notFoundAsUser(err, title);
    }
  }

  /** A signed-up user by id (guests are not admins' business). @throws NOT_FOUND `USER_NOT_FOUND` */
  private async userById(userId: string, title: string): Promise<identityV1.User> {
    let user: identityV1.User;
    try {
      user = await this.upstream.call(this.upstream.identity.getUser({ userId }));
    } catch (err) {
      throw notFoundAsUser(err, title);
    }
    if (user.isGuest) throw adminError(GrpcStatus.NOT_FOUND, AdminErrorCode.USER_NOT_FOUND, 'User not found', title);
    return user;
  }

  /** One entitlement by id, through billing's search (an entitlement id matches as a whole). @throws NOT_FOUND */
  private async findEntitlement(id: string, title: string): Promise<adminV1.AdminEntitlement> {
    const missing = () => adminError(GrpcStatus.NOT_FOUND, AdminErrorCode.ENTITLEMENT_NOT_FOUND, 'Entitlement not found', title);
    if (!isUuid(id)) throw missing();
    const found = await this.upstream.call(this.upstream.billing.searchEntitlements({ status: '', query: id, offset: 0, limit: 100 }));
    const hit = (found.entitlements ?? []).find((e) => e.id === id);
    if (!hit) throw missing();
    return toAdminEntitlement(hit);
  }
}

/** identity's NOT_FOUND (or a malformed e-mail) -> `USER_NOT_FOUND` with the call's title; anything else unchanged. */
function notFoundAsUser(err: unknown, title: string): unknown {
  if (err instanceof RemoteError && (err.status === GrpcStatus.NOT_FOUND || err.status === GrpcStatus.INVALID_ARGUMENT)) {
    return adminError(GrpcStatus.NOT_FOUND, AdminErrorCode.USER_NOT_FOUND, 'User not found', title);
  }
  return err;
}
