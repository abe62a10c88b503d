import { DataSource, type DataSourceOptions } from 'typeorm';

/** Inputs for a service's TypeORM configuration. One schema per service (docs/architecture.md). */
export interface DatabaseConfig {
  url: string;
  schema: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  /** Connection pool size (default 10). */
  poolSize?: number;
}

/**
 * TypeORM options for PostgreSQL: the service's own schema, migrations (never `synchronize`),
 * a migrations table inside the schema, and one retry at most (docs/toolchain.md).
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
    extra: { max: cfg.poolSize ?? 10, application_name: `nightfall-${cfg.schema}` },
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
