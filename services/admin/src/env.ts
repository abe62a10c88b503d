import { z } from 'zod';
import { commonEnv, grpcAddress, grpcTarget, natsUrl, parseEnv, port, postgresUrl } from '@nightfall/server-kit';

/** A plain e-mail address check (the identity service owns the full rules; this only catches typos in config). */
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/**
 * ADMIN_EMAILS: comma-separated, case-insensitive, blanks ignored; every entry must be an e-mail.
 * @returns the lower-cased addresses
 */
export const emailList = z
  .string()
  .transform((raw) => raw.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
  .refine((list) => list.every((e) => EMAIL.test(e)), 'must be a comma-separated list of e-mail addresses');

/** SUPER_ADMIN_EMAIL: '' (no primary account) or one e-mail, lower-cased. */
export const optionalEmail = z
  .string()
  .transform((e) => e.trim().toLowerCase())
  .refine((e) => e === '' || EMAIL.test(e), 'must be an e-mail address (or empty)');

/** Environment of the admin service, validated at boot (fails with the list of bad variables). */
export const adminEnvSchema = z.object({
  ...commonEnv,
  DATABASE_URL: postgresUrl,
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('admin'),
  /** PostgreSQL connections of this replica's pool (the chart keeps the sum under database.maxConnections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  NATS_URL: natsUrl,
  /** gRPC listen address. */
  ADMIN_GRPC_URL: grpcAddress.default('0.0.0.0:50054'),
  /** HTTP port of /health/live and /health/ready. */
  ADMIN_HEALTH_PORT: port.default(8084),
  /** The identity service (users, e-mail verification). */
  IDENTITY_GRPC_TARGET: grpcTarget.default('127.0.0.1:50051'),
  /** The billing service (entitlements). */
  BILLING_GRPC_TARGET: grpcTarget.default('127.0.0.1:50052'),
  /** Deadline of one call to identity or billing, ms. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Comma-separated e-mails that are admins once the account has verified its address (besides admin/super_admin entitlements). */
  ADMIN_EMAILS: emailList.default([]),
  /** The primary account: a super admin once the account has verified this address; its rights cannot be removed. */
  SUPER_ADMIN_EMAIL: optionalEmail.default(''),
});

export type AdminEnv = z.infer<typeof adminEnvSchema>;

/** Injection token of the validated environment. */
export const ADMIN_ENV = Symbol('ADMIN_ENV');

/** Parses process.env; throws a readable error on a bad environment. */
export const loadAdminEnv = (env: NodeJS.ProcessEnv = process.env): AdminEnv => parseEnv(adminEnvSchema, env);

/** The part of the environment the migrations need (the Helm hook Job gets DATABASE_URL only). */
export const loadAdminDatabaseEnv = (env: NodeJS.ProcessEnv = process.env): Pick<AdminEnv, 'DATABASE_URL' | 'DATABASE_SCHEMA'> =>
  parseEnv(adminEnvSchema.pick({ DATABASE_URL: true, DATABASE_SCHEMA: true }), env);
