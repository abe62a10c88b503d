import { randomBytes } from 'node:crypto';

/**
 * PostgreSQL URL for integration tests: TEST_DATABASE_URL, else DATABASE_URL, else the machine's
 * local server (postgres://postgres@127.0.0.1:5432/postgres). Tests use a fresh schema each run.
 */
export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** NATS URL for integration tests: NATS_URL, else nats://127.0.0.1:4222. */
export function testNatsUrl(): string {
  return process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
}

/** A unique schema name for one test run (`<prefix>_t<random>`), so runs never collide. */
export function uniqueSchema(prefix: string): string {
  return `${prefix}_t${randomBytes(4).toString('hex')}`;
}

/**
 * Awaits a promise that must reject with an RpcException built by `rpcError`, and returns its body.
 * @throws Error when the promise resolves or rejects with something else
 */
export async function rpcErrorOf(p: Promise<unknown>): Promise<{ code: string; title: string; message: string }> {
  try {
    await p;
  } catch (err) {
    const e = err as { getError?: () => unknown };
    const inner = typeof e.getError === 'function' ? (e.getError() as { message?: string }) : undefined;
    if (inner?.message) return JSON.parse(inner.message);
    throw err;
  }
  throw new Error('expected the call to be rejected');
}
