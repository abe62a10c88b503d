import { Inject, Injectable } from '@nestjs/common';
import type { adminV1, billingV1, identityV1 } from '@nightfall/contracts';
import { GrpcStatus, isUuid, RemoteError } from '@nightfall/server-kit';
import { ADMIN_TITLES, AdminErrorCode, adminError } from '../admin-error-code.js';
import { ADMIN_ENV, type AdminEnv } from '../env.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { decideAccess, NO_ACCESS, type AdminConfig } from './access-policy.js';

/** The caller of an admin call, checked: who (id, e-mail for the audit log) and their rights. */
export interface Actor {
  userId: string;
  email: string;
  access: adminV1.Access;
}

/** A user with their rights, their entitlements (newest first) and the types of the active ones. */
export interface UserAccess {
  user: identityV1.User | null;
  entitlements: billingV1.Entitlement[];
  activeTypes: string[];
  access: adminV1.Access;
}

/** Message of ACCESS_DENIED (spec 001 section 2, Admin panel). */
export const ACCESS_DENIED_MESSAGE = "You don't have permission to access the admin panel.";

/**
 * Who is an admin (spec 001 section 6): the policy of `access-policy.ts` over identity's user (e-mail,
 * verification) and billing's active entitlements, with ADMIN_EMAILS / SUPER_ADMIN_EMAIL from the
 * environment. Every call with an actor goes through {@link requireAdmin} or {@link requireSuperAdmin}.
 */
@Injectable()
export class AccessService {
  readonly config: AdminConfig;

  constructor(
    private readonly upstream: UpstreamService,
    @Inject(ADMIN_ENV) env: AdminEnv,
  ) {
    this.config = { adminEmails: env.ADMIN_EMAILS, superAdminEmail: env.SUPER_ADMIN_EMAIL };
  }

  /** The rights of a user id; unknown, malformed or guest ids have none. @throws RemoteError when identity or billing fail */
  async forUserId(userId: string): Promise<UserAccess> {
    const none: UserAccess = { user: null, entitlements: [], activeTypes: [], access: { ...NO_ACCESS } };
    if (!isUuid(userId)) return none;
    let user: identityV1.User;
    try {
      user = await this.upstream.call(this.upstream.identity.getUser({ userId }));
    } catch (err) {
      if (err instanceof RemoteError && (err.status === GrpcStatus.NOT_FOUND || err.status === GrpcStatus.INVALID_ARGUMENT)) return none;
      throw err;
    }
    return this.forUser(user);
  }

  /** The rights of an identity user (billing is asked for the active entitlement types; never for guests). */
  async forUser(user: identityV1.User): Promise<UserAccess> {
    if (user.isGuest) return { user, entitlements: [], activeTypes: [], access: { ...NO_ACCESS } };
    const entitlements = (await this.upstream.call(this.upstream.billing.listEntitlements({ userId: user.id }))).entitlements ?? [];
    const activeTypes = [...new Set(entitlements.filter((e) => e.status === 'active').map((e) => e.type))];
    return { user, entitlements, activeTypes, access: decideAccess(user, activeTypes, this.config) };
  }

  /** GetAccess: the rights of any user (no actor). */
  async access(userId: string): Promise<adminV1.Access> {
    return (await this.forUserId(userId)).access;
  }

  /**
   * The actor, who must be an admin.
   * @param title toast title of the denial (default 'Access Denied')
   * @throws PERMISSION_DENIED `ACCESS_DENIED`
   */
  async requireAdmin(actorUserId: string, title: string = ADMIN_TITLES.accessDenied): Promise<Actor> {
    const { user, access } = await this.forUserId(actorUserId);
    if (!user || !access.isAdmin) throw adminError(GrpcStatus.PERMISSION_DENIED, AdminErrorCode.ACCESS_DENIED, ACCESS_DENIED_MESSAGE, title);
    return { userId: user.id, email: user.email, access };
  }

  /**
   * The actor, who must be a super admin.
   * @throws PERMISSION_DENIED `ACCESS_DENIED` (not an admin) or `SUPER_ADMIN_ONLY` ('Super Admin Only')
   */
  async requireSuperAdmin(actorUserId: string, title: string = ADMIN_TITLES.accessDenied): Promise<Actor> {
    const actor = await this.requireAdmin(actorUserId, title);
    if (!actor.access.isSuperAdmin) throw adminError(GrpcStatus.PERMISSION_DENIED, AdminErrorCode.SUPER_ADMIN_ONLY, 'Super Admin Only', title);
    return actor;
  }
}
