import { LoggerModule } from 'nestjs-pino';
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

/**
 * Structured JSON logging with pino (nestjs-pino). Health probes and metric scrapes are not logged. Every
 * line written while a request, gRPC call or NATS message is handled carries its `traceId`, `spanId` and
 * `requestId` ({@link traceLogFields}); pino-http's `req.id` is the request id.
 * @param service name written in every line
 * @param level pino level from the LOG_LEVEL env variable
 */
export function loggerModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      name: service,
      level,
      mixin: traceLogFields,
      genReqId: () => currentTrace()?.requestId ?? '',
      autoLogging: { ignore: (req) => /^\/(health|metrics)\b/.test(req.url ?? '') },
      redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  });
}
