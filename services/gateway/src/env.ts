import { z } from 'zod';
import { isIP } from 'node:net';
import { commonEnv, grpcTarget, natsUrl, parseEnv, port, postgresUrl } from '@nightfall/server-kit';

/** A rate limit: requests per window, 0 = off. */
const rateLimit = z.coerce.number().int().min(0).max(1_000_000);

/** A rate-limit window in seconds (1 s to 1 day). */
const rateWindow = z.coerce.number().int().min(1).max(86_400);

/** Environment of the gateway, validated at boot. */
export const gatewayEnvSchema = z.object({
  ...commonEnv,
  /**
   * Overrides commonEnv's default: unset stays unset, so the development tools (docs/architecture.md
   * "Development tools") appear only with NODE_ENV=development set explicitly.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  /** PostgreSQL: the shared rate-limit counters (schema DATABASE_SCHEMA, table rate_limits; docs/architecture.md "Rate limits"). */
  DATABASE_URL: postgresUrl,
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('gateway'),
  /** Connections of the rate-limit pool per replica. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * Express `trust proxy` (docs/architecture.md "Client addresses"): which peers' X-Forwarded-For is believed
   * when reading the client's address (req.ip). `false` (default: the TCP peer is the client), `true` (any
   * peer: never on a public port), a hop count (`1` behind one ingress), or comma-separated addresses,
   * CIDRs and the names loopback, linklocal, uniquelocal.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string[] => {
      const t = v.trim();
      if (t === '' || t === 'false') return false;
      if (t === 'true') return true;
      if (/^\d+$/.test(t)) return Number(t);
      return t.split(',').map((x) => x.trim()).filter(Boolean);
    })
    .refine((v) => !Array.isArray(v) || v.every(isTrustEntry), 'must be true, false, a hop count, or addresses / CIDRs / loopback, linklocal, uniquelocal'),
  // Shared rate limits (docs/architecture.md "Rate limits"): requests per window, counted in PostgreSQL
  // across every replica; 0 turns one limit off.
  /** Room joins (POST /api/rooms/join) per signed-in or guest user per RATE_LIMIT_JOIN_WINDOW_S. */
  RATE_LIMIT_JOIN_PER_USER: rateLimit.default(30),
  /** Room joins per client IP (IPv6: per /64) per RATE_LIMIT_JOIN_WINDOW_S; room codes are guessed here. */
  RATE_LIMIT_JOIN_PER_IP: rateLimit.default(300),
  RATE_LIMIT_JOIN_WINDOW_S: rateWindow.default(60),
  /** Rooms created (POST /api/rooms/create) per user per RATE_LIMIT_CREATE_WINDOW_S. */
  RATE_LIMIT_CREATE_PER_USER: rateLimit.default(20),
  /** Rooms created per client IP per RATE_LIMIT_CREATE_WINDOW_S. */
  RATE_LIMIT_CREATE_PER_IP: rateLimit.default(60),
  RATE_LIMIT_CREATE_WINDOW_S: rateWindow.default(60),
  /** Magic links (sign-in or sign-up without a password) per e-mail address per RATE_LIMIT_MAGIC_LINK_WINDOW_S. */
  RATE_LIMIT_MAGIC_LINK_PER_EMAIL: rateLimit.default(5),
  /** Magic links per client IP per RATE_LIMIT_MAGIC_LINK_WINDOW_S. */
  RATE_LIMIT_MAGIC_LINK_PER_IP: rateLimit.default(30),
  RATE_LIMIT_MAGIC_LINK_WINDOW_S: rateWindow.default(3600),
  /** Checkouts started (POST /api/checkout/*) per user per RATE_LIMIT_CHECKOUT_WINDOW_S. */
  RATE_LIMIT_CHECKOUT_PER_USER: rateLimit.default(10),
  /** Checkouts started per client IP per RATE_LIMIT_CHECKOUT_WINDOW_S. */
  RATE_LIMIT_CHECKOUT_PER_IP: rateLimit.default(60),
  RATE_LIMIT_CHECKOUT_WINDOW_S: rateWindow.default(3600),
  /** Public HTTP port (REST, /ws and the SPA). */
  PORT: port.default(8080),
  /**
   * Port of a separate listener serving `GET /metrics` only; when set, the public PORT answers /metrics with
   * 404 (the chart sets it, so the ingress never shows the metrics). Unset: /metrics on PORT (npm start, tests).
   */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), port.optional()),
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
  /**
   * How commands reach the engine replica that owns their game: 'stream', one message each on a stream this
   * gateway keeps open to that replica; 'unary', one ExecuteCommand call each (docs/hot-path.md "Commands on an
   * open stream"). Commands whose owner is not known yet are unary calls either way.
   */
  COMMAND_PATH: z.enum(['stream', 'unary']).default('stream'),
  /**
   * How long a session identity found live is believed without asking again, ms; 0: every request and socket
   * asks identity (docs/architecture.md "Session checks"). Sign-outs, deleted guests and changed users
   * reach every gateway over NATS at once; this bounds only what a lost event could leave behind.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /**
   * How long a signed-in user's host rights (billing) and admin access (the admin service) are believed for room
   * creation and socket joins without asking again, ms; 0: every room and join asks (docs/architecture.md "Rights
   * checks"). Grants, revocations and changed users reach every gateway over NATS at once; this bounds only what a
   * lost event could leave behind.
   */
  RIGHTS_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
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
  /**
   * Messages one user may send over all of their sockets on all gateway replicas together per
   * SOCKET_USER_RATE_WINDOW_S (docs/architecture.md "Rate limits"); more get RATE_LIMITED. 0 turns it off.
   */
  SOCKET_USER_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** Messages per client address (IPv6: per /64) per SOCKET_USER_RATE_WINDOW_S over all sockets and replicas; 0 turns it off. */
  SOCKET_IP_RATE_LIMIT: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  SOCKET_USER_RATE_WINDOW_S: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * How often this gateway announces on NATS that it is alive, ms: game-engine removes the presence of a
   * gateway silent for its GATEWAY_PRESENCE_TTL_MS (docs/faults.md "Presence after a gateway crash").
   */
  GATEWAY_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Window of AUTH_RATE_LIMIT, ms (default one minute). */
  AUTH_RATE_WINDOW_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
});

export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

/**
 * Development mode of the gateway: NODE_ENV=development set explicitly (unset is not development). Only then
 * do the development tools exist, and they answer loopback clients only (docs/architecture.md "Development tools").
 */
export const isDevMode = (env: Pick<GatewayEnv, 'NODE_ENV'>): boolean => env.NODE_ENV === 'development';

/** One TRUST_PROXY list entry: an IP address, a CIDR, or one of proxy-addr's names. */
function isTrustEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [addr = '', bits, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** Injection token of the validated environment. */
export const GATEWAY_ENV = Symbol('GATEWAY_ENV');

/** Parses process.env; throws a readable error on a bad environment. */
export const loadGatewayEnv = (env: NodeJS.ProcessEnv = process.env): GatewayEnv => parseEnv(gatewayEnvSchema, env);
