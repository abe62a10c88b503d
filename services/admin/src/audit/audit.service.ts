import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import type { adminV1 } from '@nightfall/contracts';
import { AccessService } from '../access/access.service.js';
import { paging } from '../paging.js';
import { AuditEntryEntity } from './audit-entry.entity.js';

/** Who did it (the checked actor of the call). */
export interface AuditActor {
  userId: string;
  email: string;
}

/** One change to record. `before` / `after` are JSON values (null when the thing did not / no longer exist). */
export interface AuditChange {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/**
 * The audit log (`admin.audit_log`): every change made through the admin service writes one entry.
 * Changes of the admin schema write it in the same transaction (`manager`); changes made in identity
 * or billing write it right after the owner answered.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(
    @InjectRepository(AuditEntryEntity) private readonly entries: Repository<AuditEntryEntity>,
    private readonly accessService: AccessService,
  ) {}

  /**
   * Writes one entry.
   * @param manager the transaction of the change, when the change is in the admin schema
   */
  async record(actor: AuditActor, change: AuditChange, manager?: EntityManager): Promise<void> {
    const repo = manager ? manager.getRepository(AuditEntryEntity) : this.entries;
    await repo.insert({
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: change.action,
      target: change.target,
      before: toJson(change.before),
      after: toJson(change.after),
    });
  }

  /**
   * Writes the entry of a change already made elsewhere (identity, billing). A failure here cannot undo
   * that change: it is logged with the whole entry, and the call still succeeds.
   */
  async recordRemote(actor: AuditActor, change: AuditChange): Promise<void> {
    try {
      await this.record(actor, change);
    } catch (err) {
      this.logger.error(`audit entry not written: ${JSON.stringify({ actor, ...change })}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** ListAuditLog: a page of the log, newest first, and the number of entries. Admins only. @throws PERMISSION_DENIED `ACCESS_DENIED` */
  async list(req: adminV1.ListAuditLogRequest): Promise<adminV1.ListAuditLogResponse> {
    await this.accessService.requireAdmin(req.actorUserId);
    const page = paging(req.page, req.pageSize);
    const [rows, total] = await this.entries.findAndCount({
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: page.offset,
      take: page.limit,
    });
    return { entries: rows.map(toAuditDto), total };
  }
}

/**
 * A JSON value for a jsonb column (undefined -> null; Dates and class instances as JSON). Scalars are
 * wrapped as `{value}` so the column always holds an object or null.
 */
function toJson(value: unknown): object | null {
  if (value === undefined || value === null) return null;
  const json = JSON.parse(JSON.stringify(value)) as unknown;
  return typeof json === 'object' && json !== null ? json : { value: json };
}

/** Row -> wire (before/after as JSON text, 'null' when absent). */
export function toAuditDto(e: AuditEntryEntity): adminV1.AuditEntry {
  return {
    id: e.id,
    actorUserId: e.actorUserId,
    actorEmail: e.actorEmail,
    action: e.action,
    target: e.target,
    beforeJson: JSON.stringify(e.before ?? null),
    afterJson: JSON.stringify(e.after ?? null),
    createdAt: e.createdAt.toISOString(),
  };
}
