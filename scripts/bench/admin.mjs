// Admin case of `npm run bench` (`--admin`): the admin console's users list with many users. Seeds N
// signed-up users and host entitlements for about 10% of them directly in SQL (identity and billing
// schemas), then times GET /api/admin/users (gateway -> admin -> identity SearchUsers + billing
// GetHostAccessMany) and GET /api/admin/entitlements with a mix of searches, sequentially and with
// concurrency, as a signed-in super admin (127.0.0.1 only).
import { performance } from 'node:perf_hooks';

/** 20 e-mail domains, 3 of them contain 'example' (the "domain part" search matches 3/20 of the users). */
export const DOMAINS = [
  'example.com', 'example.org', 'example.net', 'mail.test', 'post.test', 'inbox.test', 'fastmail.test', 'proton.test',
  'gmx.test', 'web.test', 'yahoo.test', 'outlook.test', 'icloud.test', 'zoho.test', 'aol.test', 'tutanota.test',
  'posteo.test', 'mailbox.test', 'hey.test', 'runbox.test',
];

/** A string no seeded e-mail contains (the "no match" search). */
export const NO_MATCH = 'zz-no-such-user-qq';

/** The search kinds of the users list, in the order the requests cycle through them. */
export const USER_KINDS = ['empty, page 1', "domain part 'example'", "selective 'player12345'", 'whole user id', 'no match', 'empty, page 2..50'];

/**
 * Seeds `users` signed-up users (one INSERT ... SELECT FROM generate_series) and host entitlements for
 * about 10% of them, then VACUUM (ANALYZE)s both tables. Deterministic apart from the uuids (setseed).
 * Users: `player<i>@<DOMAINS[i % 20]>`, 'Player <i>'; every third a magic-link account (no password,
 * e-mail verified), the others a password account (a placeholder hash that verifies nothing);
 * created_at uniform over the last 365 days; 60% with a last_login_at between creation and now.
 * Entitlements (type host): 50% permanent active (stripe 4/5, manual 1/5), 15% pass_48h active
 * (granted within the last 47 h), 20% pass_48h expired, 15% permanent revoked.
 * @param {import('pg').Client} c connected to the bench database
 * @returns {Promise<{users: number, entitlements: Record<string, number>, seedSeconds: number, analyzeSeconds: number}>}
 */
export async function seedUsers(c, { users, identity = 'identity', billing = 'billing' }) {
  const t0 = performance.now();
  await c.query('SELECT setseed(0.4242)');
  const domains = `ARRAY[${DOMAINS.map((d) => `'${d}'`).join(', ')}]`;
  await c.query(
    `INSERT INTO "${identity}"."users" ("email", "display_name", "auth_provider", "password_hash", "created_at", "last_login_at", "email_verified_at")
     SELECT 'player' || s.i || '@' || (${domains})[1 + s.i % 20],
            'Player ' || s.i,
            'email',
            CASE WHEN s.i % 3 = 0 THEN NULL ELSE '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzZWVk$bench-seed-not-a-real-hash' END,
            s.created_at,
            CASE WHEN s.login < 0.6 THEN s.created_at + s.login / 0.6 * (now() - s.created_at) END,
            CASE WHEN s.i % 3 = 0 THEN s.created_at END
     FROM (SELECT i, now() - random() * interval '365 days' AS created_at, random() AS login FROM generate_series(1, $1::int) AS i OFFSET 0) s`,
    [users],
  );
  await c.query(
    `INSERT INTO "${billing}"."entitlements"
       ("user_id", "user_email", "type", "tier", "status", "source", "payment_intent", "created_at", "updated_at", "expires_at", "revoked_at")
     SELECT e.user_id, e.email, 'host', e.tier, e.status, e.source,
            CASE WHEN e.source = 'stripe' THEN 'pi_bench_' || substr(md5(e.user_id::text), 1, 16) END,
            e.created_at, COALESCE(e.revoked_at, e.created_at), e.expires_at, e.revoked_at
     FROM (
       SELECT g.user_id, g.email, g.created_at, g.revoked_at,
              CASE WHEN g.k < 0.50 OR g.k >= 0.85 THEN 'permanent' ELSE 'pass_48h' END AS tier,
              CASE WHEN g.k >= 0.85 THEN 'revoked' ELSE 'active' END AS status,
              CASE WHEN g.k < 0.40 OR (g.k >= 0.50 AND g.k < 0.85) THEN 'stripe' ELSE 'manual' END AS source,
              CASE WHEN g.k >= 0.50 AND g.k < 0.85 THEN g.created_at + interval '48 hours' END AS expires_at
       FROM (
         SELECT t.user_id, t.email, t.k,
                CASE
                  WHEN t.k >= 0.50 AND t.k < 0.65 THEN GREATEST(t.user_created, now() - t.r * interval '47 hours')
                  WHEN t.k >= 0.65 AND t.k < 0.85 THEN LEAST(t.granted, now() - interval '49 hours')
                  ELSE t.granted
                END AS created_at,
                CASE WHEN t.k >= 0.85 THEN t.granted + t.r2 * (now() - t.granted) END AS revoked_at
         FROM (
           SELECT u.id AS user_id, u.email, u.created_at AS user_created, r.k, r.r, r.r2, u.created_at + r.r * (now() - u.created_at) AS granted
           FROM (SELECT "id", "email", "created_at", random() AS pick FROM "${identity}"."users" WHERE "email" LIKE 'player%' ORDER BY "created_at", "email" OFFSET 0) u
           CROSS JOIN LATERAL (SELECT random() + 0 * u.pick AS k, random() + 0 * u.pick AS r, random() + 0 * u.pick AS r2) r
           WHERE u.pick < 0.10
         ) t
       ) g
     ) e`,
  );
  const seedSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  // VACUUM as well as ANALYZE: it also merges the GIN indexes' pending lists (gin fastupdate) and sets the
  // visibility map, the state autovacuum leaves a table in; right after a bulk insert both would be untypical
  await c.query(`VACUUM (ANALYZE) "${identity}"."users", "${billing}"."entitlements"`);
  const analyzeSeconds = (performance.now() - t1) / 1000;
  const kinds = await c.query(
    `SELECT CASE WHEN status = 'revoked' THEN tier || ' revoked'
                 WHEN expires_at IS NOT NULL AND expires_at <= now() THEN tier || ' expired'
                 ELSE tier || ' active' END AS kind, COUNT(*)::int AS n
     FROM "${billing}"."entitlements" WHERE "type" = 'host' AND "user_email" LIKE 'player%' GROUP BY 1 ORDER BY 1`,
  );
  const counted = await c.query(`SELECT COUNT(*)::int AS n FROM "${identity}"."users" WHERE "email" LIKE 'player%'`);
  return { users: counted.rows[0].n, entitlements: Object.fromEntries(kinds.rows.map((r) => [r.kind, r.n])), seedSeconds, analyzeSeconds };
}

/**
 * Seeded ids for the "whole user id" searches: `count` users spread over the table, and `count` holders of an
 * active host entitlement (for the entitlements list).
 */
export async function sampleIds(c, { count = 25, identity = 'identity', billing = 'billing' } = {}) {
  const users = await c.query(`SELECT "id" FROM "${identity}"."users" WHERE "email" LIKE 'player%' ORDER BY md5("id"::text) LIMIT $1`, [count]);
  const holders = await c.query(
    `SELECT "user_id" FROM "${billing}"."entitlements" WHERE "status" = 'active' AND ("expires_at" IS NULL OR "expires_at" > now())
     AND "user_email" LIKE 'player%' ORDER BY md5("id"::text) LIMIT $1`,
    [count],
  );
  return { userIds: users.rows.map((r) => r.id), holderIds: holders.rows.map((r) => r.user_id) };
}

const usersPath = (search, page) => `/api/admin/users?${new URLSearchParams({ search, page: String(page), pageSize: '20' })}`;

/**
 * The users-list requests: `count` requests cycling through {@link USER_KINDS}; the ids and the page
 * numbers rotate (page 2, 3, ... 50, 2, ...). Each has a check of the answer.
 * @returns {Array<{kind: string, path: string, check: (body: any) => string | null}>}
 */
export function userPlan(count, userIds) {
  const plan = [];
  for (let j = 0; j < count; j++) {
    const round = Math.floor(j / USER_KINDS.length);
    const kind = USER_KINDS[j % USER_KINDS.length];
    const pageOf = (b) => (Array.isArray(b?.items) && typeof b.total === 'number' ? null : 'no page in the answer');
    if (kind === 'empty, page 1') plan.push({ kind, path: usersPath('', 1), check: (b) => pageOf(b) ?? (b.items.length === Math.min(20, b.total) ? null : 'short page') });
    else if (kind === "domain part 'example'") plan.push({ kind, path: usersPath('example', 1), check: (b) => pageOf(b) ?? (b.items.every((u) => u.email.includes('example')) && b.total > 0 ? null : 'wrong rows') });
    else if (kind === "selective 'player12345'") plan.push({ kind, path: usersPath('player12345', 1), check: (b) => pageOf(b) ?? (b.items.every((u) => u.email.includes('player12345')) ? null : 'wrong rows') });
    else if (kind === 'whole user id') {
      const id = userIds[round % userIds.length];
      plan.push({ kind, path: usersPath(id, 1), check: (b) => pageOf(b) ?? (b.items.some((u) => u.id === id) ? null : 'user not found') });
    } else if (kind === 'no match') plan.push({ kind, path: usersPath(NO_MATCH, 1), check: (b) => pageOf(b) ?? (b.total === 0 ? null : 'unexpected rows') });
    else {
      const page = 2 + (round % 49);
      plan.push({ kind, path: usersPath('', page), check: (b) => pageOf(b) ?? (b.page === page && b.items.length === Math.max(0, Math.min(20, b.total - (page - 1) * 20)) ? null : 'wrong page') });
    }
  }
  return plan;
}

/** The entitlements-list requests (status=active): `count` requests cycling through 5 searches. */
export function entitlementPlan(count, holderIds) {
  const path = (search) => `/api/admin/entitlements?${new URLSearchParams({ status: 'active', search, page: '1', pageSize: '20' })}`;
  const pageOf = (b) => (Array.isArray(b?.items) && typeof b.total === 'number' ? null : 'no page in the answer');
  const active = (b) => pageOf(b) ?? (b.items.every((e) => e.status === 'active') ? null : 'inactive row');
  const kinds = [
    ['empty', () => path(''), active],
    ["domain part 'example'", () => path('example'), active],
    ["part 'player12'", () => path('player12'), active],
    ['holder user id', (r) => path(holderIds[r % holderIds.length]), active],
    ['no match', () => path(NO_MATCH), (b) => pageOf(b) ?? (b.total === 0 ? null : 'unexpected rows')],
  ];
  const plan = [];
  for (let j = 0; j < count; j++) {
    const [kind, p, check] = kinds[j % kinds.length];
    plan.push({ kind, path: p(Math.floor(j / kinds.length)), check });
  }
  return plan;
}

/**
 * Sends the plan's GET requests with `concurrency` workers (1 = one after the other), each timed from the
 * request until its JSON body is read. Stops sending at `deadline` (performance.now() ms).
 * @param {{base: string, cookie: string, plan: Array<{kind: string, path: string, check: Function}>, concurrency: number, deadline: number, api: Function}} o
 * @returns {Promise<{samples: Array<{kind: string, ms: number, ok: boolean, total: number | null}>, errors: Map<string, number>, errorSamples: object[], wallMs: number, unsent: number}>}
 */
export async function runRequests(o) {
  const samples = [];
  const errors = new Map();
  const errorSamples = [];
  const fail = (code, sample) => {
    errors.set(code, (errors.get(code) ?? 0) + 1);
    if (errorSamples.length < 10) errorSamples.push({ code, ...sample });
  };
  let next = 0;
  let unsent = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < o.plan.length) {
      const req = o.plan[next++];
      if (performance.now() > o.deadline) {
        unsent++;
        continue;
      }
      const started = performance.now();
      let res;
      try {
        res = await o.api(o.base, req.path, undefined, o.cookie);
      } catch (err) {
        samples.push({ kind: req.kind, ms: performance.now() - started, ok: false, total: null });
        fail(`FETCH_${err.name ?? 'Error'}`, { kind: req.kind, path: req.path, message: err.message });
        continue;
      }
      const ms = performance.now() - started;
      if (res.status !== 200) {
        samples.push({ kind: req.kind, ms, ok: false, total: null });
        fail(`HTTP_${res.status} ${req.path.split('?')[0]}`, { kind: req.kind, path: req.path, body: res.body });
        continue;
      }
      const problem = req.check(res.body);
      if (problem) fail(`CHECK ${req.kind}: ${problem}`, { kind: req.kind, path: req.path, total: res.body?.total });
      samples.push({ kind: req.kind, ms, ok: !problem, total: typeof res.body?.total === 'number' ? res.body.total : null });
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  if (unsent) fail('TIMEOUT (not sent)', { count: unsent });
  return { samples, errors, errorSamples, wallMs: performance.now() - t0, unsent };
}

/**
 * Latency summary of a run: overall and per kind (in plan order), requests per second, and the totals
 * each kind's answers reported ("a..b" when they differed, e.g. pages of a growing table).
 */
export function summarizeRun(run, kinds, stats) {
  const fmt = (s) => (s ? { count: s.count, p50: stats.round(s.p50), p95: stats.round(s.p95), p99: stats.round(s.p99), max: stats.round(s.max), mean: stats.round(s.mean) } : null);
  const byKind = {};
  for (const kind of kinds) {
    const mine = run.samples.filter((s) => s.kind === kind);
    if (!mine.length) continue;
    const totals = mine.map((s) => s.total).filter((t) => t !== null);
    const lo = totals.length ? Math.min(...totals) : null;
    const hi = totals.length ? Math.max(...totals) : null;
    byKind[kind] = { ...fmt(stats.summarize(mine.map((s) => s.ms))), totalReturned: lo === hi ? lo : `${lo}..${hi}` };
  }
  return {
    requests: run.samples.length,
    failed: run.samples.filter((s) => !s.ok).length + run.unsent,
    wallSeconds: stats.round(run.wallMs / 1000, 2),
    requestsPerSecond: stats.round(run.samples.length / (run.wallMs / 1000), 1),
    latency: fmt(stats.summarize(run.samples.map((s) => s.ms))),
    byKind,
    errorsByCode: Object.fromEntries(run.errors),
    errorSamples: run.errorSamples,
  };
}
