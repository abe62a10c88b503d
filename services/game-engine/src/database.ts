import type { DatabaseConfig } from '@nightfall/server-kit';
import { GameEntity } from './store/game.entity.js';
import { MessageEntity } from './chat/message.entity.js';
import { PlayerEntity } from './store/player.entity.js';
import { InitGame1763700000002 } from './migrations/1763700000002-init-game.js';
import { GameLog1763900000000 } from './migrations/1763900000000-game-log.js';
import { Retention1766000000002 } from './migrations/1766000000002-retention.js';
import { History1768000000000 } from './migrations/1768000000000-history.js';
import { FinishedRoundEntity } from './history/finished-round.entity.js';
import { FinishedRoundPlayerEntity } from './history/finished-round-player.entity.js';

/**
 * TypeORM configuration of the game schema. Its connections plan each prepared statement once (`force_generic_plan`):
 * the group commit's statements would otherwise be planned again at most commits, for the same plan. The game
 * schema's queries find rows by key or by an indexed column, where the plan does not depend on the values; its
 * sweeps (orphans, retention) run a few times a minute (docs/hot-path.md "Commits planned once").
 */
export function gameDatabase(url: string, schema: string, poolSize?: number): DatabaseConfig {
  return {
    url,
    schema,
    entities: [GameEntity, PlayerEntity, MessageEntity, FinishedRoundEntity, FinishedRoundPlayerEntity],
    migrations: [InitGame1763700000002, GameLog1763900000000, Retention1766000000002, History1768000000000],
    poolSize,
    planCacheMode: 'force_generic_plan',
  };
}
