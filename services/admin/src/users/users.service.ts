import { Injectable } from '@nestjs/common';
import type { adminV1, billingV1, identityV1 } from '@nightfall/contracts';
import { decideAccess, type AdminConfig } from '../access/access-policy.js';
import { AccessService } from '../access/access.service.js';
import { toAdminEntitlement } from '../entitlements/entitlement-dto.js';
import { paging, searchText } from '../paging.js';
import { UpstreamService } from '../upstream/upstream.service.js';

/**
 * One users-table row from identity's user and billing's host access and active types (pure).
 * @param host billing's answer for this user; undefined when billing had none (no entitlements)
 */
export function toAdminUser(user: identityV1.User, host: billingV1.UserHostAccess | undefined, config: AdminConfig): adminV1.AdminUser {
  const access = decideAccess(user, host?.activeTypes ?? [], config);
  const shown = host?.access?.displayedEntitlement ?? host?.access?.entitlement;
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    ...access,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    hostStatus: host?.access?.hostStatus || 'none',
    hostEntitlement: shown ? toAdminEntitlement(shown) : undefined,
    emailVerified: user.emailVerified,
  };
}

/**
 * The users table (spec 001 "User Management"): identity's SearchUsers (signed-up users, newest first,
 * searched and paged there) joined with billing's GetHostAccessMany for the page's users; the admin
 * flags of each row come from the same policy as GetAccess.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly accessService: AccessService,
  ) {}

  /** ListUsers. Admins only. @throws PERMISSION_DENIED `ACCESS_DENIED`; INVALID_ARGUMENT (search too long) */
  async list(req: adminV1.ListUsersRequest): Promise<adminV1.ListUsersResponse> {
    await this.accessService.requireAdmin(req.actorUserId);
    const query = searchText(req.search);
    const page = paging(req.page, req.pageSize);
    const found = await this.upstream.call(this.upstream.identity.searchUsers({ query, offset: page.offset, limit: page.limit }));
    const users = found.users ?? [];
    if (users.length === 0) return { users: [], total: found.total };
    const many = await this.upstream.call(this.upstream.billing.getHostAccessMany({ userIds: users.map((u) => u.id) }));
    const byUser = new Map((many.users ?? []).map((h) => [h.userId, h]));
    return { users: users.map((u) => toAdminUser(u, byUser.get(u.id), this.accessService.config)), total: found.total };
  }
}
