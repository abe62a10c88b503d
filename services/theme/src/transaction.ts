import type { DataSource, EntityManager } from 'typeorm';

/** PostgreSQL errors after which the whole transaction may simply run again: deadlock_detected, serialization_failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs `work` in a transaction, again (up to 3 times in all) when PostgreSQL aborted it for a deadlock
 * (e.g. two users swapping the same two packs at once, each holding one blob and collecting the other).
 */
export async function inTransaction<T>(db: DataSource, work: (m: EntityManager) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt >= 3 || !RETRYABLE.has((err as { code?: string }).code ?? '')) throw err;
    }
  }
}
