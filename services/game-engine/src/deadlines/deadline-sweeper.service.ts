import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { GAME_ENV, type GameEnv } from '../env.js';
import { rulesChange } from '../store/game-log.js';
import { GameStore } from '../store/game-store.service.js';

/** How often idle games are handed back, ms. */
const EVICT_EVERY_MS = 30_000;

/**
 * Phase deadlines (discussion -> vote, vote -> results; docs/hot-path.md "Deadlines"): every
 * DEADLINE_SWEEP_MS (ms) this replica hands back the games it dropped from memory, takes over the games with
 * a pending deadline whose owner's lease lapsed (or that nobody owns), then applies the due deadlines of the
 * games it owns. Only a game's owner applies its deadline, through a fenced commit, so each fires exactly once,
 * also after a crash. Idle games are handed back.
 */
@Injectable()
export class DeadlineSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DeadlineSweeper.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private lastEvict = Date.now();

  constructor(
    private readonly store: GameStore,
    @Inject(GAME_ENV) private readonly env: GameEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.env.DEADLINE_SWEEP_MS);
    this.timer.unref();
  }

  /** One background sweep; overlapping ticks are skipped, failures logged. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.sweep();
      if (Date.now() - this.lastEvict > EVICT_EVERY_MS) {
        this.lastEvict = Date.now();
        await this.store.evictIdle(this.env.GAME_IDLE_EVICT_MS);
      }
    } catch (err) {
      this.logger.error(`deadline sweep failed: ${(err as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  /**
   * Hands back the games this replica dropped while PostgreSQL did not answer, takes over orphaned games with a
   * pending deadline, then applies every due deadline of this replica's games.
   * @returns number of games advanced
   * @throws the driver's error when PostgreSQL does not answer (logged by {@link tick}; the next tick tries again)
   */
  async sweep(): Promise<number> {
    await this.store.handBack();
    await this.store.claimOrphans();
    return this.store.fireDueDeadlines((s, now) => rulesChange(s, { type: 'deadline' }, now));
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
