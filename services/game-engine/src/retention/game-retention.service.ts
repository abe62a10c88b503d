import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, inBatches, LeasedJob, type Clock } from '@nightfall/server-kit';
import { GAME_ENV, type GameEnv } from '../env.js';
import { GameStore } from '../store/game-store.service.js';

/** Most batches in one sweep (the rest waits for the next sweep). */
const MAX_BATCHES = 100;

/** One day, ms. */
const DAY_MS = 86_400_000;

/**
 * Retention of game-engine (docs/architecture.md "Retention"): every RETENTION_SWEEP_MS one replica (a
 * {@link LeasedJob} named `retention`) removes the games finished (phase results) more than
 * GAME_RETENTION_DAYS ago and the unfinished ones untouched for more than GAME_ABANDONED_RETENTION_DAYS,
 * each with its log (`game_log`), and through their foreign keys its players and messages, in transactions
 * of at most RETENTION_BATCH_SIZE games. A game's last change is its snapshot's `updated_at` and its
 * newest log entry; a game a live engine owns, or one a commit holds, is never touched.
 */
@Injectable()
export class GameRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly job: LeasedJob;

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: GameStore,
    @Inject(GAME_ENV) private readonly env: GameEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.job = new LeasedJob(dataSource, { name: 'retention', schema: env.DATABASE_SCHEMA, everyMs: env.RETENTION_SWEEP_MS, run: () => this.purge() });
  }

  onApplicationBootstrap(): void {
    if (this.env.GAME_RETENTION_DAYS > 0 || this.env.GAME_ABANDONED_RETENTION_DAYS > 0) this.job.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.job.stop();
  }

  /**
   * One sweep, now (the clock's time).
   * @returns the number of games removed
   */
  async purge(): Promise<number> {
    const now = this.clock();
    const cutoff = (days: number) => (days > 0 ? new Date(now - days * DAY_MS) : null);
    const finished = cutoff(this.env.GAME_RETENTION_DAYS);
    const abandoned = cutoff(this.env.GAME_ABANDONED_RETENTION_DAYS);
    if (!finished && !abandoned) return 0;
    const t = (name: string) => `"${this.env.DATABASE_SCHEMA}"."${name}"`;
    // per game: the cutoff of its kind (null = kept); the log's newest entry counts as a change too
    const sql = `
      WITH doomed AS (
        SELECT g.id FROM ${t('games')} g
         CROSS JOIN LATERAL (SELECT CASE WHEN g.phase = 'results' THEN $1::timestamptz ELSE $2::timestamptz END AS cutoff) c
         WHERE c.cutoff IS NOT NULL
           AND g.updated_at < c.cutoff
           AND NOT EXISTS (SELECT 1 FROM ${t('game_log')} l WHERE l.game_id = g.id AND l.created_at >= c.cutoff)
           AND (g.owner_id IS NULL OR NOT ${this.store.ownerAlive('g.owner_id', '$4')})
         ORDER BY g.updated_at
         LIMIT $3
         FOR UPDATE OF g SKIP LOCKED
      ), log AS (
        DELETE FROM ${t('game_log')} l USING doomed d WHERE l.game_id = d.id
      )
      DELETE FROM ${t('games')} g USING doomed d WHERE g.id = d.id`;
    return inBatches(this.env.RETENTION_BATCH_SIZE, MAX_BATCHES, async (size) => {
      const [, removed] = (await this.dataSource.query(sql, [finished, abandoned, size, this.env.ENGINE_LEASE_MS])) as [unknown, number];
      return removed;
    });
  }
}
