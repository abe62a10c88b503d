import type { DatabaseConfig } from '@nightfall/server-kit';
import { UserEntity } from './user.entity.js';
import { SessionEntity } from './session.entity.js';
import { InitIdentity1763700000000 } from './migrations/1763700000000-init-identity.js';

/** TypeORM configuration of the identity schema. */
export function identityDatabase(url: string, schema: string): DatabaseConfig {
  return { url, schema, entities: [UserEntity, SessionEntity], migrations: [InitIdentity1763700000000] };
}
