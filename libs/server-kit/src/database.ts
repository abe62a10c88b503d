import { DataSource, QueryFailedError, type DataSourceOptions, type EntityManager } from 'typeorm';

/** Inputs for a service's TypeORM configuration. One schema per service (docs/architecture.md). */
export interface DatabaseConfig {
  url: string;
  schema: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  /** Connection pool size (default 10). */
  poolSize?: number;
  /**
   * PostgreSQL's `plan_cache_mode` on every connection of the pool (unset: the server's, `auto`). `force_generic_plan`
   * plans each prepared statement once per connection instead of again at each execution when PostgreSQL prefers a
   * plan for the values (docs/hot-path.md "Commits planned once").
   */
  planCacheMode?: 'auto' | 'force_generic_plan' | 'force_custom_plan';
}

/**
 * TypeORM options for PostgreSQL: the service's own schema, migrations (never `synchronize`),
 * a migrations table inside the schema, one retry at most (docs/toolchain.md), and the pool's size, application name
 * and plan cache mode ({@link DatabaseConfig}).
 */
export function dataSourceOptions(cfg: DatabaseConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: cfg.url,
    schema: cfg.schema,
    entities: cfg.entities,
    migrations: cfg.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    extra: {
      max: cfg.poolSize ?? 10,
      application_name: `nightfall-${cfg.schema}`,
      // a setting of the connection's startup packet: no statement per connection
      ...(cfg.planCacheMode ? { options: `-c plan_cache_mode=${cfg.planCacheMode}` } : {}),
    },
  } as DataSourceOptions;
}

/**
 * Creates the schema if needed and runs pending migrations, then closes the connection.
 * Used by `npm start` and by the Helm migration Job (`node dist/migrate.js`).
 * @returns names of the migrations applied
 */
export async function runMigrations(cfg: DatabaseConfig): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(cfg));
  await ds.initialize();
  try {
    await ds.query(`CREATE SCHEMA IF NOT EXISTS "${cfg.schema}"`);
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}

/** The schema a migration runs in (the DataSource's `schema` option), quoted-ready. */
export function schemaOf(q: { connection: { options: unknown } }): string {
  const schema = (q.connection.options as { schema?: string }).schema;
  if (!schema || !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid or missing schema: ${String(schema)}`);
  return schema;
}

/** PostgreSQL SQLSTATEs of a server that is going away or not there yet (class 08 and 57P01-57P03). */
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
/** Node socket errors of a database connection that could not be made or broke. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * True when `err` (from node-postgres, or TypeORM's QueryFailedError around it) says PostgreSQL could not be
 * reached or went away under the query (a restart, a failover), as opposed to a bad query: callers answer
 * SERVICE_UNAVAILABLE (HTTP 503, retried) instead of INTERNAL (docs/faults.md "PostgreSQL restart").
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_SOCKET_CODES.has(e.code))) return true;
    if (typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/.test(e.message)) return true;
    e = (e.driverError ?? e.cause) as typeof e;
  }
  return false;
}

/**
 * A statement run as a named prepared statement: PostgreSQL parses, analyses and plans it once per connection, then
 * only binds and executes it (docs/hot-path.md "Prepared statements"). `name` must be unique per `text` within a
 * process: node-postgres refuses a name reused with another text.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** The part of node-postgres' client and pool that runs a named query. */
interface PgQueryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs `statement` with `values` as a named prepared statement: on a pooled connection of `on` (a DataSource), or on
 * the connection of its transaction (an EntityManager of `DataSource.transaction`). Unlike TypeORM's `query()`, a
 * DELETE or UPDATE answers its rows (RETURNING) as a plain array.
 * @returns the rows
 * @throws QueryFailedError around the driver's error, as TypeORM's `query()` does (so `isDatabaseUnavailable` and
 *   SQLSTATE checks work the same)
 */
export async function preparedQuery<R>(on: DataSource | EntityManager, statement: PreparedStatement, values: unknown[]): Promise<R[]> {
  // a transaction's EntityManager runs on its query runner's connection; otherwise any pooled connection
  const manager = 'dataSource' in on ? (on as EntityManager) : null;
  const runner = manager?.queryRunner;
  const source = manager ? manager.dataSource : (on as DataSource);
  const target: PgQueryable = runner
    ? await (runner as unknown as { connect(): Promise<PgQueryable> }).connect()
    : (source.driver as unknown as { master: PgQueryable }).master;
  try {
    return (await target.query({ name: statement.name, text: statement.text, values })).rows as R[];
  } catch (err) {
    throw new QueryFailedError(statement.text, values, err as Error);
  }
}
