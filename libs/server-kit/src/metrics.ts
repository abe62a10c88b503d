import { Controller, Get, Header, Inject, Injectable, Logger, Module, Optional, type CallHandler, type DynamicModule, type ExecutionContext, type NestInterceptor, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { status as GrpcStatus, type Metadata } from '@grpc/grpc-js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Observable } from 'rxjs';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { debugLogging } from './logging.js';
import { REQUEST_ID_HEADER, requestIdOf, startOperation, stopTracing, traceOfMetadata, TRACEPARENT_HEADER } from './tracing.js';

/**
 * The process's one metrics registry (docs/architecture.md "Metrics and traces"), served at `GET /metrics`
 * by {@link MetricsModule} in the Prometheus text format.
 */
export const metricsRegistry = new Registry();

/**
 * Latency buckets in seconds for requests, calls and the action-to-view time: 1 ms to 10 s, dense around
 * the 100 ms goal (docs/hot-path.md).
 */
export const LATENCY_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A counter of the registry (the same one when the name was registered before, e.g. by a second
 * application in one test process).
 * @param name `nightfall_..._total`
 * @param labelNames bounded labels only: never game, user or request ids, room codes or raw URLs
 */
export function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
  return (metricsRegistry.getSingleMetric(name) as Counter<L> | undefined) ?? new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

/** A gauge of the registry (see {@link counter}); `collect` is called at every scrape to set its value. */
export function gauge<L extends string>(name: string, help: string, labelNames: readonly L[] = [], collect?: (this: Gauge<L>) => void | Promise<void>): Gauge<L> {
  const existing = metricsRegistry.getSingleMetric(name) as Gauge<L> | undefined;
  if (existing) return existing;
  return new Gauge({ name, help, labelNames, registers: [metricsRegistry], ...(collect ? { collect } : {}) });
}

/** A histogram of the registry (see {@link counter}); observations in seconds, buckets {@link LATENCY_BUCKETS_S} by default. */
export function histogram<L extends string>(name: string, help: string, labelNames: readonly L[] = [], buckets: number[] = LATENCY_BUCKETS_S): Histogram<L> {
  return (metricsRegistry.getSingleMetric(name) as Histogram<L> | undefined) ?? new Histogram({ name, help, labelNames, buckets, registers: [metricsRegistry] });
}

/** Seconds elapsed since `startNs` (a `process.hrtime.bigint()` reading). */
export function secondsSince(startNs: bigint): number {
  return Number(process.hrtime.bigint() - startNs) / 1e9;
}

/* ---------------------------------------------------------------- HTTP (REST) */

const httpRequests = () => counter('nightfall_http_requests_total', 'HTTP requests answered, by method, route template and status class (2xx, 4xx... or aborted: the client left first).', ['method', 'route', 'status']);
const httpDuration = () => histogram('nightfall_http_request_duration_seconds', 'Time to answer an HTTP request, s, by method and route template.', ['method', 'route']);

/** The parts of an Express request the middleware reads (Express sets `route`, `baseUrl`, `originalUrl`). */
type Request = IncomingMessage & { method: string; route?: { path?: unknown }; baseUrl?: string; originalUrl?: string };
type Response = ServerResponse;
type NextFunction = (err?: unknown) => void;

/** Paths of probes and scrapes: counted, never traced. */
const QUIET = /^\/(health|metrics)(\/|\?|$)/;

/** HTTP methods kept as a label value; anything else is counted as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Express middleware (first in the chain) for every HTTP request: RED metrics labelled by the route template
 * (`/api/rooms/:id`, never the raw URL; `static` for the web app's files, `unmatched` for the rest) and the
 * status class, and the request's trace context (`x-request-id` taken or made and echoed in the answer,
 * `traceparent` continued), current while the request is handled so its log lines carry both. Probes and
 * scrapes (`/health/*`, `/metrics`) are counted but get no trace context (no span every few seconds per pod).
 */
export function httpObservability(): (req: Request, res: Response, next: NextFunction) => void {
  const requests = httpRequests();
  const duration = httpDuration();
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    const method = METHODS.has(req.method) ? req.method : 'OTHER';
    if (QUIET.test(req.url ?? '')) {
      res.once('close', () => {
        const route = routeOf(req, res.statusCode);
        requests.labels(method, route, statusClass(res)).inc();
        duration.labels(method, route).observe(secondsSince(start));
      });
      return next();
    }
    const op = startOperation({ name: `HTTP ${method}`, kind: 'server', attributes: { 'http.request.method': method } }, { traceparent: headerOf(req, TRACEPARENT_HEADER), requestId: requestIdOf(headerOf(req, REQUEST_ID_HEADER)) });
    res.setHeader(REQUEST_ID_HEADER, op.ctx.requestId);
    // 'close' also comes when the client went away before the answer (then the span ends too)
    res.once('close', () => {
      const route = routeOf(req, res.statusCode);
      const status = statusClass(res);
      requests.labels(method, route, status).inc();
      duration.labels(method, route).observe(secondsSince(start));
      op.set('http.route', route);
      op.set('http.response.status_code', res.statusCode);
      op.end(res.statusCode >= 500 ? `HTTP ${res.statusCode}` : undefined);
    });
    op.run(next);
  };
}

/** `2xx`...`5xx` of an answer sent, or `aborted` when the connection closed before it was. */
function statusClass(res: Response): string {
  return res.writableFinished ? `${Math.floor(res.statusCode / 100)}xx` : 'aborted';
}

/** One request header's first value. */
function headerOf(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The route template of an answered request (Express's matched route), `static` or `unmatched`. */
function routeOf(req: Request, statusCode: number): string {
  const path = req.route?.path;
  if (typeof path === 'string') return `${req.baseUrl ?? ''}${path}`;
  if ((req.method === 'GET' || req.method === 'HEAD') && statusCode < 400 && !(req.originalUrl ?? req.url ?? '').startsWith('/api/')) return 'static';
  return 'unmatched';
}

/* ---------------------------------------------------------------- gRPC (served) */

const GRPC_CODE_NAMES = Object.fromEntries(Object.entries(GrpcStatus).filter(([, v]) => typeof v === 'number').map(([k, v]) => [v, k])) as Record<number, string>;

/** The gRPC status name of an error thrown by a handler (RpcException of `rpcError`, or a grpc-js error). */
export function grpcCodeOf(err: unknown): string {
  const e = err as { getError?: () => unknown; code?: unknown };
  const inner = typeof e?.getError === 'function' ? (e.getError() as { code?: unknown }) : e;
  const code = typeof inner?.code === 'number' ? inner.code : GrpcStatus.UNKNOWN;
  return GRPC_CODE_NAMES[code] ?? 'UNKNOWN';
}

const METRICS_OPTIONS = Symbol('METRICS_OPTIONS');

/** Options of {@link MetricsModule.forRoot}. */
export interface MetricsOptions {
  /** Fully qualified gRPC service this process serves (e.g. `nightfall.game.v1.GameService`), for the `service` label. */
  grpcService?: string;
  /** Export the TypeORM pool gauges (the process has a TypeORM DataSource). */
  database?: boolean;
}

/** One gRPC method's metric children and span name ({@link servedMethod}), made once per (service, method). */
export interface ServedMethod {
  service: string;
  method: string;
  ok: ReturnType<Counter<string>['labels']>;
  seconds: ReturnType<Histogram<string>['labels']>;
  name: string;
}

const servedMethods = new Map<string, ServedMethod>();
const grpcLogger = new Logger('Grpc');

/** The served-call metrics of the registry (registered on first use). */
function servedMetrics(): { handled: Counter<'service' | 'method' | 'code'>; seconds: Histogram<'service' | 'method'> } {
  return {
    handled: counter('nightfall_grpc_server_handled_total', 'gRPC calls served, by service, method and status code.', ['service', 'method', 'code']),
    seconds: histogram('nightfall_grpc_server_handling_seconds', 'Time to serve a gRPC call, s, by service and method.', ['service', 'method']),
  };
}

/**
 * The metric children and span name of a served method, made on first use: get it once, then observe each call
 * with {@link observeServedCall}.
 * @param service fully qualified service for the label (`nightfall.game.v1.GameService`, `grpcServiceName`)
 * @param method the RPC as in the .proto (`ExecuteCommand`)
 */
export function servedMethod(service: string, method: string): ServedMethod {
  const key = `${service}/${method}`;
  let m = servedMethods.get(key);
  if (!m) {
    const { handled, seconds } = servedMetrics();
    m = { service, method, ok: handled.labels(service, method, 'OK'), seconds: seconds.labels(service, method), name: `grpc ${service}/${method}` };
    servedMethods.set(key, m);
  }
  return m;
}

/** A served call being observed ({@link observeServedCall}). */
export interface ServedCall {
  /** Runs `fn` with the call's trace context current. */
  run<T>(fn: () => T): T;
  /** Records the call's outcome (`err` undefined = OK) and time, and ends its span. Call once. */
  done(err?: unknown): void;
}

/**
 * Starts observing one served gRPC call of a method ({@link servedMethod}), as every unary method is observed ({@link GrpcObservabilityInterceptor}):
 * `nightfall_grpc_server_handled_total{service, method, code}`, `nightfall_grpc_server_handling_seconds{service,
 * method}`, a SERVER span child of the caller's trace context when tracing is on, and a debug line. The command
 * stream observes each of its messages with it as the unary call it replaces (docs/hot-path.md "Commands on an
 * open stream").
 * @param m the method
 * @param parent the caller's `traceparent` and request id ('' or null when none)
 */
export function observeServedCall(m: ServedMethod, parent: { traceparent?: string | null; requestId?: string | null }): ServedCall {
  const { service, method } = m;
  const start = process.hrtime.bigint();
  const op = startOperation({ name: m.name, kind: 'server', attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method } }, parent);
  return {
    run: (fn) => op.run(fn),
    done: (err) => {
      const s = secondsSince(start);
      m.seconds.observe(s);
      if (err === undefined) m.ok.inc();
      else servedMetrics().handled.labels(service, method, grpcCodeOf(err)).inc();
      op.end(err);
      // one line per call at debug level, carrying the call's traceId and requestId
      if (debugLogging) op.run(() => grpcLogger.debug(`${m.name} ${err === undefined ? 'OK' : grpcCodeOf(err)} in ${(s * 1000).toFixed(1)} ms`));
    },
  };
}

/**
 * Global interceptor of every gRPC method served: RED metrics (`nightfall_grpc_server_handled_total`
 * {service, method, code}, `nightfall_grpc_server_handling_seconds` {service, method}) and the caller's
 * trace context from the metadata (`traceparent`, `x-request-id`), current while the handler runs (a SERVER
 * span when tracing is on). HTTP handlers and pass-through streams pass through (see {@link httpObservability},
 * {@link observeServedCall}).
 */
@Injectable()
export class GrpcObservabilityInterceptor implements NestInterceptor {
  /** Per handler name (`executeCommand`): its method (`ExecuteCommand`), made once. */
  private readonly methods = new Map<string, ServedMethod>();

  constructor(@Inject(METRICS_OPTIONS) private readonly options: MetricsOptions) {
    servedMetrics();
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    // a pass-through stream (`@GrpcStreamCall`: its first argument is the call) observes each of its messages
    // itself ({@link observeServedCall}); the stream's own lifetime is no call to count or trace
    if (typeof (context.getArgByIndex(0) as { on?: unknown } | undefined)?.on === 'function') return next.handle();
    const handler = context.getHandler().name;
    let method = this.methods.get(handler);
    if (method === undefined) {
      method = servedMethod(this.options.grpcService ?? 'unknown', handler.charAt(0).toUpperCase() + handler.slice(1));
      this.methods.set(handler, method);
    }
    const metadata = context.switchToRpc().getContext<Metadata | undefined>();
    const m = method;
    return new Observable((subscriber) => {
      const call = observeServedCall(m, traceOfMetadata(metadata));
      return call.run(() =>
        next.handle().subscribe({
          next: (v) => subscriber.next(v),
          error: (err: unknown) => {
            call.done(err);
            subscriber.error(err);
          },
          complete: () => {
            call.done();
            subscriber.complete();
          },
        }),
      );
    });
  }
}

/* ---------------------------------------------------------------- PostgreSQL pool */

/** The pieces of node-postgres's Pool the gauges read. */
export interface PgPoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/**
 * Gauges of a node-postgres pool, read at every scrape: `nightfall_db_pool_connections{state}` (in_use,
 * idle), `nightfall_db_pool_waiting` (queries waiting for a connection) and `nightfall_db_pool_max`.
 * @param pool returns the pool (or null while there is none yet)
 * @param name the pool's name label (`typeorm`, `rate_limits`)
 */
export function registerPoolMetrics(name: string, pool: () => PgPoolLike | null | undefined): void {
  pools.set(name, pool);
  gauge('nightfall_db_pool_connections', 'PostgreSQL connections of the pool, by state (in_use, idle).', ['pool', 'state'], function () {
    for (const [n, p] of pools) {
      const pl = p();
      if (!pl) continue;
      this.labels(n, 'in_use').set(pl.totalCount - pl.idleCount);
      this.labels(n, 'idle').set(pl.idleCount);
    }
  });
  gauge('nightfall_db_pool_waiting', 'Queries waiting for a PostgreSQL connection of the pool.', ['pool'], function () {
    for (const [n, p] of pools) {
      const pl = p();
      if (pl) this.labels(n).set(pl.waitingCount);
    }
  });
  gauge('nightfall_db_pool_max', 'Largest number of connections the pool opens (DATABASE_POOL_SIZE).', ['pool'], function () {
    for (const [n, p] of pools) {
      const pl = p();
      if (pl?.options?.max !== undefined) this.labels(n).set(pl.options.max);
    }
  });
}
const pools = new Map<string, () => PgPoolLike | null | undefined>();

/** The pg Pool behind a TypeORM DataSource (postgres driver), or null before it is initialised. */
export function poolOfDataSource(ds: DataSource): PgPoolLike | null {
  return ds.isInitialized ? ((ds.driver as unknown as { master?: PgPoolLike }).master ?? null) : null;
}

/** Registers the TypeORM pool gauges when a DataSource exists. */
@Injectable()
class PoolMetrics implements OnModuleInit {
  constructor(@Optional() @Inject(DataSource) private readonly ds?: DataSource) {}
  onModuleInit(): void {
    const ds = this.ds;
    if (ds) registerPoolMetrics('typeorm', () => poolOfDataSource(ds));
  }
}

/* ---------------------------------------------------------------- NATS */

/** NATS messages published by this process, by subject kind. */
export const natsPublished = (): Counter<'subject'> => counter('nightfall_nats_published_total', 'NATS messages published, by subject kind (ids left out: game.views, engine.call...).', ['subject']);
/** NATS messages delivered to this process's subscriptions, by subject kind. */
export const natsDelivered = (): Counter<'subject'> => counter('nightfall_nats_delivered_total', 'NATS messages delivered to this process, by subject kind (game.views, engine.call...).', ['subject']);
/** 1 while the NATS connection is up, else 0. */
export const natsConnectedGauge = (): Gauge => gauge('nightfall_nats_connected', '1 while the NATS connection is established, 0 while it is down or not yet made.');

/**
 * The bounded label of a NATS subject: its tokens without ids (tokens with a digit), e.g.
 * `game.<id>.views` -> `game.views` (also for a game id without digits), `engine.<id>.call` -> `engine.call`.
 */
export function subjectKind(subject: string): string {
  if (subject.startsWith('game.') && subject.endsWith('.views')) return 'game.views';
  return subject
    .split('.')
    .filter((t) => t !== '' && !/\d/.test(t))
    .slice(0, 3)
    .join('.') || 'other';
}

/* ---------------------------------------------------------------- the module */

/**
 * `GET /metrics`: every metric of {@link metricsRegistry} in the Prometheus text format (no auth: the port is
 * reachable only inside the cluster, docs/runbook.md "Metrics").
 */
@Controller('metrics')
export class MetricsController {
  /** The exposition text (content type text/plain; version=0.0.4). */
  @Get()
  @Header('Content-Type', metricsRegistry.contentType)
  @Header('Cache-Control', 'no-store')
  scrape(): Promise<string> {
    return metricsRegistry.metrics();
  }
}

let defaultsCollected = false;

/**
 * Metrics of a service (docs/architecture.md "Metrics and traces"): `GET /metrics` on its HTTP port, Node's
 * process metrics (`nightfall_process_*`, `nightfall_nodejs_*`), the gRPC interceptor and, with `database`,
 * the TypeORM pool gauges. HTTP metrics come from {@link httpObservability}, mounted by the bootstrap.
 * `imports: [MetricsModule.forRoot({grpcService: 'nightfall.game.v1.GameService', database: true})]`.
 */
@Module({})
export class MetricsModule implements OnApplicationShutdown {
  /** Exports the spans still buffered (tracing on) before the process ends. */
  async onApplicationShutdown(): Promise<void> {
    await stopTracing();
  }

  static forRoot(options: MetricsOptions = {}): DynamicModule {
    if (!defaultsCollected) {
      defaultsCollected = true;
      collectDefaultMetrics({ register: metricsRegistry, prefix: 'nightfall_' });
    }
    return {
      module: MetricsModule,
      global: true,
      controllers: [MetricsController],
      providers: [
        { provide: METRICS_OPTIONS, useValue: options },
        { provide: APP_INTERCEPTOR, useClass: GrpcObservabilityInterceptor },
        ...(options.database ? [PoolMetrics] : []),
      ],
    };
  }
}

/**
 * A separate HTTP listener that answers `GET /metrics` only (everything else 404), for a process whose main
 * port is public (the gateway with METRICS_PORT: the ingress must not expose the metrics).
 * @param port TCP port, listened on all interfaces
 * @returns the server, listening (close it on shutdown)
 * @throws Error when the port cannot be bound
 */
export async function serveMetrics(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && (req.url ?? '').split('?')[0] === '/metrics') {
      metricsRegistry.metrics().then(
        (text) => {
          res.writeHead(200, { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' });
          res.end(text);
        },
        (err: unknown) => {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ code: 'INTERNAL', title: 'Error', message: err instanceof Error ? err.message : String(err) }));
        },
      );
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code: 'NOT_FOUND', title: 'Error', message: 'Not found' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
  return server;
}

/** How a business operation ended: done, refused (the caller's input or rights) or failed (a fault here or upstream). */
export type Outcome = 'ok' | 'rejected' | 'error';

/** gRPC codes that mean the caller was refused rather than the service failing. */
const REFUSED_CODES = new Set(['INVALID_ARGUMENT', 'FAILED_PRECONDITION', 'NOT_FOUND', 'ALREADY_EXISTS', 'PERMISSION_DENIED', 'UNAUTHENTICATED', 'RESOURCE_EXHAUSTED', 'OUT_OF_RANGE']);

/** The outcome of an error thrown by a gRPC handler: `rejected` for the caller's errors, else `error`. */
export function outcomeOfError(err: unknown): Outcome {
  return REFUSED_CODES.has(grpcCodeOf(err)) ? 'rejected' : 'error';
}

/**
 * Runs `run` and counts it on `c` with `labels` plus `outcome` (ok, or {@link outcomeOfError} of what it threw;
 * `outcomeOf` may name the outcome of a result, e.g. a duplicate webhook).
 * @returns what `run` returns; rethrows what it throws
 */
export async function countOutcome<T, L extends string>(c: Counter<L>, labels: Partial<Record<L, string>>, run: () => Promise<T>, outcomeOf: (out: T) => string = () => 'ok'): Promise<T> {
  try {
    const out = await run();
    c.inc({ ...labels, outcome: outcomeOf(out) } as Partial<Record<L, string>>);
    return out;
  } catch (err) {
    c.inc({ ...labels, outcome: outcomeOfError(err) } as Partial<Record<L, string>>);
    throw err;
  }
}
