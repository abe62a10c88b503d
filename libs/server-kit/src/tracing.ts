import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync, randomUUID } from 'node:crypto';
import { InterceptingCall, type Interceptor, type Metadata } from '@grpc/grpc-js';
import { context as otelContext, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/**
 * Request and trace context of the work in progress (docs/architecture.md "Metrics and traces"). It exists
 * whether tracing is on or off: the gateway takes `x-request-id` (or makes one) and a trace id (from a
 * `traceparent`, or a new one), and every gRPC call and NATS message carries both on, so log lines of every
 * process that worked on one action carry the same `traceId` and `requestId`.
 */
export interface TraceContext {
  /** The request id: the client's `x-request-id` (at most 64 characters of [A-Za-z0-9._-]) or a UUID made at the edge. */
  requestId: string;
  /** W3C trace id: 32 lowercase hex characters, never all zeros. */
  traceId: string;
  /** W3C span id of the current operation: 16 lowercase hex characters. */
  spanId: string;
  /** Whether the trace is sampled (the `01` flag of `traceparent`). */
  sampled: boolean;
}

/** The header / metadata key of the request id. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** The W3C trace context header / metadata key. */
export const TRACEPARENT_HEADER = 'traceparent';

const store = new AsyncLocalStorage<TraceContext>();

/** Random bytes for ids, filled 4 KiB at a time: a `randomBytes` call per id costs microseconds, a slice of this pool does not. */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

/** `n` random bytes as lowercase hex (ids of traces and spans), never all zeros. */
function randomHex(n: number): string {
  if (poolAt + n > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const hex = pool.toString('hex', poolAt, (poolAt += n));
  return /^0+$/.test(hex) ? randomHex(n) : hex;
}
let tracer: Tracer | null = null;
let provider: NodeTracerProvider | null = null;

/** The context of the work in progress, or undefined outside any request, call, message or job. */
export function currentTrace(): TraceContext | undefined {
  return store.getStore();
}

/** True when spans are exported (OTEL_EXPORTER_OTLP_ENDPOINT was set at start-up). */
export function tracingEnabled(): boolean {
  return tracer !== null;
}

/** Runs `fn` with `ctx` as the current trace context (its async continuations included). */
export function runWithTrace<T>(ctx: TraceContext | undefined, fn: () => T): T {
  return ctx ? store.run(ctx, fn) : fn();
}

/**
 * Runs `fn` outside any trace context: for a long-lived resource opened while some request is being served (the
 * gateway's command stream), which must not join that request's trace nor carry its ids.
 */
export function runOutsideTrace<T>(fn: () => T): T {
  return tracer ? otelContext.with(ROOT_CONTEXT, () => store.exit(fn)) : store.exit(fn);
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Parses a W3C `traceparent` (version 00).
 * @returns the parent's trace id, span id and sampled flag, or null when absent or malformed (all-zero ids too)
 */
export function parseTraceparent(value: string | undefined | null): { traceId: string; spanId: string; sampled: boolean } | null {
  const m = value ? TRACEPARENT.exec(value.trim()) : null;
  if (!m || /^0+$/.test(m[1]!) || /^0+$/.test(m[2]!)) return null;
  return { traceId: m[1]!, spanId: m[2]!, sampled: (parseInt(m[3]!, 16) & 1) === 1 };
}

/** The `traceparent` of a context: `00-<traceId>-<spanId>-<01|00>`. */
export function traceparentOf(ctx: TraceContext): string {
  return `00-${ctx.traceId}-${ctx.spanId}-${ctx.sampled ? '01' : '00'}`;
}

/** A usable request id from a header value, else a new UUID. */
export function requestIdOf(value: string | string[] | undefined | null): string {
  const v = Array.isArray(value) ? value[0] : value;
  return v && REQUEST_ID.test(v) ? v : randomUUID();
}

/** An operation, as {@link withSpan} starts it. */
export interface SpanOptions {
  /** Span name, e.g. `grpc nightfall.game.v1.GameService/ExecuteCommand`; low cardinality (no ids). */
  name: string;
  kind: 'server' | 'client' | 'producer' | 'consumer' | 'internal';
  /** Attributes of the span (exported only when tracing is on). */
  attributes?: Record<string, string | number | boolean>;
}

const KINDS = { server: SpanKind.SERVER, client: SpanKind.CLIENT, producer: SpanKind.PRODUCER, consumer: SpanKind.CONSUMER, internal: SpanKind.INTERNAL };

/** A started operation: its context (current inside {@link Operation.run}) and how to end it. */
export interface Operation {
  readonly ctx: TraceContext;
  /** Runs `fn` with this operation's context current (and its span active for OpenTelemetry). */
  run<T>(fn: () => T): T;
  /** Ends the operation; `error` marks it failed. Idempotent. */
  end(error?: unknown): void;
  /** Adds an attribute (no-op when tracing is off). */
  set(key: string, value: string | number | boolean): void;
}

const NO_SPAN = { end: () => undefined, setAttribute: () => undefined } as unknown as Span;

/**
 * Starts an operation as a child of `parent` (a remote parent from a header, or the current context; a new
 * trace when neither). Tracing off: only ids are made (no span, a few hundred ns). Tracing on: an
 * OpenTelemetry span is started, whose ids the context carries.
 * @param parent `{traceparent, requestId}` read from a request, metadata or message; omitted = the current context
 */
export function startOperation(opts: SpanOptions, parent?: { traceparent?: string | null; requestId?: string | null }): Operation {
  const current = store.getStore();
  const remote = parent ? parseTraceparent(parent.traceparent) : null;
  const requestId = parent?.requestId ? requestIdOf(parent.requestId) : (current?.requestId ?? randomUUID());
  let span = NO_SPAN;
  let otelCtx: Context | null = null;
  let ctx: TraceContext;
  if (tracer) {
    let parentCtx = otelContext.active();
    if (remote) parentCtx = trace.setSpanContext(otelContext.active(), { traceId: remote.traceId, spanId: remote.spanId, traceFlags: remote.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: true });
    else if (parent) parentCtx = trace.deleteSpan(parentCtx);
    span = tracer.startSpan(opts.name, { kind: KINDS[opts.kind], attributes: { ...opts.attributes, 'request.id': requestId } }, parentCtx);
    const sc = span.spanContext();
    ctx = { requestId, traceId: sc.traceId, spanId: sc.spanId, sampled: (sc.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED };
    otelCtx = trace.setSpan(parentCtx, span);
  } else {
    const base = remote ?? (parent ? null : current);
    ctx = { requestId, traceId: base?.traceId ?? randomHex(16), spanId: randomHex(8), sampled: base?.sampled ?? false };
  }
  let ended = false;
  return {
    ctx,
    run: (fn) => (otelCtx ? otelContext.with(otelCtx, () => store.run(ctx, fn)) : store.run(ctx, fn)),
    end: (error) => {
      if (ended) return;
      ended = true;
      if (error !== undefined && span !== NO_SPAN) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      }
      span.end();
    },
    set: (key, value) => span.setAttribute(key, value),
  };
}

/**
 * Runs `fn` as an operation (see {@link startOperation}) and ends it when `fn`'s promise settles.
 * @returns what `fn` returns; rethrows what it throws (the span is marked failed)
 */
export async function withSpan<T>(opts: SpanOptions, fn: () => Promise<T>, parent?: { traceparent?: string | null; requestId?: string | null }): Promise<T> {
  const op = startOperation(opts, parent);
  try {
    const out = await op.run(fn);
    op.end();
    return out;
  } catch (err) {
    op.end(err);
    throw err;
  }
}

/**
 * The headers that carry the current context to another process (`traceparent`, `x-request-id`), written
 * into `target` (NATS headers, gRPC metadata); nothing outside any context.
 */
export function injectTrace(set: (key: string, value: string) => void, ctx: TraceContext | undefined = store.getStore()): void {
  if (!ctx) return;
  set(TRACEPARENT_HEADER, traceparentOf(ctx));
  set(REQUEST_ID_HEADER, ctx.requestId);
}

/** `traceparent` and `x-request-id` of gRPC metadata (absent keys are null). */
export function traceOfMetadata(md: Metadata | undefined): { traceparent: string | null; requestId: string | null } {
  const get = (k: string) => {
    const v = md?.get(k)[0];
    return typeof v === 'string' ? v : null;
  };
  return { traceparent: get(TRACEPARENT_HEADER), requestId: get(REQUEST_ID_HEADER) };
}

/**
 * The trace of one outgoing gRPC call: with tracing on and a current context, a CLIENT span of its own (to end
 * when the call's status comes) whose context the call carries; otherwise the current context, if any.
 * @param path the method's path, `/nightfall.game.v1.GameService/ExecuteCommand`
 */
export function startClientCall(path: string): { op: Operation | null; ctx: TraceContext | undefined } {
  const op = tracer && store.getStore() ? startOperation({ name: `grpc.client ${path.slice(1)}`, kind: 'client', attributes: { 'rpc.system': 'grpc', 'rpc.method': path } }) : null;
  return { op, ctx: op?.ctx ?? store.getStore() };
}

/**
 * gRPC client interceptor (`channelOptions.interceptors`, see grpcClientOptions): every call carries the
 * caller's `traceparent` and `x-request-id` in its metadata; with tracing on, as a CLIENT span of its own.
 */
export const traceClientInterceptor: Interceptor = (options, nextCall) => {
  const { op, ctx } = startClientCall(options.method_definition.path);
  return new InterceptingCall(nextCall(options), {
    start(metadata, _listener, next) {
      injectTrace((k, v) => metadata.set(k, v), ctx);
      // a partial listener (grpc-js fills in the rest); its methods take `next`
      next(metadata, {
        onReceiveStatus(status, nextStatus) {
          op?.end(status.code === 0 ? undefined : status.details);
          nextStatus(status);
        },
      });
    },
  });
};

/** Options of {@link startTracing}. */
export interface TracingOptions {
  /** `service.name` of the spans (gateway, identity, billing, game-engine, admin, theme). */
  service: string;
  /** OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT, e.g. http://otel-collector:4318); unset = tracing off. */
  endpoint?: string;
  /** Share of new traces sampled, 0 to 1 (OTEL_TRACES_SAMPLER_ARG); a remote parent's decision is kept. */
  sampleRatio?: number;
}

/**
 * Turns tracing on when `endpoint` is set (docs/architecture.md "Metrics and traces"): an OpenTelemetry
 * tracer provider exporting OTLP/HTTP JSON to `<endpoint>/v1/traces` in batches, parent-based sampling, and
 * the PostgreSQL instrumentation (pg, which TypeORM loads with require after this call). Call it once,
 * before the Nest application is created, and wait for it. Without `endpoint` it does nothing and loads none of the
 * OpenTelemetry SDK (ids are still propagated).
 * @returns true when tracing is on
 */
export async function startTracing(opts: TracingOptions): Promise<boolean> {
  if (!opts.endpoint || tracer) return tracer !== null;
  // the SDK, exporter and instrumentation load only when tracing is on: about 0.25 s of CPU at every start otherwise
  const [{ OTLPTraceExporter }, { registerInstrumentations }, { PgInstrumentation }, { resourceFromAttributes }, { BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler, TraceIdRatioBasedSampler }] =
    await Promise.all([
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace-node'),
    ]);
  if (tracer) return true;
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': opts.service }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(opts.sampleRatio ?? 1) }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${opts.endpoint.replace(/\/+$/, '')}/v1/traces` }), { scheduledDelayMillis: 1000 })],
  });
  provider.register();
  registerInstrumentations({ instrumentations: [new PgInstrumentation({ requireParentSpan: true })] });
  tracer = trace.getTracer('nightfall');
  return true;
}

/** Exports the spans still buffered and stops tracing (on shutdown). Never throws. */
export async function stopTracing(): Promise<void> {
  const p = provider;
  provider = null;
  tracer = null;
  await p?.shutdown().catch(() => undefined);
}
