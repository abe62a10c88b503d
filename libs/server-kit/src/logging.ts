import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { stdSerializers } from 'pino';
import type { Options as HttpOptions } from 'pino-http';
import type { DynamicModule } from '@nestjs/common';
import { currentTrace } from './tracing.js';

/**
 * The trace fields of a log line (pino `mixin`): `traceId`, `spanId` and `requestId` of the work in
 * progress (docs/architecture.md "Metrics and traces"), nothing outside any request, call or message.
 */
export function traceLogFields(): Record<string, string> {
  const t = currentTrace();
  return t ? { traceId: t.traceId, spanId: t.spanId, requestId: t.requestId } : {};
}

/**
 * True when LOG_LEVEL is debug or trace: hot paths build their per-call debug lines only then (read once at start).
 */
export const debugLogging: boolean = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');

/** The request of an access-log line ({@link accessLogRequest}). */
export interface AccessLogRequest {
  /** The request id (pino-http's `req.id`: the trace's requestId, the client's x-request-id when it sent one). */
  id: string;
  method: string;
  /** The path, without the query string. */
  url: string;
  /** The client's address as Express reads it (its trust proxy setting), else the socket's peer. */
  remoteAddress: string;
}

/**
 * The `req` of an access-log line: id, method, path and client address, nothing else. Headers are not
 * logged (cookies, tokens, and about 1 KB a line of the same security headers on every response), nor the
 * query string, which carries what a log has no need of (an admin's user search: e-mail addresses; a test
 * checkout's session id).
 * @param req the Node request (Express's when it went through Express; `id` set by pino-http)
 */
export function accessLogRequest(req: IncomingMessage & { id?: unknown; ip?: string; originalUrl?: string }): AccessLogRequest {
  const url = req.originalUrl ?? req.url ?? '';
  const q = url.indexOf('?');
  return {
    id: String(req.id ?? ''),
    method: req.method ?? '',
    url: q < 0 ? url : url.slice(0, q),
    remoteAddress: req.ip ?? req.socket?.remoteAddress ?? '',
  };
}

/** The `res` of an access-log line: its status code only. */
export function accessLogResponse(res: ServerResponse): { statusCode: number } {
  return { statusCode: res.statusCode };
}

/**
 * Structured JSON logging with pino (nestjs-pino). Health probes and metric scrapes are not logged; each
 * other HTTP request gets one access line ("request completed") with {@link accessLogRequest} and
 * {@link accessLogResponse}, built straight from the Node objects (docs/hot-path.md "The tenth machine"). Every
 * line written while a request, gRPC call or NATS message is handled carries its `traceId`, `spanId` and
 * `requestId` ({@link traceLogFields}); pino-http's `req.id` is the request id.
 * @param service name written in every line
 * @param level pino level from the LOG_LEVEL env variable
 */
export function loggerModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({ pinoHttp: pinoHttpOptions(service, level) });
}

/**
 * The pino-http options of {@link loggerModule}: the service's name and level, the trace fields, the request id,
 * no lines for health probes and metric scrapes, and the access-line serializers.
 * @param service name written in every line
 * @param level pino level
 */
export function pinoHttpOptions(service: string, level: string): HttpOptions {
  return {
    name: service,
    level,
    mixin: traceLogFields,
    genReqId: () => currentTrace()?.requestId ?? '',
    autoLogging: { ignore: (req) => /^\/(health|metrics)\b/.test(req.url ?? '') },
    // the serializers get the Node request and response themselves, not pino-http's copies with every header
    wrapSerializers: false,
    serializers: { req: accessLogRequest, res: accessLogResponse, err: stdSerializers.err },
  };
}
