import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import type { ServerMessage } from '@nightfall/protocol';
import type { GameView, RoleName } from '@nightfall/game-rules';
import { api, chatLinesOf, nextSimulatedMove, startTestStack, TestSocket, type RunningStack } from '@nightfall/testing';
import { freePort, ROOT } from '@nightfall/testing/launcher';

type ViewMsg = Extract<ServerMessage, { view: GameView }>;
const isView = (m: ServerMessage): m is ViewMsg => 'view' in m;

/** One sample of a Prometheus text exposition: `name{labels} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the Prometheus text format (the lines the tests read; comments skipped). */
function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/** The sum of the samples of `name` whose labels include `where`. */
function total(samples: Sample[], name: string, where: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v)).reduce((a, s) => a + s.value, 0);
}

/** Scrapes `GET /metrics` of a base URL. */
async function scrape(base: string): Promise<Sample[]> {
  const r = await fetch(`${base}/metrics`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/plain');
  return parseMetrics(await r.text());
}

/** A span received by the OTLP/HTTP JSON stand-in collector. */
interface ReceivedSpan {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
}

/** A tiny OTLP/HTTP receiver (POST /v1/traces, JSON): the spans the services export. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans?: Array<{ resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> }; scopeSpans?: Array<{ spans?: Array<{ name: string; traceId: string; spanId: string; parentSpanId?: string }> }> }>;
        };
        for (const rs of body.resourceSpans ?? []) {
          const service = rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ service, name: s.name, traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId ?? '' });
        }
      } catch {
        /* not JSON: counted as nothing */
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, spans, server };
}

/** The JSON lines of a service's log in the stack's log folder. */
function logLines(stack: RunningStack, name: string): Array<Record<string, unknown>> {
  const dir = resolve(ROOT, 'test-output/logs', new URL(stack.databaseUrl).pathname.slice(1));
  return readFileSync(resolve(dir, `${name}.log`), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Polls `probe` every 100 ms until it returns a value, at most `timeoutMs`. @throws on time-out */
async function eventually<T>(probe: () => T | undefined | null | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('metrics and traces on the real stack (docs/architecture.md "Metrics and traces")', () => {
  let stack: RunningStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let hostCookie: string;
  let host: { userId: string; socket: TestSocket };
  let gameId: string;
  let gatewayMetrics: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    // tracing on (a local OTLP receiver) and one debug line per socket message and gRPC call
    const traced = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, LOG_LEVEL: 'debug' };
    const metricsPort = await freePort();
    gatewayMetrics = `http://127.0.0.1:${metricsPort}`;
    // the gateway's metrics on a port of their own, as the chart runs it (METRICS_PORT)
    stack = await startTestStack({ gatewayEnv: { ...traced, METRICS_PORT: String(metricsPort) }, engineEnv: traced, extraEnv: { identity: { LOG_LEVEL: 'debug' } } });
    const login = await api(stack.url, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password });
    expect(login.status).toBe(200);
    hostCookie = login.cookie!;
    const room = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    expect(room.status).toBe(200);
    gameId = room.body.gameId as string;
    host = { userId: room.body.userId as string, socket: await TestSocket.open(stack.url, hostCookie) };
    host.socket.send({ type: 'join_game', gameId, userId: host.userId });
    await host.socket.waitFor((m) => m.type === 'joined');
  }, 120_000);

  afterAll(async () => {
    host?.socket.close();
    await stack?.stop();
    await stack?.dropDatabase();
    receiver?.server.close();
  });

  it('plays a short game, then every service exports its metrics with sane values', async () => {
    const act = (action: string, data: object = {}) => host.socket.send({ type: 'game_action', gameId, userId: host.userId, action, data });
    for (let i = 0; i < 4; i++) act('add_bot');
    await host.socket.waitFor((m) => isView(m) && m.view.players.length === 5);
    const roles: RoleName[] = ['Bad Guy', 'Bad Guy', 'Bad Guy Helper', 'Role Looker', 'Role Thief', 'Role Swapper', 'Random Role Taker', 'Self-Checker'];
    act('update_role_selection', { roles });
    await host.socket.waitFor((m) => isView(m) && m.view.game.selectedRoles.length === 8);
    act('start_game');
    // the host plays its own moves (the bots theirs) until the discussion
    const sent = new Set<string>();
    await eventually(
      () => {
        const last = [...host.socket.received].reverse().find(isView);
        if (!last) return false;
        if (['discussion', 'vote', 'results'].includes(last.view.game.phase)) return true;
        const move = nextSimulatedMove(last.view);
        const key = `${last.view.game.phase}:${move?.action}`;
        if (move && !sent.has(key)) {
          sent.add(key);
          act(move.action, move.data ?? {});
        }
        return false;
      },
      30_000,
      'the discussion phase',
    );
    act('no_such_action'); // refused by the gateway's schema: counted as a rejected game_action
    await host.socket.waitFor((m) => m.type === 'error');

    // the public port does not show the metrics when METRICS_PORT is set
    const hidden = await fetch(`${stack.url}/metrics`);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ code: 'NOT_FOUND', title: 'Error' });
    const gateway = await scrape(gatewayMetrics);
    expect(total(gateway, 'nightfall_gateway_sockets')).toBeGreaterThanOrEqual(1);
    expect(total(gateway, 'nightfall_gateway_socket_messages_total', { type: 'game_action', outcome: 'ok' })).toBeGreaterThanOrEqual(7);
    expect(total(gateway, 'nightfall_gateway_socket_messages_total', { type: 'game_action', outcome: 'rejected' })).toBeGreaterThanOrEqual(1);
    expect(total(gateway, 'nightfall_gateway_socket_messages_total', { type: 'join_game', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    const views = total(gateway, 'nightfall_gateway_action_to_view_seconds_count');
    // actions sent in a burst share one clock (the oldest waits for the next view): fewer observations than actions
    expect(views).toBeGreaterThanOrEqual(3);
    // every observation fits the last bucket, and most of them the 100 ms goal on a quiet machine
    expect(total(gateway, 'nightfall_gateway_action_to_view_seconds_bucket', { le: '+Inf' })).toBe(views);
    expect(total(gateway, 'nightfall_gateway_action_to_view_seconds_sum') / views).toBeLessThan(1);
    expect(total(gateway, 'nightfall_nats_delivered_total', { subject: 'game.views' })).toBeGreaterThanOrEqual(views);
    expect(total(gateway, 'nightfall_nats_connected')).toBe(1);
    expect(total(gateway, 'nightfall_http_requests_total', { method: 'POST', route: '/api/rooms/create', status: '2xx' })).toBe(1);
    expect(total(gateway, 'nightfall_http_requests_total', { method: 'POST', route: '/api/auth/login', status: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(total(gateway, 'nightfall_db_pool_max', { pool: 'rate_limits' })).toBeGreaterThanOrEqual(1);
    // once a view named the game's owner, commands go on the gateway's command stream to it (docs/hot-path.md
    // "Commands on an open stream"), and each is still served as one ExecuteCommand (below)
    expect(total(gateway, 'nightfall_gateway_commands_total', { path: 'stream' })).toBeGreaterThanOrEqual(5);
    // no label carries an id, a room code or a raw URL
    const text = gateway.map((s) => JSON.stringify(s.labels)).join('\n');
    expect(text).not.toContain(gameId);
    expect(text).not.toContain(host.userId);

    const engine = await scrape(`http://127.0.0.1:${stack.ports.game[0]!.health}`);
    expect(total(engine, 'nightfall_nats_delivered_total', { subject: 'gateway.heartbeat' })).toBeGreaterThanOrEqual(1);
    expect(total(engine, 'nightfall_game_commands_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(7);
    expect(total(engine, 'nightfall_game_commands_total', { action: 'add_bot', outcome: 'ok' })).toBe(4);
    expect(total(engine, 'nightfall_game_commands_total', { action: 'start_game', outcome: 'ok' })).toBe(1);
    expect(total(engine, 'nightfall_game_games')).toBeGreaterThanOrEqual(1);
    expect(total(engine, 'nightfall_game_games', { phase: 'lobby' })).toBe(0);
    const handled = { service: 'nightfall.game.v1.GameService', method: 'ExecuteCommand', code: 'OK' };
    expect(total(engine, 'nightfall_grpc_server_handled_total', handled)).toBeGreaterThanOrEqual(7);
    expect(total(engine, 'nightfall_grpc_server_handling_seconds_count', { method: 'ExecuteCommand' })).toBeGreaterThanOrEqual(7);
    expect(total(engine, 'nightfall_nats_published_total', { subject: 'game.views' })).toBeGreaterThanOrEqual(views);
    expect(total(engine, 'nightfall_db_pool_max', { pool: 'typeorm' })).toBeGreaterThanOrEqual(1);
    expect(engine.some((s) => s.name === 'nightfall_db_pool_connections' && s.labels.state === 'in_use')).toBe(true);
    expect(engine.find((s) => s.name === 'nightfall_db_pool_waiting' && s.labels.pool === 'typeorm')?.value).toBe(0); // a quiet pool
    expect(total(engine, 'nightfall_process_cpu_seconds_total')).toBeGreaterThan(0);

    // a (test-mode) checkout, one refused (the demo host already has permanent host access), and a webhook that
    // billing refuses (no STRIPE_WEBHOOK_SECRET in the test stack)
    const buyer = await api(stack.url, '/api/auth/signup', { email: `obs-${Date.now()}@example.com`, password: 'secret123' });
    expect((await api(stack.url, '/api/checkout/host-pass-48h', {}, buyer.cookie)).status).toBe(200);
    expect((await api(stack.url, '/api/checkout/host-pass-48h', {}, hostCookie)).status).toBe(400);
    const hook = await fetch(`${stack.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, body: '{}' });
    expect(hook.status).toBeGreaterThanOrEqual(400);
    const identity = await scrape(`http://127.0.0.1:${stack.ports.identityHealth}`);
    expect(total(identity, 'nightfall_identity_sign_ins_total', { method: 'password', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(total(identity, 'nightfall_identity_sign_ins_total', { method: 'password_signup', outcome: 'ok' })).toBe(1);
    // the host's sign-in (a session check may be answered by the gateway's SessionCache instead: docs/architecture.md "Session checks")
    expect(total(identity, 'nightfall_grpc_server_handled_total', { method: 'SignInWithPassword', code: 'OK' })).toBeGreaterThanOrEqual(1);
    // billing answered the host check of the room creation, admin the super-admin check of the join
    const billing = await scrape(`http://127.0.0.1:${stack.ports.billingHealth}`);
    expect(total(billing, 'nightfall_billing_checkouts_total', { tier: 'pass_48h', outcome: 'ok' })).toBe(1);
    expect(total(billing, 'nightfall_billing_checkouts_total', { tier: 'pass_48h', outcome: 'rejected' })).toBe(1);
    expect(total(billing, 'nightfall_billing_webhooks_total', { outcome: 'rejected' })).toBe(1);
    expect(total(billing, 'nightfall_grpc_server_handled_total', { service: 'nightfall.billing.v1.BillingService', code: 'OK' })).toBeGreaterThanOrEqual(1);
    const admin = await scrape(`http://127.0.0.1:${stack.ports.adminHealth}`);
    expect(total(admin, 'nightfall_grpc_server_handled_total', { service: 'nightfall.admin.v1.AdminService', code: 'OK' })).toBeGreaterThanOrEqual(1);
    const theme = await scrape(`http://127.0.0.1:${stack.ports.themeHealth}`);
    for (const samples of [billing, admin, theme]) {
      expect(total(samples, 'nightfall_db_pool_max', { pool: 'typeorm' })).toBeGreaterThanOrEqual(1);
      expect(total(samples, 'nightfall_process_resident_memory_bytes')).toBeGreaterThan(0);
    }
  }, 90_000);

  it('follows one action by its trace id from the gateway log through game-engine to PostgreSQL and back over NATS', async () => {
    const before = logLines(stack, 'gateway').length;
    host.socket.send({ type: 'game_action', gameId, userId: host.userId, action: 'send_message', data: { content: 'trace me' } });
    await host.socket.waitFor((m) => isView(m) && chatLinesOf(m).some((c) => c.content === 'trace me'));
    const line = await eventually(() => logLines(stack, 'gateway').slice(before).find((l) => l.msg === 'ws game_action ok'), 5000, "the gateway's log line");
    const traceId = line.traceId as string;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const engineLine = await eventually(() => logLines(stack, 'game-engine').find((l) => l.traceId === traceId && String(l.msg).includes('GameService/ExecuteCommand OK')), 5000, "game-engine's log line");
    expect(engineLine.requestId).toBe(line.requestId);

    // the exported spans of that trace: the socket message, the gRPC client and server, PostgreSQL, the NATS delivery
    const spans = await eventually(
      () => {
        const of = receiver.spans.filter((s) => s.traceId === traceId);
        const done = ['ws game_action', 'grpc.client nightfall.game.v1.GameService/ExecuteCommand', 'nats.deliver game.views'].every((n) => of.some((s) => s.name === n));
        // each service exports its spans in batches: the engine's server span may come a batch after its pg spans
        const engine = of.some((s) => s.service === 'game-engine' && s.name === 'grpc nightfall.game.v1.GameService/ExecuteCommand');
        return done && engine && of.some((s) => s.service === 'game-engine' && s.name.startsWith('pg')) ? of : null;
      },
      10_000,
      'the spans of the trace',
    );
    const names = spans.map((s) => `${s.service}:${s.name}`);
    expect(names).toEqual(expect.arrayContaining(['gateway:ws game_action', 'gateway:grpc.client nightfall.game.v1.GameService/ExecuteCommand', 'game-engine:grpc nightfall.game.v1.GameService/ExecuteCommand', 'gateway:nats.deliver game.views']));
    const root = spans.find((s) => s.name === 'ws game_action')!;
    expect(root.parentSpanId).toBe('');
    const server = spans.find((s) => s.service === 'game-engine' && s.name.startsWith('grpc '))!;
    const client = spans.find((s) => s.name.startsWith('grpc.client'))!;
    expect(client.parentSpanId).toBe(root.spanId);
    expect(server.parentSpanId).toBe(client.spanId);
  }, 60_000);

  it("keeps a REST client's x-request-id through the gateway's log and identity's", async () => {
    const r = await fetch(`${stack.url}/api/me`, { headers: { cookie: hostCookie, 'x-request-id': 'obs-req-1' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('obs-req-1');
    const done = await eventually(() => logLines(stack, 'gateway').find((l) => l.requestId === 'obs-req-1' && l.msg === 'request completed'), 5000, "the gateway's request line");
    expect(done.traceId).toMatch(/^[0-9a-f]{32}$/);
    // the access line: id, method, path and address only (libs/server-kit logging.ts)
    expect(done.req).toEqual({ id: 'obs-req-1', method: 'GET', url: '/api/me', remoteAddress: expect.any(String) });
    expect(done.res).toEqual({ statusCode: 200 });
    // GET /api/me reads the user from identity (GetUser) whether or not the session check asked identity too
    const identity = await eventually(() => logLines(stack, 'identity').find((l) => l.requestId === 'obs-req-1' && String(l.msg).includes('IdentityService/GetUser OK')), 5000, "identity's log line");
    expect(identity.traceId).toBe(done.traceId);
  }, 30_000);
});
