import { Controller, UseFilters } from '@nestjs/common';
import { adminV1 } from '@nightfall/contracts';
import { AccessService } from '../access/access.service.js';
import { AuditService } from '../audit/audit.service.js';
import { CustomRolesService } from '../custom-roles/custom-roles.service.js';
import { EntitlementsService } from '../entitlements/entitlements.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { UsersService } from '../users/users.service.js';
import { RemoteErrorFilter } from './remote-error.filter.js';

/**
 * gRPC adapter of `nightfall.admin.v1.AdminService` (proto/nightfall/admin/v1; docs/architecture.md
 * "Services"). It only delegates; each feature service checks the actor itself. Errors are an
 * `ErrorBody` with an `AdminErrorCode` or `CommonErrorCode`, or the owner's own (identity, billing).
 */
@Controller()
@UseFilters(new RemoteErrorFilter())
@adminV1.AdminServiceControllerMethods()
export class AdminController implements adminV1.AdminServiceController {
  constructor(
    private readonly accessService: AccessService,
    private readonly users: UsersService,
    private readonly entitlements: EntitlementsService,
    private readonly customRoles: CustomRolesService,
    private readonly audit: AuditService,
    private readonly settings: SettingsService,
  ) {}

  /** GetAccess: the admin rights of a user (no actor). Unknown users have none. */
  getAccess(req: adminV1.GetAccessRequest): Promise<adminV1.Access> {
    return this.accessService.access(req.userId);
  }

  /** ListUsers: users with admin flags and host status. Admins only. */
  listUsers(req: adminV1.ListUsersRequest): Promise<adminV1.ListUsersResponse> {
    return this.users.list(req);
  }

  /** ListEntitlements: every user's entitlements, filtered, searched, paged. Admins only. */
  listEntitlements(req: adminV1.ListEntitlementsRequest): Promise<adminV1.ListEntitlementsResponse> {
    return this.entitlements.list(req);
  }

  /** GrantEntitlement: a host entitlement for a user by e-mail. Admins only. */
  grantEntitlement(req: adminV1.GrantEntitlementRequest): Promise<adminV1.AdminEntitlement> {
    return this.entitlements.grant(req);
  }

  /** RevokeEntitlement. Admins only; admin/super_admin entitlements by super admins. */
  revokeEntitlement(req: adminV1.RevokeEntitlementRequest): Promise<adminV1.AdminEntitlement> {
    return this.entitlements.revoke(req);
  }

  /** ToggleAdmin. Super admins only; never the primary account. */
  toggleAdmin(req: adminV1.ToggleAdminRequest): Promise<adminV1.ToggleAdminResponse> {
    return this.entitlements.toggleAdmin(req);
  }

  /** ListCustomRoles: super admins, or a service asking for the active ones. */
  listCustomRoles(req: adminV1.ListCustomRolesRequest): Promise<adminV1.ListCustomRolesResponse> {
    return this.customRoles.list(req);
  }

  /** CreateCustomRole. Super admins only. */
  createCustomRole(req: adminV1.CreateCustomRoleRequest): Promise<adminV1.CustomRole> {
    return this.customRoles.create(req);
  }

  /** UpdateCustomRole. Super admins only. */
  updateCustomRole(req: adminV1.UpdateCustomRoleRequest): Promise<adminV1.CustomRole> {
    return this.customRoles.update(req);
  }

  /** DeleteCustomRole. Super admins only. */
  deleteCustomRole(req: adminV1.DeleteCustomRoleRequest): Promise<adminV1.DeleteCustomRoleResponse> {
    return this.customRoles.delete(req);
  }

  /** ListAuditLog: newest first, paged. Admins only. */
  listAuditLog(req: adminV1.ListAuditLogRequest): Promise<adminV1.ListAuditLogResponse> {
    return this.audit.list(req);
  }

  /** GetSetting (no actor). */
  getSetting(req: adminV1.GetSettingRequest): Promise<adminV1.Setting> {
    return this.settings.get(req);
  }

  /** SetSetting. Admins only. */
  setSetting(req: adminV1.SetSettingRequest): Promise<adminV1.Setting> {
    return this.settings.set(req);
  }
}
