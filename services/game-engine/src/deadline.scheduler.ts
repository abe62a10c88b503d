import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { GameService } from './game.service.js';
import { GAME_ENV } from './game-publisher.service.js';
import type { GameEnv } from './env.js';

/**
 * Sweeps due phase deadlines every DEADLINE_SWEEP_MS on this replica (ARCHITECTURE.md principle 3).
 * Deadlines live in PostgreSQL, so they fire after a restart, and SKIP LOCKED keeps replicas apart.
 */
@Injectable()
export class DeadlineScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DeadlineScheduler.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly games: GameService,
    @Inject(GAME_ENV) private readonly env: GameEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.env.DEADLINE_SWEEP_MS);
    this.timer.unref();
  }

  /** One sweep; overlapping ticks are skipped. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.games.sweepDeadlines();
    } catch (err) {
      this.logger.error(`deadline sweep failed: ${(err as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
