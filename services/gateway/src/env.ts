import { z } from 'zod';
import { commonEnv, grpcTarget, natsUrl, parseEnv, port } from '@nightfall/server-kit';

/** Environment of the gateway, validated at boot. */
export const gatewayEnvSchema = z.object({
  ...commonEnv,
  /** Public HTTP port (REST, /ws and the SPA). */
  PORT: port.default(8080),
  IDENTITY_GRPC_TARGET: grpcTarget.default('127.0.0.1:50051'),
  BILLING_GRPC_TARGET: grpcTarget.default('127.0.0.1:50052'),
  GAME_GRPC_TARGET: grpcTarget.default('127.0.0.1:50053'),
  /** The admin service: who is an admin (GetAccess) and the admin console (/api/admin/*). */
  ADMIN_GRPC_TARGET: grpcTarget.default('127.0.0.1:50054'),
  /** The theme service: stored theme packs, preferences, the global default theme (/api/themes/*, /api/me/theme...). */
  THEME_GRPC_TARGET: grpcTarget.default('127.0.0.1:50055'),
  NATS_URL: natsUrl,
  /** Same secret as identity's: verifies session tokens. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Name of the httpOnly session cookie. */
  SESSION_COOKIE: z.string().regex(/^[A-Za-z0-9_-]+$/).default('nf_session'),
  /** Set the Secure flag on cookies (true behind HTTPS). */
  COOKIE_SECURE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Directory of the built SPA (web/dist); empty to serve the API only. */
  WEB_DIST: z.string().default(''),
  /** Timeout of one upstream gRPC call, ms. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * How long the gateway keeps sending again a `game_action` that names its command (`commandId`) while
   * game-engine is unavailable (a replica died and another takes its games over after ENGINE_LEASE_MS),
   * ms; 0: no retry. The engine applies a command id once (docs/faults.md "Commands applied once").
   */
  COMMAND_RETRY_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /** Timeout of a call that carries a theme pack (upload, download: up to 50 MB each way), ms. */
  PACK_TRANSFER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Public URL of the site (no trailing slash): magic links and Stripe's success/cancel URLs are built from it. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080').transform((u) => u.replace(/\/+$/, '')),
  /** Requests per client IP per window on /api/auth/login, /signup and /callback; 0 turns the limit off. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(10),
  /**
   * Origins (comma-separated, e.g. `https://play.example.com`) whose pages may open `/ws` besides PUBLIC_URL's
   * and the gateway's own host; a browser socket from any other page is refused (4403). Empty: none.
   */
  WS_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean))
    .pipe(z.array(z.string().url())),
  /** Messages one socket may send per second; more get RATE_LIMITED. 0 turns it off. */
  SOCKET_RATE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(20),
  /** Window of AUTH_RATE_LIMIT, ms (default one minute). */
  AUTH_RATE_WINDOW_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
});

export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

/** Development mode of the gateway (NODE_ENV is not production): /dev/* pages and /api/debug/* for everybody. */
export const isDevMode = (env: Pick<GatewayEnv, 'NODE_ENV'>): boolean => env.NODE_ENV !== 'production';

/** Injection token of the validated environment. */
export const GATEWAY_ENV = Symbol('GATEWAY_ENV');

/** Parses process.env; throws a readable error on a bad environment. */
export const loadGatewayEnv = (env: NodeJS.ProcessEnv = process.env): GatewayEnv => parseEnv(gatewayEnvSchema, env);
