import { z } from 'zod';
import { commonEnv, grpcAddress, natsUrl, parseEnv, port, postgresUrl } from '@nightfall/server-kit';

/** Environment of the billing service, validated at boot. Every STRIPE_* variable is optional ('' = unset). */
export const billingEnvSchema = z.object({
  ...commonEnv,
  DATABASE_URL: postgresUrl,
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('billing'),
  /** PostgreSQL connections of this replica's pool (the chart keeps the sum under database.maxConnections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** NATS server(s), `nats://host:4222[,nats://...]`: the entitlement events (`billing.entitlement.*`) are published there. */
  NATS_URL: natsUrl,
  BILLING_GRPC_URL: grpcAddress.default('0.0.0.0:50052'),
  BILLING_HEALTH_PORT: port.default(8082),
  /** Public URL of the site; Stripe's success/cancel URLs when the gateway does not pass one. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Stripe secret key (sk_live_... / sk_test_...). Unset: development test checkout (never in production). */
  STRIPE_SECRET_KEY: z.string().default(''),
  /** Signing secret of the Stripe webhook endpoint (whsec_...). Unset: webhooks are refused. */
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  /** Stripe Price id of the permanent host unlock; unset: price_data with $9.99. */
  STRIPE_PRICE_HOST: z.string().default(''),
  /** Stripe Price id of the 48-hour host pass; unset: price_data with $1.99. */
  STRIPE_PRICE_HOST_PASS: z.string().default(''),
  /** Base URL of the Stripe API (e.g. http://127.0.0.1:12111 for stripe-mock or a test stand-in); '' = api.stripe.com. */
  STRIPE_API_BASE: z.union([z.literal(''), z.string().url()]).default(''),
});

export type BillingEnv = z.infer<typeof billingEnvSchema>;

/** Injection token of the validated environment. */
export const BILLING_ENV = Symbol('BILLING_ENV');

/** Parses process.env; throws a readable error on a bad environment. */
export const loadBillingEnv = (env: NodeJS.ProcessEnv = process.env): BillingEnv => parseEnv(billingEnvSchema, env);
