import { z } from 'zod';
import { commonEnv, grpcAddress, parseEnv, port, postgresUrl } from '@nightfall/server-kit';

/** Environment of the identity service, validated at boot (fails with the list of bad variables). */
export const identityEnvSchema = z.object({
  ...commonEnv,
  DATABASE_URL: postgresUrl,
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('identity'),
  /** gRPC listen address. */
  IDENTITY_GRPC_URL: grpcAddress.default('0.0.0.0:50051'),
  /** HTTP port of /health/live and /health/ready. */
  IDENTITY_HEALTH_PORT: port.default(8081),
  /** HMAC secret of session tokens, shared with the gateway; at least 32 characters. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Session lifetime in hours (default 720 = 30 days). */
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(720),
});

export type IdentityEnv = z.infer<typeof identityEnvSchema>;

/** Parses process.env; throws a readable error on a bad environment. */
export const loadIdentityEnv = (env: NodeJS.ProcessEnv = process.env): IdentityEnv => parseEnv(identityEnvSchema, env);
