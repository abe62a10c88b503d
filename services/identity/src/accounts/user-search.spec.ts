import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { rpcErrorOf } from '@nightfall/server-kit';
import { startIdentityApp, type IdentityTestApp } from '../testing/identity-test-app.js';
import { AccountsService, containsPattern } from './accounts.service.js';

/** Seeded signed-up users (plus one guest after every fourth) and the e-mail of number i. */
const SEEDED = 3000;
const T0 = Date.UTC(2026, 0, 1);
const emailOf = (i: number) => `player${String(i).padStart(4, '0')}@${i % 10 === 0 ? 'wolves.example' : 'village.example'}`;

describe('user lookups and SearchUsers (real PostgreSQL, 3,000 seeded users)', () => {
  let t: IdentityTestApp;
  let accounts: AccountsService;
  let ds: DataSource;

  beforeAll(async () => {
    t = await startIdentityApp();
    accounts = t.app.get(AccountsService);
    ds = t.app.get(DataSource);
    const s = t.env.DATABASE_SCHEMA;
    // user i is created at T0 + i s, so newest first is descending i
    await ds.query(
      `INSERT INTO "${s}"."users" ("email", "display_name", "auth_provider", "password_hash", "created_at")
       SELECT 'player' || lpad(i::text, 4, '0') || CASE WHEN i % 10 = 0 THEN '@wolves.example' ELSE '@village.example' END,
              'Player ' || i, 'email', NULL, to_timestamp($1::bigint / 1000.0 + i)
       FROM generate_series(1, $2::int) AS i`,
      [T0, SEEDED],
    );
    await ds.query(
      `INSERT INTO "${s}"."users" ("email", "display_name", "auth_provider", "created_at")
       SELECT NULL, 'Guest ' || i, 'guest', to_timestamp($1::bigint / 1000.0 + i + 0.5) FROM generate_series(1, $2::int, 4) AS i`,
      [T0, SEEDED],
    );
    await ds.query(`ANALYZE "${s}"."users"`);
  });
  afterAll(() => t.close());

  it('the e-mail search is served by the pg_trgm index created by the migration', async () => {
    const [idx] = (await ds.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = 'users_email_trgm_idx'`, [t.env.DATABASE_SCHEMA])) as Array<{ indexdef: string }>;
    expect(idx?.indexdef).toMatch(/USING gin \(lower\(\(email\)::text\) (\w+\.)?gin_trgm_ops\) WHERE \(email IS NOT NULL\)/);
  });

  it('searches e-mail parts case-insensitively, newest first, never guests, with the total', async () => {
    const page = await accounts.searchUsers('  WOLVES.Example ', 0, 25);
    expect(page.total).toBe(SEEDED / 10);
    expect(page.users.map((u) => u.email)).toEqual(Array.from({ length: 25 }, (_, k) => emailOf(SEEDED - 10 * k)));
    expect(page.users.every((u) => !u.isGuest && u.emailVerified === false)).toBe(true);

    const one = await accounts.searchUsers('player0420@', 0, 10);
    expect(one).toEqual({ total: 1, users: [expect.objectContaining({ email: emailOf(420), displayName: 'Player 420' })] });

    const middle = await accounts.searchUsers('player12', 0, 100);
    expect(middle.total).toBe(100); // player1200 ... player1299
    expect(middle.users[0]!.email).toBe(emailOf(1299));
    expect(middle.users.at(-1)!.email).toBe(emailOf(1200));
  });

  it('pages through every match exactly once', async () => {
    const seen: string[] = [];
    const totals = new Set<number>();
    for (let offset = 0; ; offset += 37) {
      const page = await accounts.searchUsers('village', offset, 37);
      totals.add(page.total);
      if (page.users.length === 0) break;
      seen.push(...page.users.map((u) => u.email));
    }
    expect([...totals]).toEqual([SEEDED - SEEDED / 10]);
    const total = SEEDED - SEEDED / 10;
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen[0]).toBe(emailOf(SEEDED - 1));
    expect(seen.at(-1)).toBe(emailOf(1));
  });

  it("'' lists every signed-up user (no guest), newest first, and pages past the end are empty", async () => {
    const first = await accounts.searchUsers('', 0, 100);
    expect(first.total).toBe(SEEDED);
    expect(first.users[0]!.email).toBe(emailOf(SEEDED));
    expect(first.users[99]!.email).toBe(emailOf(SEEDED - 99));
    const last = await accounts.searchUsers('', SEEDED - 3, 100);
    expect(last.users.map((u) => u.email)).toEqual([emailOf(3), emailOf(2), emailOf(1)]);
    expect(await accounts.searchUsers('', SEEDED, 100)).toEqual({ users: [], total: SEEDED });
  });

  it('a whole user id finds that user; guests are never found; % and _ are literal', async () => {
    const s = t.env.DATABASE_SCHEMA;
    const [row] = (await ds.query(`SELECT id FROM "${s}"."users" WHERE email = $1`, [emailOf(7)])) as Array<{ id: string }>;
    expect(await accounts.searchUsers(row!.id.toUpperCase(), 0, 10)).toEqual({ total: 1, users: [expect.objectContaining({ id: row!.id, email: emailOf(7) })] });
    expect((await accounts.searchUsers(randomUUID(), 0, 10)).total).toBe(0);
    const [guest] = (await ds.query(`SELECT id FROM "${s}"."users" WHERE auth_provider = 'guest' LIMIT 1`)) as Array<{ id: string }>;
    expect((await accounts.searchUsers(guest!.id, 0, 10)).total).toBe(0);
    expect((await accounts.searchUsers('Guest', 0, 10)).total).toBe(0);

    await accounts.signUp('under_score@odd.example', 'secret1', '');
    await accounts.signUp('underXscore@odd.example', 'secret1', '');
    expect((await accounts.searchUsers('under_', 0, 10)).users.map((u) => u.email)).toEqual(['under_score@odd.example']);
    expect((await accounts.searchUsers('player%42', 0, 10)).total).toBe(0);
    expect(containsPattern('a\\b%c_d')).toBe('%a\\\\b\\%c\\_d%');
  });

  it('rejects a limit outside 1-100 and a negative offset', async () => {
    for (const [offset, limit] of [[0, 0], [0, 101], [-1, 10], [0, 2.5]] as const) {
      expect(await rpcErrorOf(accounts.searchUsers('', offset, limit))).toEqual({ code: 'INVALID_INPUT', title: 'Error', message: 'limit must be 1-100 and offset 0 or more' });
    }
  });

  it('GetUserByEmail is case-insensitive and NOT_FOUND otherwise', async () => {
    expect(await accounts.getUserByEmail('  PLAYER0042@Village.Example ')).toMatchObject({ email: emailOf(42), isGuest: false, emailVerified: false });
    expect(await rpcErrorOf(accounts.getUserByEmail('nobody@village.example'))).toEqual({ code: 'USER_NOT_FOUND', title: 'Error', message: 'User not found' });
    expect((await rpcErrorOf(accounts.getUserByEmail('not an e-mail'))).code).toBe('USER_NOT_FOUND');
    expect((await rpcErrorOf(accounts.getUserByEmail(''))).code).toBe('USER_NOT_FOUND');
  });

  it('GetUsers reads up to 500 users in request order, leaving out unknown and malformed ids', async () => {
    const s = t.env.DATABASE_SCHEMA;
    const rows = (await ds.query(`SELECT id, email FROM "${s}"."users" ORDER BY created_at LIMIT 495`)) as Array<{ id: string; email: string | null }>;
    const ids = rows.map((r) => r.id).reverse();
    const got = await accounts.getUsers([...ids.slice(0, 3), randomUUID(), 'not-a-uuid', ids[0]!, ...ids.slice(3)]);
    expect(got.map((u) => u.id)).toEqual(ids);
    expect(got.some((u) => u.isGuest)).toBe(true);
    expect(await accounts.getUsers([])).toEqual([]);
    expect(await rpcErrorOf(accounts.getUsers(Array.from({ length: 501 }, () => randomUUID())))).toEqual({
      code: 'INVALID_INPUT',
      title: 'Error',
      message: 'At most 500 user ids per call',
    });
  });
});
