import { Module, type DynamicModule } from '@nestjs/common';
import { z } from 'zod';
import { grpcAuthEnv } from './grpc-auth.js';

/**
 * Validates the process environment against a zod schema at boot (docs/architecture.md "Plumbing").
 * @param schema zod object describing every variable the service reads
 * @param env the environment, `process.env` by default
 * @returns the parsed, typed configuration
 * @throws Error listing every invalid or missing variable (`Invalid environment: NAME: reason`)
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** A `host:port` gRPC address (listen address of a server). */
export const grpcAddress = z
  .string()
  .regex(/^[A-Za-z0-9.\-_[\]:]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:50051');

/**
 * A gRPC client target: `host:port`, `dns:///host:port` (every address the name resolves to, e.g. a
 * Kubernetes headless Service) or `ipv4:a:port,b:port`. Clients balance calls round-robin over them.
 */
export const grpcTarget = z
  .string()
  .regex(
    /^(?:(?:\[[0-9A-Fa-f:]+\]|[A-Za-z0-9.\-_]+):\d{1,5}|dns:\/\/\/[A-Za-z0-9.\-_]+:\d{1,5}|ipv4:\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}(?:,\d{1,3}(?:\.\d{1,3}){3}:\d{1,5})*)$/,
    'must be host:port, dns:///host:port or ipv4:a:port,b:port',
  );

/** A TCP port number (1-65535), parsed from a string. */
export const port = z.coerce.number().int().min(1).max(65535);

/** A postgres:// URL. */
export const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL');

/** A nats:// URL (comma-separated list allowed). */
export const natsUrl = z.string().regex(/^nats:\/\/.+/, 'must be a nats:// URL');

/** Environment variables every service shares. */
export const commonEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...grpcAuthEnv,
  /**
   * OTLP/HTTP base URL of a trace collector (e.g. http://otel-collector:4318; spans go to <url>/v1/traces).
   * Unset or empty: tracing off (trace ids and request ids are still propagated and logged).
   * docs/architecture.md "Metrics and traces".
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http(s):// URL, e.g. http://otel-collector:4318').optional()),
  /** Share of new traces exported, 0 to 1 (a caller's sampling decision is kept). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
};

/** The tracing settings of a service's validated environment (see {@link commonEnv}). */
export interface TracingEnv {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_TRACES_SAMPLER_ARG: number;
}

/**
 * Global module providing a service's validated environment under `token`, so every feature module
 * can inject it: `imports: [envModule(GATEWAY_ENV, env)]` in the root module.
 */
export function envModule<E>(token: symbol, env: E): DynamicModule {
  return { module: EnvModule, global: true, providers: [{ provide: token, useValue: env }], exports: [token] };
}

/** Holder class of {@link envModule}. */
@Module({})
export class EnvModule {}
