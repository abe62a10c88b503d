import { z } from 'zod';
import { commonEnv, grpcAddress, grpcTarget, natsUrl, parseEnv, port, postgresUrl } from '@nightfall/server-kit';

/** Environment of the game-engine service, validated at boot. */
export const gameEnvSchema = z.object({
  ...commonEnv,
  DATABASE_URL: postgresUrl,
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('game'),
  NATS_URL: natsUrl,
  GAME_GRPC_URL: grpcAddress.default('0.0.0.0:50053'),
  GAME_HEALTH_PORT: port.default(8083),
  /**
   * The address (`host:port`) at which gateways reach this replica's gRPC server, sent with every view so
   * they call the game's owner directly (docs/hot-path.md "Routing"); in Kubernetes the pod IP. Default:
   * GAME_GRPC_URL with 0.0.0.0 read as 127.0.0.1.
   */
  GAME_ADVERTISE_URL: z.preprocess((v) => (v === '' ? undefined : v), grpcAddress.optional()),
  /** How often this replica checks its games' phase deadlines and takes over orphaned games, ms. */
  DEADLINE_SWEEP_MS: z.coerce.number().int().min(20).max(10_000).default(250),
  /**
   * Lease of an engine on the games it owns, ms (docs/hot-path.md "The write path"): renewed every third
   * of it; another replica takes a game over once its owner has not renewed for this long.
   */
  ENGINE_LEASE_MS: z.coerce.number().int().min(300).max(60_000).default(3000),
  /**
   * A gateway whose heartbeats (every GATEWAY_HEARTBEAT_MS of the gateway, default 5000) stopped for this
   * long is taken for dead: its players' presence is removed (docs/faults.md "Presence after a gateway
   * crash"), ms; keep it at least three heartbeats.
   */
  GATEWAY_PRESENCE_TTL_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  /**
   * How long the seat of a player who lost every connection during play is held before the autopilot plays
   * it, s (docs/rules.md "Seat hold and autopilot"); applies to games created from then on.
   */
  SEAT_HOLD_S: z.coerce.number().int().min(0).max(3600).default(60),
  /** A game nobody used for this long (ms) and without a pending deadline leaves this replica's memory. */
  GAME_IDLE_EVICT_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
  /** Chat messages included in a snapshot (the newest N). */
  SNAPSHOT_MESSAGES: z.coerce.number().int().min(1).max(1000).default(200),
  /** Database connection pool size. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /**
   * The admin service (`nightfall.admin.v1.AdminService`), asked for the active custom roles when a game is
   * created, when its host changes the role selection and when play again returns to the lobby
   * (docs/rules.md "Custom roles"). Optional: unset (or empty), games have no custom roles.
   */
  ADMIN_GRPC_TARGET: z.preprocess((v) => (v === '' ? undefined : v), grpcTarget.optional()),
  /** Deadline of one call to the admin service, ms; an unreachable admin service means no new custom roles. */
  ADMIN_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1500),
  /**
   * Days a finished game (phase results) is kept after its last change; then the retention sweep removes it
   * with its players, messages and log (docs/architecture.md "Retention"). 0 keeps finished games forever.
   */
  GAME_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
  /** Days an unfinished game (any other phase) is kept after its last change; 0 keeps them forever. */
  GAME_ABANDONED_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(90),
  /** How often the retention sweep runs, ms (one replica at a time). */
  RETENTION_SWEEP_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /** Games removed per transaction by the retention sweep (each with all its rows). */
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(100),
});

export type GameEnv = z.infer<typeof gameEnvSchema>;

/** The address gateways reach this replica at (see GAME_ADVERTISE_URL). */
export function advertisedAddress(env: Pick<GameEnv, 'GAME_ADVERTISE_URL' | 'GAME_GRPC_URL'>): string {
  return env.GAME_ADVERTISE_URL ?? env.GAME_GRPC_URL.replace(/^(0\.0\.0\.0|\[::\])(?=:)/, '127.0.0.1');
}

/** Parses process.env; throws a readable error on a bad environment. */
export const loadGameEnv = (env: NodeJS.ProcessEnv = process.env): GameEnv => parseEnv(gameEnvSchema, env);

/** Injection token of the validated environment. */
export const GAME_ENV = Symbol('GAME_ENV');
