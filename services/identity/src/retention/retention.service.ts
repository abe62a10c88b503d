import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, inBatches, LeasedJob, type Clock } from '@nightfall/server-kit';
import { IDENTITY_ENV, type IdentityEnv } from '../env.js';

/** Most batches of one table in one sweep (the rest waits for the next sweep). */
const MAX_BATCHES = 100;

/** What one sweep removed. */
export interface IdentityPurge {
  sessions: number;
  magicLinkTokens: number;
}

/**
 * Retention of identity (docs/architecture.md "Retention"): every RETENTION_SWEEP_MS one replica (a
 * {@link LeasedJob} named `retention`) deletes the sessions that can never authenticate again (expired,
 * or revoked: signed out, rotated at sign-in) and the expired magic-link tokens (used or not), in
 * transactions of at most RETENTION_BATCH_SIZE rows. Users, guests included, are kept.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly job: LeasedJob;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.job = new LeasedJob(dataSource, {
      name: 'retention',
      schema: env.DATABASE_SCHEMA,
      everyMs: env.RETENTION_SWEEP_MS,
      run: async () => {
        const r = await this.purge();
        return r.sessions + r.magicLinkTokens;
      },
    });
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.job.stop();
  }

  /**
   * One sweep, now (the clock's time): deletes dead sessions and expired magic-link tokens in batches.
   * Rows another transaction holds are skipped (SKIP LOCKED) and go next time.
   * @returns how many rows of each it deleted
   */
  async purge(): Promise<IdentityPurge> {
    const now = new Date(this.clock());
    const s = this.env.DATABASE_SCHEMA;
    const size = this.env.RETENTION_BATCH_SIZE;
    const sessions = await inBatches(size, MAX_BATCHES, (n) =>
      this.deleted(
        `DELETE FROM "${s}"."sessions" WHERE id IN (
           SELECT id FROM "${s}"."sessions" WHERE expires_at <= $1 OR revoked_at IS NOT NULL LIMIT $2 FOR UPDATE SKIP LOCKED)`,
        [now, n],
      ),
    );
    const magicLinkTokens = await inBatches(size, MAX_BATCHES, (n) =>
      this.deleted(
        `DELETE FROM "${s}"."magic_link_tokens" WHERE id IN (
           SELECT id FROM "${s}"."magic_link_tokens" WHERE expires_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
        [now, n],
      ),
    );
    return { sessions, magicLinkTokens };
  }

  /** Runs one DELETE (its own transaction) and returns the number of rows it removed. */
  private async deleted(sql: string, params: unknown[]): Promise<number> {
    const [, affected] = (await this.dataSource.query(sql, params)) as [unknown, number];
    return affected;
  }
}
