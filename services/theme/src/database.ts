import type { DatabaseConfig } from '@nightfall/server-kit';
import { GlobalSettingEntity } from './default-theme/global-setting.entity.js';
import { InitTheme1766000000000 } from './migrations/1766000000000-init-theme.js';
import { PackBlobEntity } from './packs/pack-blob.entity.js';
import { UserPreferenceEntity } from './preferences/user-preference.entity.js';
import { StoredThemeEntity } from './stored-themes/stored-theme.entity.js';

/**
 * TypeORM configuration of the theme schema: the entities of every feature and the migrations.
 * @param poolSize connections of the pool (default 10)
 */
export function themeDatabase(url: string, schema: string, poolSize?: number): DatabaseConfig {
  return {
    url,
    schema,
    entities: [PackBlobEntity, StoredThemeEntity, UserPreferenceEntity, GlobalSettingEntity],
    migrations: [InitTheme1766000000000],
    ...(poolSize ? { poolSize } : {}),
  };
}
