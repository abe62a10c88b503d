import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { gameV1 } from '@nightfall/contracts';
import { isSpectator, type GameState } from '@nightfall/game-rules';
import { GATEWAY_HEARTBEAT_SUBJECT, GATEWAY_PRESENCE_SWEPT_SUBJECT, type GatewayHeartbeatEvent, type GatewayPresenceSweptEvent } from '@nightfall/protocol';
import { NatsClient } from '@nightfall/server-kit';
import { GAME_ENV, type GameEnv } from '../env.js';
import { applyStep, type LogStep } from '../store/game-log.js';
import { GameStore } from '../store/game-store.service.js';

/**
 * Presence: which gateways hold a realtime connection of each player (the online dot). Not a rule: it
 * lives on the player's state (`gateways`, `connections`) and is a logged step like any change, so a replica
 * that takes the game over knows who is connected (docs/hot-path.md "Presence").
 *
 * A gateway that crashes cannot say its players left. Every gateway therefore announces itself on
 * GATEWAY_HEARTBEAT_SUBJECT; a gateway silent for GATEWAY_PRESENCE_TTL_MS (while this engine has been
 * listening that long) is taken for dead, and its presence is removed from the games this engine owns
 * (docs/faults.md "Presence after a gateway crash").
 */
@Injectable()
export class PresenceService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PresenceService.name);
  /** Last heartbeat of each gateway, epoch ms. */
  private readonly lastSeen = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;

  constructor(
    private readonly store: GameStore,
    private readonly nats: NatsClient,
    @Inject(GAME_ENV) private readonly env: GameEnv,
  ) {}

  onApplicationBootstrap(): void {
    this.nats.listen(GATEWAY_HEARTBEAT_SUBJECT, (msg) => this.heard(msg.json<GatewayHeartbeatEvent>().gatewayId));
    this.timer = setInterval(() => void this.sweep(), Math.max(100, Math.floor(this.env.GATEWAY_PRESENCE_TTL_MS / 3)));
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Notes a gateway's heartbeat. */
  heard(gatewayId: string, at = Date.now()): void {
    if (typeof gatewayId === 'string' && gatewayId) this.lastSeen.set(gatewayId, at);
  }

  /**
   * Counts a player's open realtime connections.
   * @param delta +1 (first connection on a gateway) or -1 (last one closed); only its sign counts
   * @param gatewayId the gateway's instance id ('' from an older gateway: a plain count)
   * @throws NOT_FOUND 'Game not found', PERMISSION_DENIED 'Player not found'
   */
  async update(gameId: string, userId: string, delta: number, gatewayId = ''): Promise<gameV1.UpdatePresenceResponse> {
    if (gatewayId) this.heard(gatewayId);
    // Nothing changes, and no new version comes, for a spectator (no seat and no online dot: docs/rules.md
    // "Spectators"), nor when this gateway's connection is already counted (+1) or already gone (-1): a join retried,
    // or every socket's +1 again after a NATS reconnect. Checked on the state the step applies to, so that a -1 and
    // the +1 of a new socket right after it apply in that order: checked before, the +1 found the connection still
    // counted and did nothing, then the -1 removed it, and a connected player showed offline (docs/faults.md
    // "Presence after a gateway crash").
    const settled = (s: GameState) => isSpectator(s, userId) || (gatewayId !== '' && seated(s, userId) && counted(s, userId, gatewayId) === delta > 0);
    const { version } = await this.apply(gameId, settled, { t: 'presence', userId, step: delta < 0 ? -1 : 1, ...(gatewayId ? { gateway: gatewayId } : {}) });
    return { version };
  }

  /**
   * Applies a presence step stamped with the store's clock (a seat hold starts then), unless `settled`.
   * @returns the game's version after it, and whether the step changed anything
   */
  private apply(gameId: string, settled: (s: GameState) => boolean, step: Omit<Extract<LogStep, { t: 'presence' }>, 'now'>): Promise<{ version: number; changed: boolean }> {
    return this.store.mutateUnless(gameId, settled, (s, now) => {
      const stamped: LogStep = { ...step, now };
      return { outcome: applyStep(s, stamped), steps: [stamped] };
    });
  }

  /**
   * Removes the presence of gateways silent for GATEWAY_PRESENCE_TTL_MS from the games this engine owns.
   * Does nothing unless NATS has been up that long here (a silence this engine could not hear proves nothing).
   * Then announces, per gateway, the games it was removed from (GATEWAY_PRESENCE_SWEPT_SUBJECT): a gateway that
   * was only paused hears it and opens those views again, or its connected players would stay offline.
   * @returns how many players' presence changed
   */
  async sweep(now = Date.now()): Promise<number> {
    const ttl = this.env.GATEWAY_PRESENCE_TTL_MS;
    const since = this.nats.connectedSince;
    if (this.sweeping || since === null || now - since < ttl) return 0;
    this.sweeping = true;
    let removed = 0;
    /** game ids per gateway taken for dead */
    const swept = new Map<string, Set<string>>();
    try {
      const dead = (id: string) => now - (this.lastSeen.get(id) ?? 0) > ttl;
      for (const g of this.store.ownedGames()) {
        for (const p of g.state.players) {
          for (const gateway of (p.gateways ?? []).filter(dead)) {
            try {
              // already gone meanwhile (the gateway's own -1): nothing removed, nothing to announce
              const { changed } = await this.apply(g.id, (s) => !counted(s, p.userId, gateway), { t: 'presence', userId: p.userId, step: -1, gateway });
              if (!changed) continue;
              removed++;
              swept.set(gateway, (swept.get(gateway) ?? new Set()).add(g.id));
            } catch (err) {
              this.logger.warn(`presence of ${p.userId} in ${g.id} not cleared: ${(err as Error).message}`);
            }
          }
        }
      }
    } finally {
      this.sweeping = false;
    }
    for (const [gatewayId, games] of swept) {
      const event: GatewayPresenceSweptEvent = { v: 1, gatewayId, gameIds: [...games] };
      void this.nats.emit(GATEWAY_PRESENCE_SWEPT_SUBJECT, event);
    }
    return removed;
  }
}

/** Whether the user has a seat in the game. */
function seated(s: GameState, userId: string): boolean {
  return s.players.some((p) => p.userId === userId);
}

/** Whether the game counts a connection of the player on this gateway (presence). */
function counted(s: GameState, userId: string, gatewayId: string): boolean {
  return (s.players.find((p) => p.userId === userId)?.gateways ?? []).includes(gatewayId);
}
