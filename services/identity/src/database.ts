import type { DatabaseConfig } from '@nightfall/server-kit';
import { UserEntity } from './accounts/user.entity.js';
import { MagicLinkTokenEntity } from './magic-links/magic-link-token.entity.js';
import { SessionEntity } from './sessions/session.entity.js';
import { InitIdentity1763700000000 } from './migrations/1763700000000-init-identity.js';
import { MagicLinkTokens1764000000000 } from './migrations/1764000000000-magic-link-tokens.js';
import { EmailVerifiedAndUserSearch1765000000000 } from './migrations/1765000000000-email-verified-and-user-search.js';
import { Retention1766000000000 } from './migrations/1766000000000-retention.js';

/** TypeORM configuration of the identity schema: the entities of every feature and the migrations. */
export function identityDatabase(url: string, schema: string): DatabaseConfig {
  return {
    url,
    schema,
    entities: [UserEntity, SessionEntity, MagicLinkTokenEntity],
    migrations: [InitIdentity1763700000000, MagicLinkTokens1764000000000, EmailVerifiedAndUserSearch1765000000000, Retention1766000000000],
  };
}
