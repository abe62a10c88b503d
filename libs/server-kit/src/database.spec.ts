import pg from 'pg';
import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database.js';

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
