import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { GATEWAY_ENV, type GatewayEnv } from '../env.js';
import { RateLimitService } from './rate-limits.service.js';

/** One user's messages in the current window, as this replica knows them. */
interface UserCount {
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
 * The per-user socket message limit shared by every gateway replica (docs/architecture.md "Rate limits"):
 * SOCKET_USER_RATE_LIMIT messages per user per SOCKET_USER_RATE_WINDOW_S, all of the user's sockets on all
 * replicas together, so a flood spread over many connections and gateways is still limited (the per-socket
 * SOCKET_RATE_LIMIT stops a single connection sooner).
 *
 * Cost: nothing per message but a map lookup. Each replica counts in memory, and only a user who has sent
 * an eighth of the limit on this replica in the window since the last sync gets synced: every SYNC_MS one
 * statement adds those users' new messages to the UNLOGGED table `socket_message_counts` and reads back the
 * totals of all replicas. Ordinary play never reaches PostgreSQL. Each replica may admit up to an eighth of
 * the limit beyond the total it last read, so with G replicas at most limit x (1 + G / 8) messages get
 * through in a window. While PostgreSQL is away each replica enforces the limit on its own counts.
 */
@Injectable()
export class SocketMessageBudget implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('SocketMessageBudget');
  private readonly counts = new Map<string, UserCount>();
  private readonly dirty = new Set<string>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly syncAt: number;
  private timer: NodeJS.Timeout | null = null;
  private syncing = false;
  private failing = false;
  private lastCleanup = 0;
  private lastForget = 0;

  constructor(
    private readonly rateLimits: RateLimitService,
    @Inject(GATEWAY_ENV) env: GatewayEnv,
  ) {
    this.limit = env.SOCKET_USER_RATE_LIMIT;
    this.windowMs = env.SOCKET_USER_RATE_WINDOW_S * 1000;
    this.syncAt = Math.max(1, Math.floor(this.limit / 8));
  }

  onModuleInit(): void {
    if (this.limit > 0) this.timer = setInterval(() => void this.sync(), SYNC_MS).unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Counts one message of `userId`.
   * @returns 0 when it may go through, else the ms until the user's window ends (the message must be refused
   *   and change nothing)
   */
  take(userId: string, now = Date.now()): number {
    if (this.limit <= 0) return 0;
    const window = now - (now % this.windowMs);
    let c = this.counts.get(userId);
    if (!c || c.window !== window) {
      c = { window, synced: 0, unsynced: 0 };
      this.counts.set(userId, c);
    }
    if (c.synced + c.unsynced >= this.limit) return window + this.windowMs - now;
    c.unsynced++;
    if (c.unsynced >= this.syncAt) this.dirty.add(userId);
    return 0;
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
      const users: string[] = [];
      const sent: number[] = [];
      for (const userId of this.dirty) {
        const c = this.counts.get(userId);
        if (c && c.window === window && c.unsynced > 0) {
          users.push(userId);
          sent.push(c.unsynced);
        }
      }
      this.dirty.clear();
      if (users.length === 0) return;
      const rows = await this.rateLimits.query<{ user_id: string; count: number }>(
        `INSERT INTO {schema}.socket_message_counts (user_id, window_start, count)
           SELECT u, $2::bigint, n FROM unnest($1::text[], $3::int[]) AS t(u, n)
         ON CONFLICT (user_id, window_start) DO UPDATE SET count = socket_message_counts.count + EXCLUDED.count
         RETURNING user_id, count`,
        [users, window, sent],
      );
      users.forEach((userId, i) => {
        const c = this.counts.get(userId);
        if (!c || c.window !== window) return;
        c.unsynced -= sent[i]!;
        const row = rows.find((r) => r.user_id === userId);
        if (row) c.synced = Number(row.count);
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
      for (const [userId, c] of this.counts) if (c.unsynced >= this.syncAt) this.dirty.add(userId);
    } finally {
      this.syncing = false;
    }
  }

  /** Drops the counts of ended windows. */
  private forgetOldWindows(window: number): void {
    for (const [userId, c] of this.counts) if (c.window !== window) this.counts.delete(userId);
  }
}
