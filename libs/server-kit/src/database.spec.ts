import pg from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import { dataSourceOptions, isDatabaseUnavailable, preparedQuery, type DatabaseConfig, type PreparedStatement } from './database.js';
import { testDatabaseUrl, uniqueSchema } from './testing.js';

describe('isDatabaseUnavailable (docs/faults.md "PostgreSQL restart")', () => {
  it('is true for a refused connection (a real pg client to a closed port)', async () => {
    const c = new pg.Client({ connectionString: 'postgres://postgres:postgres@127.0.0.1:1/postgres' });
    const err = await c.connect().then(() => null, (e: unknown) => e);
    expect(err).not.toBeNull();
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('is true for a server shutting down under a query, also inside TypeORM\'s QueryFailedError', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], shutdown))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('is false for a bad query or a constraint', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new QueryFailedError('SELEC 1', [], Object.assign(new Error('syntax error'), { code: '42601' })))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('preparedQuery (docs/hot-path.md "Prepared statements"; real PostgreSQL)', () => {
  const schema = uniqueSchema('prep');
  // one pooled connection, so that pg_prepared_statements (per connection) shows what the pool's connection holds
  const ds = new DataSource({ type: 'postgres', url: testDatabaseUrl(), extra: { max: 1 } });
  const insert: PreparedStatement = { name: 'prep-spec-insert', text: `INSERT INTO "${schema}".items (id, label) VALUES ($1, $2) RETURNING id, label` };
  const remove: PreparedStatement = { name: 'prep-spec-delete', text: `DELETE FROM "${schema}".items WHERE id = $1 RETURNING id` };

  beforeAll(async () => {
    await ds.initialize();
    await ds.query(`CREATE SCHEMA "${schema}"`);
    await ds.query(`CREATE TABLE "${schema}".items (id int PRIMARY KEY, label text NOT NULL)`);
  });
  afterAll(async () => {
    await ds.query(`DROP SCHEMA "${schema}" CASCADE`);
    await ds.destroy();
  });

  it('runs a named statement on a pooled connection, which then holds it prepared', async () => {
    expect(await preparedQuery(ds, insert, [1, 'one'])).toEqual([{ id: 1, label: 'one' }]);
    expect(await preparedQuery(ds, insert, [2, 'two'])).toEqual([{ id: 2, label: 'two' }]);
    const held: Array<{ name: string; statement: string }> = await ds.query(`SELECT name, statement FROM pg_prepared_statements WHERE name = $1`, [insert.name]);
    expect(held).toEqual([{ name: insert.name, statement: insert.text }]);
  });

  it('answers the rows of a DELETE ... RETURNING as a plain array (not TypeORM\'s [rows, count])', async () => {
    expect(await preparedQuery(ds, remove, [2])).toEqual([{ id: 2 }]);
    expect(await preparedQuery(ds, remove, [2])).toEqual([]);
  });

  it('runs inside a transaction on its connection: a rollback takes the row away', async () => {
    const rolledBack = await ds
      .transaction(async (m) => {
        expect(await preparedQuery(m, insert, [3, 'three'])).toEqual([{ id: 3, label: 'three' }]);
        // the transaction sees its own row; another connection (none free here) would not
        expect(await m.query(`SELECT label FROM "${schema}".items WHERE id = 3`)).toEqual([{ label: 'three' }]);
        throw new Error('roll back');
      })
      .then(() => null, (e: unknown) => e);
    expect((rolledBack as Error).message).toBe('roll back');
    expect(await ds.query(`SELECT id FROM "${schema}".items ORDER BY id`)).toEqual([{ id: 1 }]);
  });

  it('wraps a failure in QueryFailedError with the SQLSTATE, like TypeORM\'s query()', async () => {
    const err = await preparedQuery(ds, insert, [1, 'again']).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(QueryFailedError);
    expect((err as QueryFailedError<Error & { code: string }>).driverError.code).toBe('23505');
    // TypeORM copies the driver's fields onto the error: callers read the SQLSTATE as err.code (a room code taken)
    expect((err as { code?: string }).code).toBe('23505');
    expect((err as QueryFailedError).query).toBe(insert.text);
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('dataSourceOptions planCacheMode (docs/hot-path.md "Commits planned once"; real PostgreSQL)', () => {
  const schema = uniqueSchema('plans');
  const open = async (planCacheMode?: DatabaseConfig['planCacheMode']): Promise<DataSource> => {
    const ds = new DataSource({ ...dataSourceOptions({ url: testDatabaseUrl(), schema, entities: [], migrations: [], poolSize: 1, planCacheMode }) });
    return ds.initialize();
  };

  it('sets plan_cache_mode on every connection of the pool, and leaves the server default without it', async () => {
    const generic = await open('force_generic_plan');
    const plain = await open();
    try {
      expect((await generic.query('SHOW plan_cache_mode'))[0].plan_cache_mode).toBe('force_generic_plan');
      expect((await plain.query('SHOW plan_cache_mode'))[0].plan_cache_mode).toBe('auto');
    } finally {
      await generic.destroy();
      await plain.destroy();
    }
  });

  it('plans a prepared statement generically from its first execution (auto plans at least the first five for their values)', async () => {
    const ds = await open('force_generic_plan');
    try {
      await ds.query(`CREATE SCHEMA "${schema}"`);
      await ds.query(`CREATE TABLE "${schema}".g (id int PRIMARY KEY, fence int NOT NULL)`);
      await ds.query(`INSERT INTO "${schema}".g SELECT i, 1 FROM generate_series(1, 1000) i`);
      await ds.query(`ANALYZE "${schema}".g`);
      const lock: PreparedStatement = { name: 'plans-spec-lock', text: `SELECT id FROM "${schema}".g WHERE id = ANY($1::int[]) FOR SHARE` };
      for (let i = 1; i <= 12; i++) expect(await preparedQuery(ds, lock, [[i]])).toEqual([{ id: i }]);
      const [row] = await ds.query(`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1`, [lock.name]);
      expect(Number(row.custom_plans)).toBe(0);
      expect(Number(row.generic_plans)).toBeGreaterThan(0);
    } finally {
      await ds.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
      await ds.destroy();
    }
  });
});
