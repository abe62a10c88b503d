/**
 * fast-check arbitraries of REST requests the gateway must refuse or may only read (docs/architecture.md
 * "Fuzzing"): every public route (spec 000 and 001 section 7) with bodies, ids, queries, headers and cookies
 * that break it, unknown routes and methods. A request that writes is built so that no persona could have it
 * accepted: a 2xx is a finding, like a 5xx, a 4xx without the house error body, or a changed table.
 */
import fc from 'fast-check';
import { LIMITS } from '@nightfall/protocol';

/** Who calls: the seeded accounts, a guest, a plain user, and callers without a live session. */
export type RestPersona = 'anonymous' | 'guest' | 'user' | 'host' | 'admin' | 'superAdmin' | 'revoked' | 'forged' | 'garbage';
/** Personas with a live session. */
const LIVE: readonly RestPersona[] = ['guest', 'user', 'host', 'admin', 'superAdmin'];
const ALL: readonly RestPersona[] = [...LIVE, 'anonymous', 'revoked', 'forged', 'garbage'];
/** Signed-in accounts (not guests). */
const ACCOUNTS: readonly RestPersona[] = ['user', 'host', 'admin', 'superAdmin'];

/** What the requests are generated against. */
export interface RestContext {
  /** Cookie (`name=value`) of each persona with one; forged and garbage ones are generated. */
  cookies: Partial<Record<RestPersona, string>>;
  /** The session cookie's name. */
  cookieName: string;
  /** Games that exist, and their room codes. */
  gameIds: string[];
  roomCodes: string[];
  /** E-mails and ids of existing users. */
  emails: string[];
  userIds: string[];
  /** A session token of the right shape signed with another secret. */
  forgedToken: string;
}

/** One request and what it may get. */
export interface FuzzRequest {
  kind: string;
  persona: RestPersona;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** A read (GET, or the always-200 sign-out without a session): 2xx allowed, nothing may change. */
  safe: boolean;
  /** The route needs a session: only there may a caller without one get UNAUTHENTICATED. */
  sessionRoute: boolean;
  /** A development page (`/dev/*`): its errors are HTML pages, not the API's error body. */
  html?: boolean;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const JSON_VALUE = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
/** JSON values that are not strings. */
const NOT_STRING: fc.Arbitrary<Json> = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(JSON_VALUE, { maxLength: 2 }), fc.dictionary(fc.string({ maxLength: 5 }), JSON_VALUE, { maxKeys: 2 }));
const text = (max = 80) => fc.string({ maxLength: max });
const long = (min: number, max: number) => fc.integer({ min, max }).map((n) => 'w'.repeat(n));
/** Ids reserved for the built-in themes (libs/themes: generic and the legacy ids): setting them is valid. */
const RESERVED_THEMES = ['generic', 'corporate-espionage', 'corporate', 'russiagate', 'onuw-classic'];

/** A route: how to call it, who may call it and a body that no one could have accepted. */
interface Route {
  kind: string;
  method: string;
  path: fc.Arbitrary<string>;
  personas: readonly RestPersona[];
  /** Bodies that are refused, as JSON (absent: no body)... */
  body?: fc.Arbitrary<Json>;
  /** ...or as raw bytes (an upload). */
  rawBody?: fc.Arbitrary<string>;
  safe?: boolean;
  sessionRoute?: boolean;
  /** Whether an unparsed (empty) body would be accepted from `persona`: then the body is never mangled. */
  emptyAccepted?: (persona: RestPersona) => boolean;
  html?: boolean;
}

/** Every public route with refused input (spec 000 and 001 section 7; services/gateway/src/**.controller.ts). */
function routes(ctx: RestContext): Route[] {
  const known = new Set([...ctx.emails, ...ctx.userIds]);
  const stranger = fc.string({ minLength: 1, maxLength: 64 }).filter((s) => !known.has(s));
  const badEmail = fc.oneof(text(60).filter((s) => !s.includes('@')), long(256, 2000).map((s) => `${s}@example.com`));
  const newEmail = fc.emailAddress().filter((e) => !ctx.emails.includes(e.toLowerCase()));
  const anyEmail = fc.oneof(newEmail, fc.constantFrom(...ctx.emails));
  const knownPasswords = new Set(['nightfall-demo', 'nightfall-admin', 'nightfall-super', 'secret-fuzz-user']);
  const wrongPassword = fc.string({ minLength: 1, maxLength: 80 }).filter((p) => !knownPasswords.has(p));
  const codes = new Set(ctx.roomCodes.map((c) => c.toUpperCase()));
  const unknownCode = fc.string({ minLength: 1, maxLength: LIMITS.roomCodeLength }).filter((c) => c.trim() !== '' && !codes.has(c.trim().toUpperCase()));
  const game = fc.oneof(fc.constantFrom(...ctx.gameIds), fc.uuid(), text(40).map(encodeURIComponent), fc.constantFrom('%E0%A4%A', '%ZZ', '..', '%00'));
  const randomId = fc.oneof(fc.uuid(), text(40).map(encodeURIComponent), fc.constantFrom('%E0%A4%A', '%'));
  const theme = fc.string({ minLength: 1, maxLength: 64 }).filter((t) => t.trim() !== '' && !RESERVED_THEMES.includes(t.trim()));
  const query = (keys: string[]) =>
    fc.dictionary(fc.oneof(fc.constantFrom(...keys), text(8)), fc.oneof(text(30), long(200, 400), fc.integer().map(String)), { maxKeys: 4 }).map((q) => {
      const s = new URLSearchParams(q).toString();
      return s ? `?${s}` : '';
    });
  const at = (p: string) => fc.constant(p);
  const obj = <T extends Record<string, fc.Arbitrary<Json>>>(shape: T, required: Array<keyof T> = Object.keys(shape)) => fc.record(shape, { requiredKeys: required as never }) as fc.Arbitrary<Json>;
  const notObject: fc.Arbitrary<Json> = fc.oneof(fc.array(JSON_VALUE, { maxLength: 3 }), fc.constant(null));
  return [
    {
      kind: 'signup',
      method: 'POST',
      path: at('/api/auth/signup'),
      personas: ALL,
      body: fc.oneof(
        obj({ email: fc.oneof(badEmail, NOT_STRING), password: JSON_VALUE }, ['email']),
        obj({ email: newEmail, password: fc.string({ minLength: 1, maxLength: 5 }) }),
        obj({ email: fc.constantFrom(...ctx.emails), password: fc.string({ minLength: 6, maxLength: 40 }) }),
        obj({ email: anyEmail, password: NOT_STRING.filter((p) => p !== null) }),
        obj({ email: newEmail, password: fc.string({ minLength: 6, maxLength: 40 }), displayName: fc.oneof(long(51, 300), NOT_STRING.filter((p) => p !== null)) }),
        notObject,
      ),
    },
    {
      kind: 'login',
      method: 'POST',
      path: at('/api/auth/login'),
      personas: ALL,
      body: fc.oneof(
        obj({ email: badEmail, password: fc.option(wrongPassword, { nil: undefined }) as fc.Arbitrary<Json> }, ['email']),
        obj({ email: anyEmail, password: wrongPassword }),
        obj({ email: fc.oneof(NOT_STRING, fc.constant('')), password: wrongPassword }),
        obj({ email: anyEmail, password: NOT_STRING.filter((p) => p !== null) }),
        notObject,
      ),
    },
    {
      kind: 'callback',
      method: 'POST',
      path: at('/api/auth/callback'),
      personas: ALL,
      body: fc.oneof(obj({ token: fc.oneof(text(512), long(513, 3000), NOT_STRING) }, []), notObject),
    },
    { kind: 'me', method: 'GET', path: at('/api/me'), personas: ALL, safe: true, sessionRoute: true },
    {
      kind: 'profile',
      method: 'PUT',
      path: at('/api/profile'),
      personas: ALL,
      sessionRoute: true,
      body: fc.oneof(obj({ displayName: fc.oneof(NOT_STRING, fc.constantFrom('', '   ', '\t'), long(51, 500)) }, []), notObject),
    },
    {
      kind: 'rooms_create',
      method: 'POST',
      path: at('/api/rooms/create'),
      personas: ALL,
      sessionRoute: true,
      // the host may create rooms: only a body the schema refuses
      body: fc.oneof(obj({ displayName: fc.oneof(NOT_STRING.filter((p) => p !== null), long(51, 300)) }), notObject),
      emptyAccepted: (p) => p === 'host',
    },
    {
      kind: 'rooms_join',
      method: 'POST',
      path: at('/api/rooms/join'),
      personas: ALL,
      body: fc.oneof(
        obj({ roomCode: unknownCode, displayName: fc.option(fc.oneof(text(50), NOT_STRING), { nil: undefined }) as fc.Arbitrary<Json> }, ['roomCode']),
        obj({ roomCode: fc.oneof(NOT_STRING, fc.constantFrom('', '  '), long(7, 100)), displayName: JSON_VALUE }, ['roomCode']),
        obj({ roomCode: fc.constantFrom(...ctx.roomCodes), displayName: fc.oneof(NOT_STRING.filter((p) => p !== null), long(51, 300)) }),
        notObject,
      ),
    },
    { kind: 'game_snapshot', method: 'GET', path: game.map((g) => `/api/games/${g}`), personas: ALL, safe: true, sessionRoute: true },
    {
      kind: 'seating',
      method: 'POST',
      path: game.map((g) => `/api/games/${g}/seating`),
      personas: ALL,
      sessionRoute: true,
      body: fc.oneof(obj({ newSeatingOrder: fc.oneof(fc.array(stranger, { minLength: 1, maxLength: 27 }), fc.constant<Json>([]), NOT_STRING), userId: JSON_VALUE }, ['newSeatingOrder']), notObject),
    },
    {
      kind: 'player_role',
      method: 'POST',
      path: game.map((g) => `/api/games/${g}/admin/player-role`),
      personas: ALL,
      sessionRoute: true,
      body: fc.oneof(obj({ playerId: fc.oneof(stranger, NOT_STRING, fc.constant('')), newRole: fc.oneof(text(100), NOT_STRING), userId: JSON_VALUE }, ['playerId']), notObject),
    },
    // a signed-in user without host rights would get a checkout (a row in billing): everybody else
    ...(['/api/checkout/host', '/api/checkout/host-pass-48h'] as const).map(
      (p): Route => ({ kind: 'checkout', method: 'POST', path: at(p), personas: ['anonymous', 'guest', 'host', 'revoked', 'forged', 'garbage'], sessionRoute: true, body: JSON_VALUE }),
    ),
    { kind: 'stripe_webhook', method: 'POST', path: at('/api/stripe/webhook'), personas: ALL, body: JSON_VALUE },
    {
      kind: 'debug_grant',
      method: 'POST',
      path: at('/api/debug/grant-host-manual'),
      personas: ALL,
      sessionRoute: true,
      // no tier means permanent: always a tier the schema refuses
      body: obj({ tier: fc.oneof(text(20).filter((t) => t !== 'permanent' && t !== 'pass_48h'), NOT_STRING.filter((p) => p !== null)) }),
      emptyAccepted: (p) => ACCOUNTS.includes(p),
    },
    { kind: 'debug_status', method: 'GET', path: at('/api/debug/user-status'), personas: ALL, safe: true, sessionRoute: true },
    { kind: 'outbox', method: 'GET', path: fc.constantFrom('/api/dev/outbox', '/dev/outbox'), personas: ALL, safe: true, html: true },
    { kind: 'dev_checkout', method: 'GET', path: query(['session']).map((q) => `/dev/checkout${q}`), personas: ALL, safe: true, html: true },
    { kind: 'dev_checkout', method: 'POST', path: query(['session']).map((q) => `/dev/checkout/complete${q}`), personas: ALL, html: true },
    { kind: 'admin_list', method: 'GET', path: query(['search', 'page', 'pageSize']).map((q) => `/api/admin/users${q}`), personas: ALL, safe: true, sessionRoute: true },
    { kind: 'admin_list', method: 'GET', path: query(['status', 'search', 'page', 'pageSize']).map((q) => `/api/admin/entitlements${q}`), personas: ALL, safe: true, sessionRoute: true },
    { kind: 'admin_list', method: 'GET', path: query(['page', 'pageSize']).map((q) => `/api/admin/audit-log${q}`), personas: ALL, safe: true, sessionRoute: true },
    { kind: 'admin_list', method: 'GET', path: at('/api/admin/custom-roles'), personas: ALL, safe: true, sessionRoute: true },
    { kind: 'admin_revoke', method: 'POST', path: randomId.map((id) => `/api/admin/entitlements/${id}/revoke`), personas: ALL, sessionRoute: true, body: JSON_VALUE },
    {
      kind: 'admin_toggle',
      method: 'POST',
      path: at('/api/admin/toggle-admin'),
      personas: ALL,
      sessionRoute: true,
      body: fc.oneof(obj({ userIdentifier: fc.oneof(stranger, newEmail, NOT_STRING, fc.constant(' ')) }, []), notObject),
    },
    {
      kind: 'admin_grant',
      method: 'POST',
      path: at('/api/admin/grant-entitlement'),
      personas: ALL,
      sessionRoute: true,
      body: fc.oneof(
        obj({ email: newEmail, type: fc.constant('host'), tier: fc.constantFrom('permanent', 'pass_48h') }, ['email', 'tier']),
        obj({ email: fc.oneof(badEmail, NOT_STRING), type: JSON_VALUE, tier: JSON_VALUE }, ['email']),
        obj({ email: fc.constantFrom(...ctx.emails), type: fc.oneof(text(10).filter((t) => t !== 'host'), NOT_STRING.filter((p) => p !== null)), tier: fc.constantFrom('permanent', 'pass_48h') }),
        obj({ email: fc.constantFrom(...ctx.emails), tier: fc.oneof(text(10).filter((t) => t !== 'permanent' && t !== 'pass_48h'), NOT_STRING) }),
        notObject,
      ),
    },
    {
      kind: 'admin_custom_role',
      method: 'POST',
      path: at('/api/admin/custom-roles'),
      personas: ALL,
      sessionRoute: true,
      body: fc.oneof(
        obj({ baseName: fc.oneof(fc.constantFrom('', '   '), long(101, 400), NOT_STRING.filter((p) => p !== null)), team: JSON_VALUE, abilities: JSON_VALUE, nightOrder: JSON_VALUE, themeVariants: JSON_VALUE }, ['baseName']),
        obj({ baseName: text(20).map((s) => `R${s}`), team: long(51, 200) }),
        notObject,
      ),
    },
    { kind: 'admin_custom_role', method: 'PATCH', path: randomId.map((id) => `/api/admin/custom-roles/${id}`), personas: ALL, sessionRoute: true, body: JSON_VALUE },
    { kind: 'admin_custom_role', method: 'DELETE', path: randomId.map((id) => `/api/admin/custom-roles/${id}`), personas: ALL, sessionRoute: true },
    // docs/architecture.md "History and replay": bad cursors and limits, rounds and game ids nobody played
    {
      kind: 'history',
      method: 'GET',
      path: fc.oneof(
        at('/api/history'),
        fc.tuple(text(30), text(10)).map(([c, l]) => `/api/history?cursor=${encodeURIComponent(c)}&limit=${encodeURIComponent(l)}`),
        fc.tuple(randomId, fc.oneof(fc.integer({ min: -5, max: 1_000_000_000_000 }).map(String), text(12).map(encodeURIComponent))).map(([id, r]) => `/api/history/${id}/${r || '1'}`),
      ),
      personas: ALL,
      safe: true,
      sessionRoute: true,
    },
    { kind: 'theme', method: 'GET', path: fc.constantFrom('/api/me/theme', '/api/me/theme/resolved', '/api/themes', '/api/admin/theme'), personas: ALL, safe: true, sessionRoute: true },
    { kind: 'theme', method: 'GET', path: fc.constantFrom('/api/theme/default', '/default-theme.zip', '/health/live', '/health/ready'), personas: ALL, safe: true },
    { kind: 'theme', method: 'GET', path: fc.oneof(fc.string({ minLength: 64, maxLength: 64, unit: fc.constantFrom(...'0123456789abcdef') }), randomId).map((h) => `/api/themes/packs/${h}`), personas: ALL, safe: true },
    { kind: 'theme', method: 'POST', path: at('/api/me/theme'), personas: ALL, sessionRoute: true, body: fc.oneof(obj({ themeId: fc.oneof(theme, long(65, 300), NOT_STRING, fc.constant('  ')) }, []), notObject) },
    { kind: 'theme', method: 'POST', path: at('/api/admin/theme'), personas: ALL, sessionRoute: true, body: fc.oneof(obj({ theme: fc.oneof(theme, long(65, 300), NOT_STRING, fc.constant('  ')) }, []), notObject) },
    { kind: 'theme', method: 'DELETE', path: randomId.map((id) => `/api/themes/${id}`), personas: ALL, sessionRoute: true },
    // anything but a ZIP with a valid manifest: text, and 'PK' followed by junk
    {
      kind: 'theme_upload',
      method: 'POST',
      path: at('/api/themes/packs'),
      personas: ALL,
      sessionRoute: true,
      rawBody: fc.oneof(text(200), fc.uint8Array({ maxLength: 200 }).map((b) => `PK\u0003\u0004${Buffer.from(b).toString('latin1')}`)),
    },
    { kind: 'logout', method: 'POST', path: at('/api/auth/logout'), personas: ['anonymous', 'revoked', 'forged', 'garbage'], safe: true, body: JSON_VALUE },
  ];
}

/** How a request's body or headers are mangled (only where an unparsed body is refused too). */
const MANGLE = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Mangle>({ how: 'none' }) },
  { weight: 1, arbitrary: text(200).map((t): Mangle => ({ how: 'raw', body: t })) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((at): Mangle => ({ how: 'truncate', at })) },
  { weight: 1, arbitrary: fc.integer({ min: 64 * 1024 + 1, max: 300 * 1024 }).map((n): Mangle => ({ how: 'huge', size: n })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz', 'application/json; charset=utf-7', 'application/json; charset=latin1', 'application/xml', 'nonsense', '')
      .map((ct): Mangle => ({ how: 'content-type', value: ct })),
  },
  { weight: 1, arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'zzz', 'identity, gzip').map((ce): Mangle => ({ how: 'content-encoding', value: ce })) },
);
type Mangle =
  | { how: 'none' }
  | { how: 'raw'; body: string }
  | { how: 'truncate'; at: number }
  | { how: 'huge'; size: number }
  | { how: 'content-type'; value: string }
  | { how: 'content-encoding'; value: string };

/** Headers any request may carry besides: harmless ones with random values (printable ASCII, no line breaks). */
const EXTRA_HEADERS = fc.dictionary(
  fc.constantFrom('accept', 'accept-language', 'origin', 'referer', 'user-agent', 'x-forwarded-for', 'x-forwarded-host', 'x-requested-with', 'if-none-match', 'range'),
  fc.string({ maxLength: 60, unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
  { maxKeys: 3 },
);

/** The cookie of a persona (forged and garbage ones generated). */
function cookieOf(ctx: RestContext, persona: RestPersona, garbage: string): string | undefined {
  if (persona === 'anonymous') return undefined;
  if (persona === 'forged') return `${ctx.cookieName}=${ctx.forgedToken}`;
  if (persona === 'garbage') return `${ctx.cookieName}=${encodeURIComponent(garbage)}`;
  return ctx.cookies[persona];
}

/** One request of any route (refused input), of an unknown route, or with a method the route does not have. */
export function requestArbitrary(ctx: RestContext): fc.Arbitrary<FuzzRequest> {
  const list = routes(ctx);
  const known = fc.constantFrom(...list).chain((r) =>
    fc.tuple(r.path, fc.constantFrom(...r.personas), r.body ?? fc.constant(undefined), r.rawBody ?? fc.constant(undefined), MANGLE, EXTRA_HEADERS, text(40)).map(([path, persona, body, rawBody, mangle, extra, garbage]): FuzzRequest => {
      const headers: Record<string, string> = { ...extra };
      const cookie = cookieOf(ctx, persona, garbage);
      if (cookie) headers.cookie = cookie;
      let raw: string | undefined = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
      if (raw !== undefined) headers['content-type'] = rawBody === undefined ? 'application/json' : 'application/zip';
      const canMangle = r.method !== 'GET' && !r.safe && !(r.emptyAccepted?.(persona) ?? false);
      let kind = `rest_${r.kind}`;
      if (canMangle && mangle.how !== 'none') {
        kind = 'rest_mangled';
        if (mangle.how === 'raw') raw = mangle.body;
        else if (mangle.how === 'truncate') raw = (raw ?? '{"x":1}').slice(0, Math.floor(mangle.at * (raw ?? '{"x":1}').length));
        else if (mangle.how === 'huge') raw = JSON.stringify({ padding: 'h'.repeat(mangle.size) });
        else if (mangle.how === 'content-type') headers['content-type'] = mangle.value;
        else headers['content-encoding'] = mangle.value;
        headers['content-type'] ??= 'application/json';
      }
      return {
        kind,
        persona,
        method: r.method,
        path,
        headers,
        ...(raw !== undefined && r.method !== 'GET' ? { body: raw } : {}),
        safe: r.safe === true,
        sessionRoute: r.sessionRoute === true,
        ...(r.html ? { html: true } : {}),
      };
    }),
  );
  const segment = fc.oneof(fc.webSegment(), text(12).map(encodeURIComponent), fc.constantFrom('api', 'admin', 'games', 'rooms', 'themes', '..', '%2e%2e', '%ZZ'));
  const unknownPath = fc
    .tuple(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 4 }))
    .map(([api, segs]) => `${api ? '/api/' : '/'}${segs.join('/')}`)
    .filter((p) => !isRoute(p));
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');
  const unknown = fc.tuple(method, unknownPath, fc.constantFrom(...ALL), text(40), fc.option(JSON_VALUE, { nil: undefined })).map(
    ([m, path, persona, garbage, body]): FuzzRequest => {
      const cookie = cookieOf(ctx, persona, garbage);
      const withBody = body !== undefined && m !== 'GET';
      return {
        kind: 'rest_unknown_route',
        persona,
        method: m,
        path,
        headers: { ...(cookie ? { cookie } : {}), ...(withBody ? { 'content-type': 'application/json' } : {}) },
        ...(withBody ? { body: JSON.stringify(body) } : {}),
        safe: false,
        sessionRoute: false,
      };
    },
  );
  // a known path with a method it does not have (a GET may name another route of that path: a read)
  const wrongMethod = fc.tuple(fc.constantFrom(...list), method, fc.constantFrom(...ALL), text(40)).chain(([r, m, persona, garbage]) =>
    r.path.map((path): FuzzRequest => {
      const cookie = cookieOf(ctx, persona, garbage);
      return { kind: 'rest_wrong_method', persona, method: m === r.method ? 'OPTIONS' : m, path, headers: cookie ? { cookie } : {}, safe: m === 'GET', sessionRoute: true, ...(r.html ? { html: true } : {}) };
    }),
  );
  return fc.oneof(
    { weight: 8, arbitrary: known },
    { weight: 1, arbitrary: unknown },
    { weight: 1, arbitrary: wrongMethod },
  );
}

/**
 * Every route the gateway registers (the authorization matrix's list, services/gateway/src/http/authorization-matrix.spec.ts),
 * as Express matches them: case-insensitive, an optional trailing slash.
 */
const ROUTE_TEMPLATES = [
  '/health/live', '/health/ready', '/api/auth/signup', '/api/auth/login', '/api/auth/callback', '/api/auth/logout', '/api/me', '/api/profile',
  '/api/rooms/create', '/api/rooms/join', '/api/games/:p', '/api/games/:p/seating', '/api/games/:p/admin/player-role', '/api/checkout/host',
  '/api/checkout/host-pass-48h', '/api/stripe/webhook', '/api/debug/grant-host-manual', '/api/debug/user-status', '/api/dev/outbox', '/dev/outbox',
  '/dev/checkout', '/dev/checkout/complete', '/api/admin/users', '/api/admin/entitlements', '/api/admin/entitlements/:p/revoke',
  '/api/admin/toggle-admin', '/api/admin/grant-entitlement', '/api/admin/custom-roles', '/api/admin/custom-roles/:p', '/api/admin/audit-log',
  '/api/me/theme', '/api/me/theme/resolved', '/api/theme/default', '/api/admin/theme', '/api/themes', '/api/themes/:p', '/api/themes/packs',
  '/api/themes/packs/:p', '/default-theme.zip', '/api/history', '/api/history/:p/:p',
];
const ROUTE_PATTERNS = ROUTE_TEMPLATES.map((t) => new RegExp(`^${t.replace(/[.]/g, '\\.').replace(/:p/g, '[^/]+')}/?$`, 'i'));

/** Whether `path` (as the client will send it: dot segments resolved) names a registered route. */
function isRoute(path: string): boolean {
  const resolved = new URL(`http://gateway.invalid${path}`).pathname;
  return ROUTE_PATTERNS.some((re) => re.test(resolved));
}

/** The request, shortened for a failure message. */
export function describeRequest(r: FuzzRequest): string {
  const body = r.body === undefined ? '' : typeof r.body === 'string' ? ` ${JSON.stringify(r.body.length > 300 ? `${r.body.slice(0, 300)}...(${r.body.length})` : r.body)}` : ` <${r.body.length} bytes>`;
  const headers = Object.entries(r.headers).filter(([k]) => k !== 'cookie').map(([k, v]) => `${k}: ${v.slice(0, 60)}`).join('; ');
  return `${r.kind} as ${r.persona}: ${r.method} ${r.path.slice(0, 200)}${headers ? ` [${headers}]` : ''}${body}`;
}

/**
 * Why an answer is not what `r` must get, or null when it is: never a 5xx; a write never accepted; a 4xx of
 * the API carries the house error body `{code, title, message}` with a title and a message, says what is wrong
 * (not zod's bare 'Invalid input...'), and is UNAUTHENTICATED only on a route that needs a session for a
 * caller without a live one (docs/architecture.md "Errors").
 */
export function problemWithResponse(r: FuzzRequest, status: number, body: string): string | null {
  if (status >= 500) return `server error ${status}: ${body.slice(0, 300)}`;
  if (!r.safe && status < 400) return `accepted (${status}): ${body.slice(0, 300)}`;
  if (status < 400 || r.html) return null;
  let parsed: { code?: unknown; title?: unknown; message?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return `${status} without a JSON body: ${body.slice(0, 300)}`;
  }
  const { code, title, message } = parsed ?? {};
  if (typeof code !== 'string' || typeof title !== 'string' || typeof message !== 'string' || !code || !title.trim() || !message.trim()) {
    return `${status} without the error body: ${body.slice(0, 300)}`;
  }
  if (/^Invalid input/.test(message)) return `unclear message (${status}): ${body.slice(0, 300)}`;
  if (code === 'UNAUTHENTICATED' && (!r.sessionRoute || LIVE.includes(r.persona))) return `UNAUTHENTICATED for a caller whose session is not the problem (${status}): ${body.slice(0, 300)}`;
  return null;
}
