import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { DataSource, QueryRunner } from 'typeorm';

/**
 * Creates a service's `job_leases` table (one row per background job: who runs it, until when), used by
 * {@link LeasedJob} (docs/architecture.md "Retention"). Call it from a migration of the service's schema.
 */
export async function createJobLeasesTable(q: QueryRunner, schema: string): Promise<void> {
  await q.query(`CREATE TABLE "${schema}"."job_leases" (
    "name" varchar(100) PRIMARY KEY,
    "holder" uuid NOT NULL,
    "expires_at" timestamptz NOT NULL
  )`);
}

/** What a {@link LeasedJob} runs: a name, how often, and one run (its result is logged when non-zero). */
export interface LeasedJobOptions {
  /** The job's row in `<schema>.job_leases`, e.g. `retention`. */
  name: string;
  /** The service's schema (holds `job_leases`). */
  schema: string;
  /** Time between two runs, ms; the lease lasts twice as long, so a dead holder is replaced within two periods. */
  everyMs: number;
  /** One run of the job; returns a count to log (rows removed...). */
  run: () => Promise<number>;
}

/**
 * A periodic background job that one replica of a service runs at a time (docs/architecture.md
 * "Retention"): every `everyMs` each replica tries to take or renew the job's lease in `job_leases`
 * (an atomic upsert judged by the database clock); only the holder runs. The holder keeps the lease while it
 * lives; when it stops, another replica takes over once the lease (2 x everyMs) lapsed. Overlapping runs on
 * one replica are skipped, failures logged, and the timer does not keep the process alive.
 */
export class LeasedJob {
  /** This process's identity in `job_leases.holder`. */
  readonly holder = randomUUID();
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly opts: LeasedJobOptions,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(opts.schema)) throw new Error(`Invalid schema: ${opts.schema}`);
    this.logger = new Logger(`Job:${opts.name}`);
  }

  /** Starts the timer (first try after `everyMs`). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.opts.everyMs);
    this.timer.unref();
  }

  /** Stops the timer and hands the lease back, so another replica may take over at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.dataSource
      .query(`DELETE FROM "${this.opts.schema}"."job_leases" WHERE name = $1 AND holder = $2`, [this.opts.name, this.holder])
      .catch(() => undefined);
  }

  /**
   * Takes or renews the lease for 2 x everyMs; true when this process holds it now.
   * @throws on a database error
   */
  async acquire(): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `INSERT INTO "${this.opts.schema}"."job_leases" AS l (name, holder, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
         WHERE l.expires_at <= now() OR l.holder = EXCLUDED.holder
       RETURNING holder`,
      [this.opts.name, this.holder, 2 * this.opts.everyMs],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * One timer tick: runs the job when this process holds the lease (and no run of it is under way here).
   * @returns the run's count, or null when it did not run (another replica holds the lease, a run is under way, or it failed)
   */
  async tick(): Promise<number | null> {
    if (this.running) return null;
    this.running = true;
    try {
      if (!(await this.acquire())) return null;
      const n = await this.opts.run();
      if (n > 0) this.logger.log(`${this.opts.name}: ${n} removed`);
      return n;
    } catch (err) {
      this.logger.error(`${this.opts.name} failed: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    } finally {
      this.running = false;
    }
  }
}

/**
 * Runs `batch` until it returns fewer than `size` (nothing more to do) or `maxBatches` ran, so one run
 * never holds locks for long nor grows without bound (docs/architecture.md "Retention").
 * @param batch removes at most `size` rows in one transaction; returns how many it removed
 * @returns the rows removed in all
 */
export async function inBatches(size: number, maxBatches: number, batch: (size: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await batch(size);
    total += n;
    if (n < size) break;
  }
  return total;
}
