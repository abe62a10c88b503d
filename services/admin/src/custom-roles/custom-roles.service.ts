import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import type { adminV1 } from '@nightfall/contracts';
import { CUSTOM_ROLES_CHANGED_SUBJECT, type CustomRolesChangedEvent } from '@nightfall/protocol';
import { GrpcStatus, isUuid, NatsClient } from '@nightfall/server-kit';
import { ADMIN_TITLES, AdminErrorCode, adminError } from '../admin-error-code.js';
import { ACCESS_DENIED_MESSAGE, AccessService, type Actor } from '../access/access.service.js';
import { AuditService } from '../audit/audit.service.js';
import { checkCustomRole, type ValidCustomRole } from './custom-role-input.js';
import { CustomRoleEntity } from './custom-role.entity.js';

/** Row -> wire (ISO-8601 times). */
export function toCustomRoleDto(r: CustomRoleEntity): adminV1.CustomRole {
  return {
    id: r.id,
    baseName: r.baseName,
    team: r.team,
    abilities: r.abilities,
    nightOrder: r.nightOrder,
    isActive: r.isActive,
    themeVariants: Object.fromEntries(Object.entries(r.themeVariants ?? {}).map(([k, v]) => [k, { title: v.title, imageUrl: v.imageUrl ?? '' }])),
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Custom roles (spec 001 "Custom Role Creator", `admin.custom_roles`): super admins create, change and
 * delete them; services (the game engine) read the active ones without an actor. Every change is
 * written together with its audit entry in one transaction.
 */
@Injectable()
export class CustomRolesService {
  constructor(
    @InjectRepository(CustomRoleEntity) private readonly roles: Repository<CustomRoleEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly accessService: AccessService,
    private readonly audit: AuditService,
    private readonly nats: NatsClient,
  ) {}

  /**
   * After a committed change: tells game-engine (CUSTOM_ROLES_CHANGED_SUBJECT) to forget the active roles it
   * keeps. Awaited before the answer, so the event is on its way when the super admin sees the change. Never
   * throws: without NATS (waits 100 ms at most) the failure is logged and the engine's copy expires on its own
   * (docs/rules.md "Custom roles").
   */
  private async changed(roleId: string): Promise<void> {
    const event: CustomRolesChangedEvent = { v: 1, roleId };
    await this.nats.emit(CUSTOM_ROLES_CHANGED_SUBJECT, event, 100);
  }

  /**
   * ListCustomRoles, oldest first. Without an actor (a service): the active roles only, and only when
   * `activeOnly` is asked for. With an actor: super admins only.
   * @throws PERMISSION_DENIED `ACCESS_DENIED` / `SUPER_ADMIN_ONLY`
   */
  async list(req: adminV1.ListCustomRolesRequest): Promise<adminV1.ListCustomRolesResponse> {
    if (req.actorUserId === '') {
      if (!req.activeOnly) throw adminError(GrpcStatus.PERMISSION_DENIED, AdminErrorCode.ACCESS_DENIED, ACCESS_DENIED_MESSAGE, ADMIN_TITLES.accessDenied);
    } else {
      await this.accessService.requireSuperAdmin(req.actorUserId);
    }
    const rows = await this.roles.find({ where: req.activeOnly ? { isActive: true } : {}, order: { createdAt: 'ASC', id: 'ASC' } });
    return { roles: rows.map(toCustomRoleDto) };
  }

  /** CreateCustomRole. Super admins only. @throws PERMISSION_DENIED; INVALID_ARGUMENT `INVALID_CUSTOM_ROLE` */
  async create(req: adminV1.CreateCustomRoleRequest): Promise<adminV1.CustomRole> {
    const title = ADMIN_TITLES.createRole;
    const actor = await this.accessService.requireSuperAdmin(req.actorUserId, title);
    const role = valid(req.role, title);
    const created = await this.db.transaction(async (m) => {
      const repo = m.getRepository(CustomRoleEntity);
      const saved = await repo.save(repo.create({ ...role, themes: Object.keys(role.themeVariants), createdBy: actor.userId }));
      const after = toCustomRoleDto(saved);
      await this.audit.record(actor, { action: 'custom_role.create', target: `custom_role:${saved.id}`, before: null, after }, m);
      return after;
    });
    await this.changed(created.id);
    return created;
  }

  /** UpdateCustomRole: replaces every field of the role. Super admins only. @throws PERMISSION_DENIED; INVALID_ARGUMENT; NOT_FOUND */
  async update(req: adminV1.UpdateCustomRoleRequest): Promise<adminV1.CustomRole> {
    const title = ADMIN_TITLES.updateRole;
    const actor = await this.accessService.requireSuperAdmin(req.actorUserId, title);
    const role = valid(req.role, title);
    const updated = await this.db.transaction(async (m) => {
      const row = await this.locked(m, req.id, title);
      const before = toCustomRoleDto(row);
      Object.assign(row, role, { themes: Object.keys(role.themeVariants) });
      const after = toCustomRoleDto(await m.getRepository(CustomRoleEntity).save(row));
      await this.audit.record(actor, { action: 'custom_role.update', target: `custom_role:${row.id}`, before, after }, m);
      return after;
    });
    await this.changed(updated.id);
    return updated;
  }

  /** DeleteCustomRole (running games keep their snapshot). Super admins only. @throws PERMISSION_DENIED; NOT_FOUND */
  async delete(req: adminV1.DeleteCustomRoleRequest): Promise<adminV1.DeleteCustomRoleResponse> {
    const title = ADMIN_TITLES.deleteRole;
    const actor: Actor = await this.accessService.requireSuperAdmin(req.actorUserId, title);
    await this.db.transaction(async (m) => {
      const row = await this.locked(m, req.id, title);
      const before = toCustomRoleDto(row);
      await m.getRepository(CustomRoleEntity).delete({ id: row.id });
      await this.audit.record(actor, { action: 'custom_role.delete', target: `custom_role:${row.id}`, before, after: null }, m);
    });
    await this.changed(req.id);
    return {};
  }

  /** The role row, locked for the transaction. @throws NOT_FOUND `CUSTOM_ROLE_NOT_FOUND` */
  private async locked(m: EntityManager, id: string, title: string): Promise<CustomRoleEntity> {
    const row = isUuid(id) ? await m.getRepository(CustomRoleEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }) : null;
    if (!row) throw adminError(GrpcStatus.NOT_FOUND, AdminErrorCode.CUSTOM_ROLE_NOT_FOUND, 'Custom role not found', title);
    return row;
  }
}

/** The checked role. @throws INVALID_ARGUMENT `INVALID_CUSTOM_ROLE` with the spec's texts */
function valid(input: adminV1.CustomRoleInput | undefined, title: string): ValidCustomRole {
  const checked = checkCustomRole(input);
  if (!checked.ok) throw adminError(GrpcStatus.INVALID_ARGUMENT, AdminErrorCode.INVALID_CUSTOM_ROLE, checked.problem.message, title, checked.problem.details);
  return checked.role;
}
