/**
 * Trace context propagation (docs/architecture.md "Metrics and traces"): W3C traceparent parsing, operations
 * that continue a trace, and the context carried through NATS headers by NatsClient on the real nats-server of
 * this machine (NATS_URL). Tracing export is off here: ids are made and propagated all the same.
 */
import { randomUUID } from 'node:crypto';
import type { Msg } from '@nats-io/transport-node';
import { NatsClient, traceOfHeaders } from './nats.js';
import { currentTrace, parseTraceparent, requestIdOf, runWithTrace, startOperation, traceparentOf, tracingEnabled, withSpan, type TraceContext } from './tracing.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe('traceparent and request ids', () => {
  it('parses W3C traceparent version 00 and refuses malformed or all-zero ids', () => {
    const tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(parseTraceparent(tp)).toEqual({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: true });
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00')?.sampled).toBe(false);
    for (const bad of [undefined, '', 'garbage', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, `00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`]) {
      expect(parseTraceparent(bad)).toBeNull();
    }
    const ctx: TraceContext = { requestId: 'r', traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: true };
    expect(traceparentOf(ctx)).toBe(tp);
  });

  it('keeps a well-formed x-request-id and replaces anything else by a UUID', () => {
    expect(requestIdOf('abc-123_x.y')).toBe('abc-123_x.y');
    expect(requestIdOf(['first', 'second'])).toBe('first');
    for (const bad of [undefined, '', 'has space', 'x'.repeat(65), 'quote"d']) expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes distinct well-formed ids, across refills of its random pool', () => {
    const traces = new Set<string>();
    const spans = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const { ctx } = startOperation({ name: 'id', kind: 'internal' }, { traceparent: null, requestId: null });
      expect(ctx.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(ctx.spanId).toMatch(/^[0-9a-f]{16}$/);
      traces.add(ctx.traceId);
      spans.add(ctx.spanId);
    }
    expect(traces.size).toBe(1000); // 24 kB of ids: the 4 KiB pool was refilled several times
    expect(spans.size).toBe(1000);
  });

  it('continues the current trace in a child operation, and a remote parent across processes', async () => {
    expect(tracingEnabled()).toBe(false);
    const edge = startOperation({ name: 'edge', kind: 'server' }, { traceparent: null, requestId: 'req-1' });
    expect(edge.ctx.traceId).toMatch(/^[0-9a-f]{32}$/);
    const child = edge.run(() => startOperation({ name: 'child', kind: 'internal' }));
    expect(child.ctx.traceId).toBe(edge.ctx.traceId);
    expect(child.ctx.requestId).toBe('req-1');
    expect(child.ctx.spanId).not.toBe(edge.ctx.spanId);
    const remote = startOperation({ name: 'remote', kind: 'server' }, { traceparent: traceparentOf(edge.ctx), requestId: 'req-1' });
    expect(remote.ctx.traceId).toBe(edge.ctx.traceId);
    const seen = await withSpan({ name: 'async', kind: 'internal' }, async () => {
      await new Promise((r) => setTimeout(r, 5));
      return currentTrace();
    });
    expect(seen?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(currentTrace()).toBeUndefined();
    await expect(withSpan({ name: 'fails', kind: 'internal' }, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});

describe('trace context through NATS headers (real nats-server)', () => {
  let client: NatsClient;
  beforeAll(async () => {
    client = new NatsClient({ servers: NATS_URL, name: 'tracing-spec' });
    expect(await client.ready(5000)).toBe(true);
  });
  afterAll(async () => {
    await client.onApplicationShutdown();
  });

  /** Subscribes to a fresh subject and returns it with the next message's promise. */
  async function nextMessage(): Promise<{ subject: string; msg: Promise<Msg> }> {
    const nc = await client.connection();
    const subject = `spec.trace.${randomUUID()}`;
    const msg = new Promise<Msg>((resolve) => {
      const sub = nc.subscribe(subject, {
        callback: (_err, m) => {
          sub.unsubscribe();
          resolve(m);
        },
      });
    });
    await nc.flush();
    return { subject, msg };
  }

  it('publishes traceparent and x-request-id with a message sent inside a context, and the subscriber continues the trace', async () => {
    const { subject, msg } = await nextMessage();
    const op = startOperation({ name: 'command', kind: 'server' }, { traceparent: null, requestId: 'req-nats-1' });
    op.run(() => client.publishWithHeaders(subject, 'payload', { 'nf-version': '7' }));
    const m = await msg;
    expect(m.headers?.get('nf-version')).toBe('7');
    expect(m.headers?.get('traceparent')).toBe(traceparentOf(op.ctx));
    const carried = traceOfHeaders(m.headers);
    expect(carried).toEqual({ traceparent: traceparentOf(op.ctx), requestId: 'req-nats-1' });
    const consumer = startOperation({ name: 'deliver', kind: 'consumer' }, carried);
    expect(consumer.ctx.traceId).toBe(op.ctx.traceId);
    expect(consumer.ctx.requestId).toBe('req-nats-1');
    expect(consumer.ctx.spanId).not.toBe(op.ctx.spanId);
  });

  it('adds the headers to a plain publish only inside a context', async () => {
    const inside = await nextMessage();
    const ctx: TraceContext = { requestId: 'req-nats-2', traceId: 'f'.repeat(32), spanId: 'e'.repeat(16), sampled: false };
    runWithTrace(ctx, () => client.publish(inside.subject, 'x'));
    expect(traceOfHeaders((await inside.msg).headers)).toEqual({ traceparent: `00-${'f'.repeat(32)}-${'e'.repeat(16)}-00`, requestId: 'req-nats-2' });
    const outside = await nextMessage();
    client.publish(outside.subject, 'y');
    const m = await outside.msg;
    expect(m.headers).toBeUndefined();
    expect(traceOfHeaders(m.headers)).toEqual({ traceparent: null, requestId: null });
  });
});
