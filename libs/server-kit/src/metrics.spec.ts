/**
 * The metrics module (docs/architecture.md "Metrics and traces"): GET /metrics on a real Nest application,
 * HTTP RED by route template, gRPC RED on a real gRPC server (a client of the game contract calling it), the
 * trace context carried by the gRPC metadata, and the pool gauges of a real PostgreSQL pool.
 */
import 'reflect-metadata';
import { createServer, type AddressInfo } from 'node:net';
import { Controller, Get, Module, NotFoundException, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, GrpcMethod, type ClientGrpc } from '@nestjs/microservices';
import type { INestApplication } from '@nestjs/common';
import { firstValueFrom, type Observable } from 'rxjs';
import pg from 'pg';
import { createGrpcHealth, grpcClientOptions, grpcServerOptions } from './grpc.js';
import { counter, gauge, histogram, httpObservability, metricsRegistry, MetricsModule, registerPoolMetrics, subjectKind } from './metrics.js';
import { grpcServiceName } from './bootstrap.js';
import { GrpcStatus, rpcError } from './rpc-error.js';
import { testDatabaseUrl } from './testing.js';
import { currentTrace, runWithTrace, type TraceContext } from './tracing.js';

/** A REST route with a parameter (its template must be the label, never the raw URL). */
@Controller('things')
class ThingsController {
  @Get(':id')
  get(@Param('id') id: string): { id: string } {
    if (id === 'missing') throw new NotFoundException();
    return { id };
  }
}

/** FindGame of the game contract: answers the caller's trace context as it arrived, or NOT_FOUND. */
@Controller()
class FindGameController {
  @GrpcMethod('GameService', 'FindGame')
  findGame(req: { roomCode: string }): { gameId: string; roomCode: string; displayName: string } {
    if (req.roomCode === 'NONE') throw rpcError(GrpcStatus.NOT_FOUND, { code: 'GAME_NOT_FOUND', title: 'Error', message: 'Game not found' });
    const t = currentTrace();
    return { gameId: t?.traceId ?? '', roomCode: req.roomCode, displayName: t?.requestId ?? '' };
  }
}

@Module({ imports: [MetricsModule.forRoot({ grpcService: grpcServiceName('game') })], controllers: [ThingsController, FindGameController] })
class TestModule {}

/** The value of one sample in the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** A TCP port nothing listens on now (bound to port 0, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('MetricsModule on a real application', () => {
  let app: INestApplication;
  let base: string;
  let grpcUrl: string;

  beforeAll(async () => {
    app = await NestFactory.create(TestModule, { logger: false });
    app.use(httpObservability());
    // a port the kernel says is free (a random one in 50000-60000 could be an outgoing connection's: EADDRINUSE)
    grpcUrl = `127.0.0.1:${await freePort()}`;
    app.connectMicroservice(grpcServerOptions('game', grpcUrl, createGrpcHealth('game')), { inheritAppConfig: true });
    await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts REST requests by method, route template and status class, and echoes a request id', async () => {
    const a = await fetch(`${base}/things/abc`);
    expect(a.status).toBe(200);
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await fetch(`${base}/things/missing`, { headers: { 'x-request-id': 'req-42' } });
    expect(b.status).toBe(404);
    expect(b.headers.get('x-request-id')).toBe('req-42');
    const bad = await fetch(`${base}/things/x`, { headers: { 'x-request-id': 'not ok: spaces' } });
    expect(bad.headers.get('x-request-id')).not.toBe('not ok: spaces');
    await fetch(`${base}/api/nowhere/123`, { method: 'POST' });

    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'nightfall_http_requests_total', { method: 'GET', route: '/things/:id', status: '2xx' })).toBe(2);
    expect(sample(text, 'nightfall_http_requests_total', { method: 'GET', route: '/things/:id', status: '4xx' })).toBe(1);
    expect(sample(text, 'nightfall_http_requests_total', { method: 'POST', route: 'unmatched', status: '4xx' })).toBe(1);
    expect(sample(text, 'nightfall_http_request_duration_seconds_count', { method: 'GET', route: '/things/:id' })).toBe(3);
    expect(text).not.toContain('/things/abc');
    expect(text).not.toContain('/api/nowhere');
    // Node's process metrics, prefixed
    expect(sample(text, 'nightfall_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nightfall_nodejs_eventloop_lag_seconds gauge');
  });

  it('counts gRPC calls served by method and code, and hands the caller trace context to the handler', async () => {
    const proxy = ClientProxyFactory.create(grpcClientOptions('GAME', 'game', grpcUrl) as never) as unknown as ClientGrpc & { close(): void };
    const game = proxy.getService<{ findGame(req: { roomCode: string }): Observable<{ gameId: string; displayName: string }> }>('GameService');
    const caller: TraceContext = { requestId: 'req-grpc-1', traceId: 'a'.repeat(31) + 'b', spanId: 'c'.repeat(16), sampled: true };
    const answer = await runWithTrace(caller, () => firstValueFrom(game.findGame({ roomCode: 'ABCD' })));
    expect(answer.gameId).toBe(caller.traceId); // the server's context continues the caller's trace
    expect(answer.displayName).toBe('req-grpc-1');
    const outside = await firstValueFrom(game.findGame({ roomCode: 'ABCD' }));
    expect(outside.gameId).toMatch(/^[0-9a-f]{32}$/); // no caller context: a new trace
    expect(outside.gameId).not.toBe(caller.traceId);
    await expect(firstValueFrom(game.findGame({ roomCode: 'NONE' }))).rejects.toMatchObject({ code: GrpcStatus.NOT_FOUND });
    proxy.close();

    const text = await metricsRegistry.metrics();
    const labels = { service: 'nightfall.game.v1.GameService', method: 'FindGame' };
    expect(sample(text, 'nightfall_grpc_server_handled_total', { ...labels, code: 'OK' })).toBe(2);
    expect(sample(text, 'nightfall_grpc_server_handled_total', { ...labels, code: 'NOT_FOUND' })).toBe(1);
    expect(sample(text, 'nightfall_grpc_server_handling_seconds_count', labels)).toBe(3);
  });
});

describe('metric helpers', () => {
  it('returns the registered metric again for a name (one registry per process)', () => {
    expect(counter('nightfall_spec_total', 'spec', ['a'])).toBe(counter('nightfall_spec_total', 'spec', ['a']));
    expect(gauge('nightfall_spec_gauge', 'spec')).toBe(gauge('nightfall_spec_gauge', 'spec'));
    expect(histogram('nightfall_spec_seconds', 'spec')).toBe(histogram('nightfall_spec_seconds', 'spec'));
  });

  it('labels NATS subjects by kind, without ids', () => {
    expect(subjectKind('game.0b3c9a8e-1f2d-4c5b-9a8e-7f6d5c4b3a21.views')).toBe('game.views');
    expect(subjectKind('game.abcdef.views')).toBe('game.views');
    expect(subjectKind('engine.7f6d5c4b-3a21-4c5b-9a8e-0b3c9a8e1f2d.call')).toBe('engine.call');
    expect(subjectKind('gateway.session.revoked')).toBe('gateway.session.revoked');
    expect(subjectKind('123.456')).toBe('other');
  });

  it('reads the in-use, idle and waiting connections of a real PostgreSQL pool at scrape time', async () => {
    const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });
    registerPoolMetrics('spec', () => pool);
    try {
      const held = await pool.connect();
      const waiting = [pool.query('SELECT 1'), pool.query('SELECT 2')]; // one takes the second connection, one waits
      const text = await metricsRegistry.metrics();
      expect(sample(text, 'nightfall_db_pool_max', { pool: 'spec' })).toBe(2);
      expect(sample(text, 'nightfall_db_pool_connections', { pool: 'spec', state: 'in_use' })).toBe(2);
      expect(sample(text, 'nightfall_db_pool_waiting', { pool: 'spec' })).toBe(1);
      held.release();
      await Promise.all(waiting);
      const after = await metricsRegistry.metrics();
      expect(sample(after, 'nightfall_db_pool_connections', { pool: 'spec', state: 'in_use' })).toBe(0);
      expect(sample(after, 'nightfall_db_pool_connections', { pool: 'spec', state: 'idle' })).toBe(2);
      expect(sample(after, 'nightfall_db_pool_waiting', { pool: 'spec' })).toBe(0);
    } finally {
      await pool.end();
    }
  });
});
