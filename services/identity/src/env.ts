import { resolve } from 'node:path';
import { z } from 'zod';
import { commonEnv, grpcAddress, natsUrl, parseEnv, port, postgresUrl } from '@nightfall/server-kit';

/** Repository root (services/identity/{src,dist} -> ../../..): the default outbox lives in <repo>/.data/outbox. */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** Environment of the identity service, validated at boot (fails with the list of bad variables). */
export const identityEnvSchema = z.object({
  ...commonEnv,
  DATABASE_URL: postgresUrl,
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('identity'),
  /** PostgreSQL connections of this replica's pool (the chart keeps the sum under database.maxConnections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** NATS server(s), `nats://host:4222[,nats://...]`: the user events (`identity.user.*`) are published there. */
  NATS_URL: natsUrl,
  /** gRPC listen address. */
  IDENTITY_GRPC_URL: grpcAddress.default('0.0.0.0:50051'),
  /** HTTP port of /health/live and /health/ready. */
  IDENTITY_HEALTH_PORT: port.default(8081),
  /** HMAC secret of session tokens, shared with the gateway; at least 32 characters. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Session lifetime in hours (default 720 = 30 days). */
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(720),
  /** Public URL of the site, used for magic links when the gateway does not pass one. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Lifetime of a magic-link token in minutes (default 15). */
  MAGIC_LINK_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** SMTP server for real e-mail, e.g. smtps://user:pass@smtp.example.com:465. Unset: development outbox. */
  SMTP_URL: z.union([z.literal(''), z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')]).default(''),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().min(3).default('Nightfall <no-reply@nightfall.local>'),
  /** Development outbox: one .json (+ .eml) file per e-mail when SMTP_URL is unset. */
  MAIL_OUTBOX_DIR: z.string().min(1).default(resolve(REPO_ROOT, '.data/outbox')),
  /**
   * How often the retention sweep removes expired or signed-out sessions and expired magic-link tokens, ms
   * (one replica at a time; docs/architecture.md "Retention").
   */
  RETENTION_SWEEP_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /** Rows removed per transaction by the retention sweep. */
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(1000),
});

export type IdentityEnv = z.infer<typeof identityEnvSchema>;

/** Injection token of the validated environment. */
export const IDENTITY_ENV = Symbol('IDENTITY_ENV');

/** Parses process.env; throws a readable error on a bad environment. */
export const loadIdentityEnv = (env: NodeJS.ProcessEnv = process.env): IdentityEnv => parseEnv(identityEnvSchema, env);
