import { z } from 'zod';
import { commonEnv, grpcAddress, grpcTarget, natsUrl, parseEnv, port, postgresUrl } from './env.js';

const schema = z.object({
  ...commonEnv,
  DATABASE_URL: postgresUrl,
  NATS_URL: natsUrl,
  GRPC_URL: grpcAddress.default('0.0.0.0:50051'),
  HEALTH_PORT: port.default(8081),
});

describe('parseEnv (typed env validation that fails at boot)', () => {
  it('parses a good environment with defaults and coercion', () => {
    const env = parseEnv(schema, { DATABASE_URL: 'postgres://u@h/db', NATS_URL: 'nats://h:4222', HEALTH_PORT: '9000' });
    expect(env).toEqual({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DATABASE_URL: 'postgres://u@h/db',
      NATS_URL: 'nats://h:4222',
      GRPC_URL: '0.0.0.0:50051',
      HEALTH_PORT: 9000,
      OTEL_TRACES_SAMPLER_ARG: 1,
    });
  });

  it('turns tracing on only with a valid OTEL_EXPORTER_OTLP_ENDPOINT (empty = off)', () => {
    const base = { DATABASE_URL: 'postgres://u@h/db', NATS_URL: 'nats://h:4222' };
    expect(parseEnv(schema, { ...base, OTEL_EXPORTER_OTLP_ENDPOINT: '' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(parseEnv(schema, { ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318', OTEL_TRACES_SAMPLER_ARG: '0.25' })).toMatchObject({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318', OTEL_TRACES_SAMPLER_ARG: 0.25 });
    expect(() => parseEnv(schema, { ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'otel:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => parseEnv(schema, { ...base, OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });

  it('lists every missing or invalid variable', () => {
    expect(() => parseEnv(schema, { DATABASE_URL: 'mysql://x', HEALTH_PORT: '70000', LOG_LEVEL: 'loud' })).toThrow(
      /Invalid environment:[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL[\s\S]*NATS_URL[\s\S]*HEALTH_PORT/,
    );
    expect(() => parseEnv(schema, { DATABASE_URL: 'postgres://a/b', NATS_URL: 'nats://n', GRPC_URL: 'no-port' })).toThrow(/GRPC_URL: must be host:port/);
  });
});

describe('grpcTarget', () => {
  it('accepts host:port, dns:/// and ipv4 lists, and nothing else', () => {
    for (const ok of ['127.0.0.1:50053', 'game-engine:50053', 'dns:///game-engine-headless.nightfall.svc:50053', 'ipv4:127.0.0.1:5001,127.0.0.1:5002']) {
      expect(grpcTarget.safeParse(ok).success).toBe(true);
    }
    for (const bad of ['game-engine', 'http://x:1', 'ipv4:host:1', 'dns://x:1']) expect(grpcTarget.safeParse(bad).success).toBe(false);
  });
});
