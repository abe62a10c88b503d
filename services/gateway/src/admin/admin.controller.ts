import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import type {
  AdminEntitlementDto,
  AdminEntitlementsResponse,
  AdminUsersResponse,
  AuditLogResponse,
  CustomRoleDto,
  ToggleAdminResponse,
} from '@nightfall/protocol';
import {
  adminEntitlementsQuerySchema,
  adminUsersQuerySchema,
  auditLogQuerySchema,
  customRoleSchema,
  grantEntitlementSchema,
  toggleAdminSchema,
} from '@nightfall/protocol/schemas';
import { isUuid } from '@nightfall/server-kit';
import { AdminGuard } from '../auth/admin-access.service.js';
import { CurrentUser, SessionGuard } from '../auth/guards.js';
import type { SessionUser } from '../auth/session.service.js';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from '../http/errors.filter.js';
import { parseBody } from '../http/zod-body.js';
import { UpstreamService } from '../upstream/upstream.service.js';
import { RightsCache } from '../auth/rights-cache.js';
import { page, toAdminEntitlementDto, toAdminUserDto, toAuditEntryDto, toCustomRoleDto } from './admin-dto.js';
import { SuperAdminGuard } from './super-admin.guard.js';

/**
 * The admin console's REST API (spec 001 sections 2 and 7): `/api/admin/*`, answered by the admin
 * service (`nightfall.admin.v1.AdminService`). Guards: SessionGuard, then AdminGuard (admins) or
 * SuperAdminGuard (toggle-admin, custom roles). The actor passed to the admin service is always the
 * session's user; the admin service checks the actor's rights again and writes the audit log.
 * Errors: 400 INVALID_INPUT (query or body), 401, 403 ACCESS_DENIED / SUPER_ADMIN_ONLY, the admin
 * service's own (404 USER_NOT_FOUND, ENTITLEMENT_NOT_FOUND, CUSTOM_ROLE_NOT_FOUND; 400
 * INVALID_CUSTOM_ROLE, PRIMARY_ACCOUNT, ADMIN_NOT_REMOVABLE...), 503 SERVICE_UNAVAILABLE.
 */
@Controller('api/admin')
export class AdminController {
  constructor(
    private readonly upstream: UpstreamService,
    private readonly rights: RightsCache,
  ) {}

  /** GET /api/admin/users?search=&page=&pageSize= -> AdminUsersResponse (newest first). Admins. */
  @Get('users')
  @UseGuards(SessionGuard, AdminGuard)
  async users(@CurrentUser() user: SessionUser, @Query() query: unknown): Promise<AdminUsersResponse> {
    const q = parseBody(adminUsersQuerySchema, query);
    const res = await this.upstream.admin.listUsers({ actorUserId: user.userId, search: q.search, page: q.page, pageSize: q.pageSize });
    return page((res.users ?? []).map(toAdminUserDto), res.total, q.page, q.pageSize);
  }

  /** GET /api/admin/entitlements?status=&search=&page=&pageSize= -> AdminEntitlementsResponse (newest first). Admins. */
  @Get('entitlements')
  @UseGuards(SessionGuard, AdminGuard)
  async entitlements(@CurrentUser() user: SessionUser, @Query() query: unknown): Promise<AdminEntitlementsResponse> {
    const q = parseBody(adminEntitlementsQuerySchema, query);
    const res = await this.upstream.admin.listEntitlements({ actorUserId: user.userId, status: q.status, search: q.search, page: q.page, pageSize: q.pageSize });
    return page((res.entitlements ?? []).map(toAdminEntitlementDto), res.total, q.page, q.pageSize);
  }

  /**
   * POST /api/admin/entitlements/{id}/revoke -> the revoked AdminEntitlementDto. Admins; an admin or
   * super_admin entitlement only by a super admin. @throws 404 'Entitlement not found'
   */
  @Post('entitlements/:id/revoke')
  @HttpCode(200)
  @UseGuards(SessionGuard, AdminGuard)
  async revoke(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<AdminEntitlementDto> {
    if (!isUuid(id)) throw new ApiException(404, GatewayErrorCode.NOT_FOUND, 'Entitlement not found', 'Failed to revoke entitlement');
    const revoked = await this.upstream.admin.revokeEntitlement({ actorUserId: user.userId, entitlementId: id });
    this.rights.forget(revoked.userId); // before the answer (docs/architecture.md "Rights checks")
    return toAdminEntitlementDto(revoked);
  }

  /**
   * POST /api/admin/toggle-admin {userIdentifier} -> {message, userEmail, isAdmin} ('{email} is now an
   * admin' / '{email} is no longer an admin'). Super admins; never the primary account.
   * @throws 404 USER_NOT_FOUND; 400 PRIMARY_ACCOUNT / ADMIN_NOT_REMOVABLE
   */
  @Post('toggle-admin')
  @HttpCode(200)
  @UseGuards(SessionGuard, SuperAdminGuard)
  async toggleAdmin(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<ToggleAdminResponse> {
    const input = parseBody(toggleAdminSchema, body);
    const res = await this.upstream.admin.toggleAdmin({ actorUserId: user.userId, userIdentifier: input.userIdentifier });
    this.rights.forget(); // the answer names the user by e-mail only
    return { message: res.message, userEmail: res.userEmail, isAdmin: res.isAdmin };
  }

  /** POST /api/admin/grant-entitlement {email, type: 'host', tier} -> the granted AdminEntitlementDto. Admins. @throws 404 USER_NOT_FOUND */
  @Post('grant-entitlement')
  @HttpCode(200)
  @UseGuards(SessionGuard, AdminGuard)
  async grant(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<AdminEntitlementDto> {
    const input = parseBody(grantEntitlementSchema, body);
    const granted = await this.upstream.admin.grantEntitlement({ actorUserId: user.userId, email: input.email, type: input.type, tier: input.tier });
    this.rights.forget(granted.userId);
    return toAdminEntitlementDto(granted);
  }

  /** GET /api/admin/custom-roles -> CustomRoleDto[] (oldest first). Super admins. */
  @Get('custom-roles')
  @UseGuards(SessionGuard, SuperAdminGuard)
  async customRoles(@CurrentUser() user: SessionUser): Promise<CustomRoleDto[]> {
    const res = await this.upstream.admin.listCustomRoles({ actorUserId: user.userId, activeOnly: false });
    return (res.roles ?? []).map(toCustomRoleDto);
  }

  /** POST /api/admin/custom-roles CustomRoleBody -> 201 CustomRoleDto. Super admins. @throws 400 'Base name is required', 'All theme titles are required' */
  @Post('custom-roles')
  @UseGuards(SessionGuard, SuperAdminGuard)
  async createCustomRole(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<CustomRoleDto> {
    const role = parseBody(customRoleSchema, body);
    return toCustomRoleDto(await this.upstream.admin.createCustomRole({ actorUserId: user.userId, role }));
  }

  /** PATCH /api/admin/custom-roles/{id} CustomRoleBody (the whole form) -> CustomRoleDto. Super admins. @throws 404 'Custom role not found'; 400 */
  @Patch('custom-roles/:id')
  @UseGuards(SessionGuard, SuperAdminGuard)
  async updateCustomRole(@CurrentUser() user: SessionUser, @Param('id') id: string, @Body() body: unknown): Promise<CustomRoleDto> {
    const role = parseBody(customRoleSchema, body);
    if (!isUuid(id)) throw new ApiException(404, GatewayErrorCode.NOT_FOUND, 'Custom role not found', 'Failed to update role');
    return toCustomRoleDto(await this.upstream.admin.updateCustomRole({ actorUserId: user.userId, id, role }));
  }

  /** DELETE /api/admin/custom-roles/{id} -> 204. Super admins. @throws 404 'Custom role not found' */
  @Delete('custom-roles/:id')
  @HttpCode(204)
  @UseGuards(SessionGuard, SuperAdminGuard)
  async deleteCustomRole(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<void> {
    if (!isUuid(id)) throw new ApiException(404, GatewayErrorCode.NOT_FOUND, 'Custom role not found', 'Failed to delete role');
    await this.upstream.admin.deleteCustomRole({ actorUserId: user.userId, id });
  }

  /** GET /api/admin/audit-log?page=&pageSize= -> AuditLogResponse (newest first). Admins. */
  @Get('audit-log')
  @UseGuards(SessionGuard, AdminGuard)
  async auditLog(@CurrentUser() user: SessionUser, @Query() query: unknown): Promise<AuditLogResponse> {
    const q = parseBody(auditLogQuerySchema, query);
    const res = await this.upstream.admin.listAuditLog({ actorUserId: user.userId, page: q.page, pageSize: q.pageSize });
    return page((res.entries ?? []).map(toAuditEntryDto), res.total, q.page, q.pageSize);
  }
}
