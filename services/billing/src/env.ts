import { z } from 'zod';
import { commonEnv, grpcAddress, parseEnv, port, postgresUrl } from '@nightfall/server-kit';

/** Environment of the billing service, validated at boot. */
export const billingEnvSchema = z.object({
  ...commonEnv,
  DATABASE_URL: postgresUrl,
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('billing'),
  BILLING_GRPC_URL: grpcAddress.default('0.0.0.0:50052'),
  BILLING_HEALTH_PORT: port.default(8082),
});

export type BillingEnv = z.infer<typeof billingEnvSchema>;

/** Parses process.env; throws a readable error on a bad environment. */
export const loadBillingEnv = (env: NodeJS.ProcessEnv = process.env): BillingEnv => parseEnv(billingEnvSchema, env);
