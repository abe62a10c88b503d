import type { DatabaseConfig } from '@nightfall/server-kit';
import { AuditEntryEntity } from './audit/audit-entry.entity.js';
import { CustomRoleEntity } from './custom-roles/custom-role.entity.js';
import { InitAdmin1765000000000 } from './migrations/1765000000000-init-admin.js';
import { GlobalSettingEntity } from './settings/global-setting.entity.js';

/** TypeORM configuration of the admin schema: the entities of every feature and the migrations. */
export function adminDatabase(url: string, schema: string): DatabaseConfig {
  return {
    url,
    schema,
    entities: [CustomRoleEntity, GlobalSettingEntity, AuditEntryEntity],
    migrations: [InitAdmin1765000000000],
  };
}
