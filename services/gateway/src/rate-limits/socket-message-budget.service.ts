import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { RateLimitService } from './rate-limits.service.js';

/** One key's messages in the current window, as this replica knows them. */
interface KeyCount {
  /** The key's limit per window. */
  limit: number;
  /** Start of the window, ms since the epoch. */
  window: number;
  /** Every replica's messages of the window as of this replica's last sync (its own synced ones included). */
  synced: number;
  /** This replica's messages not yet added to the shared counter. */
  unsynced: number;
}

/** How often the counters of busy users are added to the shared table, ms. */
const SYNC_MS = 200;

/**
 * The socket message limits shared by every gateway replica (docs/architecture.md "Rate limits"):
 * SOCKET_USER_RATE_LIMIT messages per user and SOCKET_IP_RATE_LIMIT per client address (IPv6: per /64) per
 * SOCKET_USER_RATE_WINDOW_S, over all sockets on all replicas together, so a flood spread over many
 * connections and gateways is still limited (the per-socket SOCKET_RATE_LIMIT stops a single connection sooner).
 *
 * Cost: nothing per message but two map lookups. Each replica counts in memory, and only a key (`u:<user>`,
 * `i:<address>`) that has sent an eighth of its limit on this replica since the last sync gets synced: every
 * SYNC_MS one statement adds those keys' new messages to the UNLOGGED table `socket_message_counts` and reads
 * back the totals of all replicas. Ordinary play never reaches PostgreSQL. Each replica may admit up to an
 * eighth of a limit beyond the total it last read, so with G replicas at most limit x (1 + G / 8) messages
 * get through in a window. While PostgreSQL is away each replica enforces the limits on its own counts.
 */
@Injectable()
export class SocketMessageBudget implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('SocketMessageBudget');
  private readonly counts = new Map<string, KeyCount>();
  private readonly dirty = new Set<string>();
  private readonly userLimit: number;
  private readonly ipLimit: number;
  private readonly windowMs: number;
  private timer: NodeJS.Timeout | null = null;
  private syncing = false;
  private failing = false;
  private lastCleanup = 0;
  private lastForget = 0;

  constructor(
    private readonly rateLimits: RateLimitService,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.userLimit = env.SOCKET_USER_RATE_LIMIT;
    this.ipLimit = env.SOCKET_IP_RATE_LIMIT;
    this.windowMs = env.SOCKET_USER_RATE_WINDOW_S * 1000;
  }

  onModuleInit(): void {
    if (this.userLimit > 0 || this.ipLimit > 0) this.timer = setInterval(() => void this.sync(), SYNC_MS).unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Counts one message of `userId` from client address `addressKey` (counted only when both limits let it through).
   * @param addressKey the client's address as a limit key (`addressKey` of http/client-address.ts), or null
   * @returns 0 when it may go through, else the ms until the window ends (the message must be refused and
   *   change nothing)
   */
  take(userId: string, addressKey: string | null, now = Date.now()): number {
    const window = now - (now % this.windowMs);
    const user = this.userLimit > 0 ? this.entry(`u:${userId}`, this.userLimit, window) : null;
    const ip = this.ipLimit > 0 && addressKey ? this.entry(`i:${addressKey}`, this.ipLimit, window) : null;
    if ((user && user.c.synced + user.c.unsynced >= user.c.limit) || (ip && ip.c.synced + ip.c.unsynced >= ip.c.limit)) return window + this.windowMs - now;
    for (const e of [user, ip]) {
      if (!e) continue;
      e.c.unsynced++;
      if (e.c.unsynced >= Math.max(1, Math.floor(e.c.limit / 8))) this.dirty.add(e.key);
    }
    return 0;
  }

  /** The count of `key` in `window` (a new one when the window changed). */
  private entry(key: string, limit: number, window: number): { key: string; c: KeyCount } {
    let c = this.counts.get(key);
    if (!c || c.window !== window) {
      c = { limit, window, synced: 0, unsynced: 0 };
      this.counts.set(key, c);
    }
    return { key, c };
  }

  /** Adds the busy users' new messages to the shared counters and reads back every replica's totals. */
  async sync(now = Date.now()): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    try {
      const window = now - (now % this.windowMs);
      if (now - this.lastForget > this.windowMs) {
        this.lastForget = now;
        this.forgetOldWindows(window);
      }
      if (this.dirty.size === 0) return;
      const keys: string[] = [];
      const sent: number[] = [];
      for (const key of this.dirty) {
        const c = this.counts.get(key);
        if (c && c.window === window && c.unsynced > 0) {
          keys.push(key);
          sent.push(c.unsynced);
        }
      }
      this.dirty.clear();
      if (keys.length === 0) return;
      const rows = await this.rateLimits.query<{ key: string; count: number }>(
        `INSERT INTO {schema}.socket_message_counts (key, window_start, count)
           SELECT k, $2::bigint, n FROM unnest($1::text[], $3::int[]) AS t(k, n)
         ON CONFLICT (key, window_start) DO UPDATE SET count = socket_message_counts.count + EXCLUDED.count
         RETURNING key, count`,
        [keys, window, sent],
      );
      const totals = new Map(rows.map((r) => [r.key, Number(r.count)]));
      keys.forEach((key, i) => {
        const c = this.counts.get(key);
        if (!c || c.window !== window) return;
        c.unsynced -= sent[i]!;
        const total = totals.get(key);
        if (total !== undefined) c.synced = total;
      });
      if (now - this.lastCleanup > this.windowMs) {
        this.lastCleanup = now;
        await this.rateLimits.query('DELETE FROM {schema}.socket_message_counts WHERE window_start < $1', [window - this.windowMs]);
      }
      if (this.failing) this.logger.log('shared socket message counters reachable again');
      this.failing = false;
    } catch (err) {
      // PostgreSQL away: the unsynced messages stay counted here, and are added once it is back
      if (!this.failing) this.logger.warn(`shared socket message counters not reachable, counting on this replica only: ${(err as Error).message}`);
      this.failing = true;
      for (const [key, c] of this.counts) if (c.unsynced >= Math.max(1, Math.floor(c.limit / 8))) this.dirty.add(key);
    } finally {
      this.syncing = false;
    }
  }

  /** Drops the counts of ended windows. */
  private forgetOldWindows(window: number): void {
    for (const [key, c] of this.counts) if (c.window !== window) this.counts.delete(key);
  }
}
