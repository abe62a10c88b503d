import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import type { adminV1 } from '@nightfall/contracts';
import { CLOCK, GrpcStatus, type Clock } from '@nightfall/server-kit';
import { AdminErrorCode, adminError } from '../admin-error-code.js';
import { AccessService } from '../access/access.service.js';
import { AuditService } from '../audit/audit.service.js';
import { GlobalSettingEntity } from './global-setting.entity.js';
import { keyProblem, valueProblem } from './setting-rules.js';

/** Row -> wire; a key never set is value '' and updated_at ''. */
function toSettingDto(key: string, row: GlobalSettingEntity | null): adminV1.Setting {
  return { key, value: row?.value ?? '', updatedBy: row?.updatedBy ?? '', updatedAt: row?.updatedAt.toISOString() ?? '' };
}

/** Global settings (`admin.global_settings`): anyone reads (services), admins write; every write is audited. */
@Injectable()
export class SettingsService {
  constructor(
    @InjectRepository(GlobalSettingEntity) private readonly settings: Repository<GlobalSettingEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly accessService: AccessService,
    private readonly audit: AuditService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** GetSetting (no actor). @throws INVALID_ARGUMENT `INVALID_SETTING` on a malformed key */
  async get(req: adminV1.GetSettingRequest): Promise<adminV1.Setting> {
    const key = checkedKey(req.key);
    return toSettingDto(key, await this.settings.findOneBy({ key }));
  }

  /** SetSetting. Admins only. @throws PERMISSION_DENIED `ACCESS_DENIED`; INVALID_ARGUMENT `INVALID_SETTING` */
  async set(req: adminV1.SetSettingRequest): Promise<adminV1.Setting> {
    const actor = await this.accessService.requireAdmin(req.actorUserId);
    const key = checkedKey(req.key);
    const problem = valueProblem(key, req.value);
    if (problem) throw adminError(GrpcStatus.INVALID_ARGUMENT, AdminErrorCode.INVALID_SETTING, problem);
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(GlobalSettingEntity);
      const now = new Date(this.clock());
      const old = await this.lockedOrCreated(m, key, req.value, actor.userId, now);
      const before = old ? { value: old.value } : null;
      const row = old ? await repo.save(Object.assign(old, { value: req.value, updatedBy: actor.userId, updatedAt: now })) : await repo.findOneByOrFail({ key });
      await this.audit.record(actor, { action: 'setting.set', target: `setting:${key}`, before, after: { value: row.value } }, m);
      return toSettingDto(key, row);
    });
  }

  /**
   * The existing row locked for update, or null after inserting the new one (a concurrent first write of
   * the same key makes the insert do nothing; the row is then locked and returned like an existing one).
   */
  private async lockedOrCreated(m: EntityManager, key: string, value: string, updatedBy: string, now: Date): Promise<GlobalSettingEntity | null> {
    const repo = m.getRepository(GlobalSettingEntity);
    const existing = await repo.findOne({ where: { key }, lock: { mode: 'pessimistic_write' } });
    if (existing) return existing;
    const inserted = await repo.createQueryBuilder().insert().values({ key, value, updatedBy, updatedAt: now }).orIgnore().returning(['id']).execute();
    if ((inserted.raw as unknown[]).length > 0) return null;
    return repo.findOneOrFail({ where: { key }, lock: { mode: 'pessimistic_write' } });
  }
}

/** A trimmed, valid key. @throws INVALID_ARGUMENT `INVALID_SETTING` */
function checkedKey(raw: string): string {
  const key = raw.trim();
  const problem = keyProblem(key);
  if (problem) throw adminError(GrpcStatus.INVALID_ARGUMENT, AdminErrorCode.INVALID_SETTING, problem);
  return key;
}
