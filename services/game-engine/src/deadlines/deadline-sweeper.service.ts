import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { applyCommand } from '@nightfall/game-rules';
import { GAME_ENV, type GameEnv } from '../env.js';
import { GameStore } from '../store/game-store.service.js';

/**
 * Sweeps due phase deadlines (discussion -> vote, vote -> results) every DEADLINE_SWEEP_MS (ms) on
 * this replica (docs/architecture.md "Guarantees"). Deadlines live in PostgreSQL, so they fire after
 * a restart, and SKIP LOCKED keeps replicas apart: each fires exactly once.
 */
@Injectable()
export class DeadlineSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DeadlineSweeper.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;

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
    } catch (err) {
      this.logger.error(`deadline sweep failed: ${(err as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  /**
   * Applies every due deadline, one game per transaction.
   * @param max upper bound of games handled in this sweep
   * @returns number of games advanced
   */
  async sweep(max = 50): Promise<number> {
    let advanced = 0;
    for (let i = 0; i < max; i++) {
      const done = await this.store.applyDueDeadline(this.env.DATABASE_SCHEMA, (s, now) =>
        applyCommand(s, { type: 'deadline' }, { now, seed: randomBytes(16).toString('hex') }),
      );
      if (done === 'none') break;
      if (done === 'skipped') {
        this.logger.warn('a stale deadline column was realigned with its game state');
        continue;
      }
      advanced++;
    }
    return advanced;
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
