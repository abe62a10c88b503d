import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LeasedJob } from '@nightfall/server-kit';
import { SessionsService } from '../sessions/sessions.service.js';
import { startIdentityApp, type IdentityTestApp } from '../testing/identity-test-app.js';
import { RetentionService } from './retention.service.js';

const HOUR = 3_600_000;

describe('identity retention (real PostgreSQL, injected clock)', () => {
  let now = Date.UTC(2026, 10, 23, 12);
  let t: IdentityTestApp;
  let ds: DataSource;
  let retention: RetentionService;
  let s: string;

  beforeAll(async () => {
    t = await startIdentityApp({ RETENTION_BATCH_SIZE: '2' }, () => now);
    ds = t.app.get(DataSource);
    retention = t.app.get(RetentionService);
    s = t.env.DATABASE_SCHEMA;
  });
  afterAll(async () => {
    await t.close();
  });

  async function user(): Promise<string> {
    const id = randomUUID();
    await ds.query(`INSERT INTO "${s}"."users" (id, email, display_name) VALUES ($1, $2, 'R')`, [id, `${id}@example.com`]);
    return id;
  }
  async function session(userId: string, expiresAt: number, revokedAt: number | null = null): Promise<string> {
    const id = randomUUID();
    await ds.query(`INSERT INTO "${s}"."sessions" (id, user_id, expires_at, revoked_at) VALUES ($1, $2, $3, $4)`, [id, userId, new Date(expiresAt), revokedAt === null ? null : new Date(revokedAt)]);
    return id;
  }
  async function token(email: string, expiresAt: number, used = false): Promise<string> {
    const id = randomUUID();
    await ds.query(`INSERT INTO "${s}"."magic_link_tokens" (id, email, purpose, token_hash, used, expires_at) VALUES ($1, $2, 'signup', $3, $4, $5)`, [
      id,
      email,
      randomUUID().replace(/-/g, '').padEnd(64, '0'),
      used,
      new Date(expiresAt),
    ]);
    return id;
  }
  const ids = async (table: string) => new Set(((await ds.query(`SELECT id FROM "${s}"."${table}"`)) as Array<{ id: string }>).map((r) => r.id));

  it('removes expired and revoked sessions and expired magic-link tokens in batches; live ones stay', async () => {
    const u = await user();
    const expired = await Promise.all([1, 2, 3, 4, 5].map((i) => session(u, now - i * HOUR)));
    const revoked = await session(u, now + 24 * HOUR, now - HOUR);
    const live = await session(u, now + HOUR);
    const justLive = await session(u, now + 1000);
    const oldTokens = await Promise.all([token('a@example.com', now - HOUR, true), token('b@example.com', now - 1000), token('c@example.com', now - 24 * HOUR)]);
    const freshToken = await token('d@example.com', now + 15 * 60_000);
    const usedFresh = await token('e@example.com', now + 60_000, true);

    // batches of 2: six dead sessions take four batches (2, 2, 2, 0), three tokens two (2, 1)
    expect(await retention.purge()).toEqual({ sessions: 6, magicLinkTokens: 3 });

    const sessions = await ids('sessions');
    for (const id of [...expired, revoked]) expect(sessions.has(id)).toBe(false);
    expect(sessions.has(live) && sessions.has(justLive)).toBe(true);
    const tokens = await ids('magic_link_tokens');
    for (const id of oldTokens) expect(tokens.has(id)).toBe(false);
    expect(tokens.has(freshToken) && tokens.has(usedFresh)).toBe(true);
    expect((await t.app.get(SessionsService).validateSession(live)).valid).toBe(true);
    // users are kept
    expect((await ds.query(`SELECT count(*)::int AS n FROM "${s}"."users" WHERE id = $1`, [u]))[0].n).toBe(1);

    // time passes: what was live expires and goes too
    now += 2 * HOUR;
    expect(await retention.purge()).toEqual({ sessions: 2, magicLinkTokens: 2 });
  });

  it('runs on one replica at a time: a second one waits for the lease', async () => {
    const u = await user();
    expect(await retention.job.tick()).toBe(0); // this replica takes the lease
    const other = new LeasedJob(ds, { name: 'retention', schema: s, everyMs: 60_000, run: async () => (await retention.purge()).sessions });
    const dead = await session(u, now - HOUR);
    expect(await other.tick()).toBeNull(); // held by the first replica: nothing runs
    expect((await ids('sessions')).has(dead)).toBe(true);
    expect(await retention.job.tick()).toBe(1); // the holder renews and runs
    const dead2 = await session(u, now - HOUR);
    await retention.job.stop(); // the holder stops and hands the lease back
    expect(await other.tick()).toBe(1);
    expect((await ids('sessions')).has(dead2)).toBe(false);
    await other.stop();
  });
});
