import { Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HealthIndicatorService, TerminusModule, type HealthIndicatorResult } from '@nestjs/terminus';
import { connect, headers as natsHeaders, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { natsConnectedGauge, natsDelivered, natsPublished, subjectKind } from './metrics.js';
import { currentTrace, injectTrace, REQUEST_ID_HEADER, TRACEPARENT_HEADER, type TraceContext } from './tracing.js';

/** Options of {@link natsModule}. */
export interface NatsModuleOptions {
  /** `nats://host:port`, or several separated by commas (from `NATS_URL`). */
  servers: string;
  /** Connection name shown by the NATS server (the service's name). */
  name: string;
}

const NATS_OPTIONS = Symbol('NATS_OPTIONS');

/** Wait between two connection attempts, ms (the first connection and reconnects alike). */
const RETRY_MS = 1000;

/** What {@link NatsClient.onReconnect} listeners are called with. */
export type NatsReconnectListener = () => void;

/**
 * The service's one NATS connection (docs/architecture.md "Plumbing"):
 * - connects in the background at start-up and keeps trying from the first attempt on (every second,
 *   until it connects or shutdown begins), then reconnects forever after any disconnect;
 * - `connected` follows the connection's status events (readiness);
 * - drains (flushes what was published, ends subscriptions) on application shutdown.
 */
@Injectable()
export class NatsClient implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Nats');
  private nc: NatsConnection | null = null;
  private first: Promise<NatsConnection> | null = null;
  private up = false;
  private upSince = 0;
  private closing = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly reconnectListeners = new Set<NatsReconnectListener>();
  private readonly connectedGauge = natsConnectedGauge();

  constructor(@Inject(NATS_OPTIONS) private readonly options: NatsModuleOptions) {
    this.connectedGauge.set(0);
  }

  onModuleInit(): void {
    void this.connection().catch(() => undefined);
  }

  /**
   * The connection, once it has connected for the first time (it keeps retrying until then).
   * @throws Error only when the client was closed by shutdown before connecting
   */
  connection(): Promise<NatsConnection> {
    this.first ??= this.connectUntilClosed().then((nc) => {
      this.nc = nc;
      this.up = true;
      this.upSince = Date.now();
      this.connectedGauge.set(1);
      this.logger.log(`connected to ${nc.getServer()}`);
      void this.watch(nc);
      return nc;
    });
    return this.first;
  }

  /**
   * Tries to connect every `RETRY_MS` until it succeeds or shutdown begins. (nats.js's own
   * `waitOnFirstConnect` cannot be stopped before it connects, which kept a stopped service alive.)
   * @throws Error 'NATS client closed' once shutdown began
   */
  private async connectUntilClosed(): Promise<NatsConnection> {
    for (let attempt = 1; ; attempt++) {
      if (this.closing) throw new Error('NATS client closed');
      try {
        const nc = await connect({
          ...natsServers(this.options.servers),
          name: this.options.name,
          maxReconnectAttempts: -1,
          reconnectTimeWait: RETRY_MS,
          // what the client gathers before it writes to the socket within one tick (nats.js's undeclared option,
          // default 32 KiB): a group commit's views go out in one write instead of one per 32 KiB (docs/hot-path.md)
          ...({ pendingLimit: NATS_FLUSH_BYTES } as object),
        });
        if (this.closing) {
          await nc.close().catch(() => undefined);
          throw new Error('NATS client closed');
        }
        return nc;
      } catch (err) {
        if (this.closing) throw new Error('NATS client closed', { cause: err });
        if (attempt === 1 || attempt % 30 === 0) this.logger.warn(`cannot connect yet (attempt ${attempt}): ${(err as Error).message}; retrying`);
        await new Promise<void>((res) => {
          this.retryTimer = setTimeout(res, RETRY_MS);
        });
      }
    }
  }

  /**
   * Waits until the first connection is made, at most `timeoutMs` (ms).
   * @returns true when connected (now or before), false on time-out
   */
  async ready(timeoutMs: number): Promise<boolean> {
    if (this.nc) return true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((res) => {
      timer = setTimeout(() => res(false), timeoutMs);
    });
    try {
      return await Promise.race([this.connection().then(() => true), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Epoch ms since which the connection has been up without a break, or null while it is down (a listener
   * that judges others by their silence, such as the gateways' presence heartbeats, must have been listening).
   */
  get connectedSince(): number | null {
    return this.connected ? this.upSince : null;
  }

  /** True while the connection is established (false before the first connect and while reconnecting). */
  get connected(): boolean {
    return this.up && this.nc !== null && !this.nc.isClosed();
  }

  /**
   * Publishes one message.
   * @throws Error 'NATS is not connected' before the first connection (while reconnecting, the
   *   client buffers the message and sends it once connected)
   */
  publish(subject: string, payload: string | Uint8Array): void {
    if (!this.nc || this.nc.isClosed()) throw new Error('NATS is not connected');
    const trace = currentTrace();
    this.nc.publish(subject, payload, trace ? { headers: traceHeaders(trace) } : undefined);
    countPublished(subject);
  }

  /**
   * Publishes one message with NATS headers (e.g. a change's version, read by the subscriber without parsing
   * the payload), with the trace context of the current operation added to them.
   * @throws Error 'NATS is not connected' before the first connection
   */
  publishWithHeaders(subject: string, payload: string | Uint8Array, headers: Record<string, string>): void {
    if (!this.nc || this.nc.isClosed()) throw new Error('NATS is not connected');
    const h = natsHeaders();
    for (const [k, v] of Object.entries(headers)) h.set(k, v);
    injectTrace((k, v) => h.set(k, v));
    this.nc.publish(subject, payload, { headers: h });
    countPublished(subject);
  }

  /**
   * Publishes `payload` as JSON on `subject` in the background, for events published after a commit:
   * waits at most `waitMs` (ms, default 2000) for the first connection after start-up, never throws,
   * logs a failure (the change is committed; subscribers that must not miss one re-read over gRPC).
   * @returns a promise that settles once the event was handed to NATS or dropped; callers need not await it
   */
  async emit(subject: string, payload: unknown, waitMs = 2000): Promise<void> {
    try {
      if (!(await this.ready(waitMs))) throw new Error('NATS is not connected');
      this.publish(subject, JSON.stringify(payload));
    } catch (err) {
      this.logger.error(`could not publish ${subject}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /**
   * Subscribes `handler` to `subject` once the first connection is up (the client keeps the subscription across
   * reconnects). Each delivery is counted ({@link countNatsDelivery}) before the handler runs; a handler that
   * throws (a malformed event) is logged as `bad <subject> event` and changes nothing else.
   * @param handler called with each message, synchronously in the client's delivery loop
   */
  listen(subject: string, handler: (msg: Msg) => void): void {
    void this.connection()
      .then((nc) =>
        nc.subscribe(subject, {
          callback: (err, msg) => {
            if (err) return;
            countNatsDelivery(msg.subject);
            try {
              handler(msg);
            } catch (e) {
              this.logger.warn(`bad ${subject} event: ${(e as Error).message}`);
            }
          },
        }),
      )
      .catch(() => undefined);
  }

  /**
   * Registers a listener called after every reconnect (not after the first connect): subscribers use
   * it to catch up on what they may have missed while disconnected.
   * @returns a function that removes the listener
   */
  onReconnect(listener: NatsReconnectListener): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') {
        this.up = false;
        this.connectedGauge.set(0);
        if (!this.closing) this.logger.warn('disconnected; reconnecting');
      } else if (s.type === 'reconnect') {
        this.up = true;
        this.upSince = Date.now();
        this.connectedGauge.set(1);
        this.logger.log(`reconnected to ${nc.getServer()}`);
        for (const l of this.reconnectListeners) l();
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    this.up = false;
    this.connectedGauge.set(0);
    clearTimeout(this.retryTimer);
    if (this.nc && !this.nc.isClosed()) await this.nc.drain().catch(() => undefined);
  }
}

/** Bytes the NATS client gathers before writing them to its socket within one tick (see connectUntilClosed). */
export const NATS_FLUSH_BYTES = 512 * 1024;

/** Label children of `nightfall_nats_published_total` / `_delivered_total` by subject kind, made once each. */
const publishedBy = new Map<string, { inc(): void }>();
const deliveredBy = new Map<string, { inc(): void }>();

/** Counts one message published on `subject` (by its {@link subjectKind}). */
function countPublished(subject: string): void {
  const kind = subjectKind(subject);
  let c = publishedBy.get(kind);
  if (!c) publishedBy.set(kind, (c = natsPublished().labels(kind)));
  c.inc();
}

/**
 * Counts one message delivered to a subscription of this process on `subject` (`nightfall_nats_delivered_total`
 * by subject kind); subscribers call it first in their callback.
 */
export function countNatsDelivery(subject: string): void {
  const kind = subjectKind(subject);
  let c = deliveredBy.get(kind);
  if (!c) deliveredBy.set(kind, (c = natsDelivered().labels(kind)));
  c.inc();
}

/** NATS headers carrying a trace context (`traceparent`, `x-request-id`). */
export function traceHeaders(trace: TraceContext): MsgHdrs {
  const h = natsHeaders();
  injectTrace((k, v) => h.set(k, v), trace);
  return h;
}

/**
 * The trace context a NATS message carries (`traceparent`, `x-request-id` headers), for
 * `startOperation(..., traceOfMsg(msg.headers))`; nulls when the message has none.
 */
export function traceOfHeaders(headers: MsgHdrs | undefined): { traceparent: string | null; requestId: string | null } {
  return { traceparent: headers?.get(TRACEPARENT_HEADER) || null, requestId: headers?.get(REQUEST_ID_HEADER) || null };
}

/** Terminus indicator `nats`: up while {@link NatsClient.connected}. */
@Injectable()
export class NatsHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly nats: NatsClient,
  ) {}

  /** `{nats: {status: 'up'|'down'}}` (never throws: Terminus turns 'down' into a 503). */
  check(key = 'nats'): HealthIndicatorResult {
    const session = this.indicators.check(key);
    return this.nats.connected ? session.up() : session.down({ message: 'NATS is not connected' });
  }
}

/** Global module holding the service's {@link NatsClient} and {@link NatsHealthIndicator}. */
@Module({})
export class NatsModule {
  static forRoot(options: NatsModuleOptions): DynamicModule {
    return {
      module: NatsModule,
      global: true,
      imports: [TerminusModule],
      providers: [{ provide: NATS_OPTIONS, useValue: options }, NatsClient, NatsHealthIndicator],
      exports: [NatsClient, NatsHealthIndicator],
    };
  }
}

/**
 * The server list and credentials of NATS_URL: comma-separated `nats://[user:password@]host:port` (the
 * password URL-encoded). Credentials, taken from the first URL that has them, become the `user` and `pass`
 * options and leave the URLs, so they never appear in NATS's own logs (docs/faults.md "Inside the cluster").
 * @throws TypeError on a URL that does not parse
 */
export function natsServers(urls: string): { servers: string[]; user?: string; pass?: string } {
  let user: string | undefined;
  let pass: string | undefined;
  const servers = urls
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((raw) => {
      const u = new URL(raw);
      if (u.username && user === undefined) {
        user = decodeURIComponent(u.username);
        pass = decodeURIComponent(u.password);
      }
      return `${u.protocol}//${u.host}`;
    });
  return { servers, ...(user !== undefined ? { user, pass } : {}) };
}

/** The NATS connection of a service: `imports: [natsModule({servers: env.NATS_URL, name: 'gateway'})]`. */
export const natsModule = (options: NatsModuleOptions): DynamicModule => NatsModule.forRoot(options);
