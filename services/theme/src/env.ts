import { z } from 'zod';
import { commonEnv, grpcAddress, parseEnv, port, postgresUrl } from '@nightfall/server-kit';

/**
 * Environment of the theme service, validated at boot (fails with the list of bad variables).
 * No NATS_URL: the service neither publishes nor consumes events (docs/architecture.md "Theme service").
 */
export const themeEnvSchema = z.object({
  ...commonEnv,
  DATABASE_URL: postgresUrl,
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('theme'),
  /** gRPC listen address. */
  THEME_GRPC_URL: grpcAddress.default('0.0.0.0:50055'),
  /** HTTP port of /health/live and /health/ready. */
  THEME_HEALTH_PORT: port.default(8085),
  /** Connections of the PostgreSQL pool (each upload holds one while its up to 50 MB are written). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
});

export type ThemeEnv = z.infer<typeof themeEnvSchema>;

/** Injection token of the validated environment. */
export const THEME_ENV = Symbol('THEME_ENV');

/** Parses process.env; throws a readable error on a bad environment. */
export const loadThemeEnv = (env: NodeJS.ProcessEnv = process.env): ThemeEnv => parseEnv(themeEnvSchema, env);

/** The part of the environment the migrations need (the Helm hook Job gets DATABASE_URL only). */
export const loadThemeDatabaseEnv = (env: NodeJS.ProcessEnv = process.env): Pick<ThemeEnv, 'DATABASE_URL' | 'DATABASE_SCHEMA'> =>
  parseEnv(themeEnvSchema.pick({ DATABASE_URL: true, DATABASE_SCHEMA: true }), env);
