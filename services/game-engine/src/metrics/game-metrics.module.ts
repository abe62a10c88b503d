import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import type { Phase } from '@nightfall/game-rules';
import { gauge } from '@nightfall/server-kit';
import { GameStore } from '../store/game-store.service.js';
import { StoreModule } from '../store/store.module.js';

/** Every phase, so a phase without games reads 0 rather than disappearing. */
const PHASES: readonly Phase[] = ['lobby', 'role_deal', 'job_choice', 'role_resolve', 'discussion', 'vote', 'results'];

/**
 * `nightfall_game_games{phase}`: the games this replica owns in memory, by phase, counted at every scrape
 * (nothing on the hot path). Sum over the pods for the whole cluster (docs/architecture.md "Metrics and traces").
 */
@Injectable()
export class GamesByPhaseGauge implements OnModuleInit {
  constructor(private readonly store: GameStore) {}

  onModuleInit(): void {
    const store = this.store;
    gauge('nightfall_game_games', 'Games owned in memory by this replica, by phase.', ['phase'], function () {
      const counts = new Map<string, number>(PHASES.map((p) => [p, 0]));
      for (const phase of store.ownedPhases()) counts.set(phase, (counts.get(phase) ?? 0) + 1);
      for (const [phase, n] of counts) this.labels(phase).set(n);
    });
  }
}

/** game-engine's gauges read from its store. Exports nothing. */
@Module({ imports: [StoreModule], providers: [GamesByPhaseGauge] })
export class GameMetricsModule {}
