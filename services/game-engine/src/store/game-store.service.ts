import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { nextDueAt, RulesError, type GameState } from '@nightfall/game-rules';
import type { ChatMessage } from '@nightfall/protocol';
import { CLOCK, currentTrace, GrpcStatus, isUuid, NatsClient, preparedQuery, rpcError, runWithTrace, type Clock, type PreparedStatement } from '@nightfall/server-kit';
import { observeDeadlineLag } from '../metrics/game.metrics.js';
import { ChatService, systemMessageRow, toChatMessage, type NewMessage } from '../chat/chat.service.js';
import { GAME_ENV, type GameEnv } from '../env.js';
import { gameNotFound, playerNotFound } from '../game-error-code.js';
import { GamePublisher } from '../publishing/game-publisher.service.js';
import { finishedRoundOf } from '../history/history-records.js';
import { PresenceError, replay, type Change, type LogStep } from './game-log.js';
import { COMMANDS_KEPT, LogWriter, PLAYER_COLUMNS, PLAYER_RECORD, playerRow, projectionKey, snapKeyOf, type Committed, type OwnedGame, type Pending } from './log-writer.service.js';

export type { Committed } from './log-writer.service.js';

/** A change to apply to an owned game: from the state and the time (epoch ms). */
export type GameChange = (state: GameState, now: number) => Change & { messages?: Array<Omit<NewMessage, 'gameId'>> };

/** Thrown when another live engine owns the game: the caller forwards to `ownerId` (docs/hot-path.md "Routing"). */
export class NotOwnerError extends Error {
  constructor(readonly ownerId: string) {
    super(`game owned by engine ${ownerId}`);
    this.name = 'NotOwnerError';
  }
}

/** Thrown when this engine lost a game it owned (fenced out, or a write failed): the caller routes again. */
export class OwnershipLostError extends Error {
  constructor(gameId: string, why: string) {
    super(`game ${gameId} lost: ${why}`);
    this.name = 'OwnershipLostError';
  }
}

/** Entries per group commit at most. */
const BATCH_MAX = 400;

/**
 * The game store (docs/hot-path.md "The write path"). One engine replica owns a game at a time, under a
 * lease (`engines.heartbeat_at`, renewed every ENGINE_LEASE_MS / 3) and a fencing token (`games.fence`,
 * raised by every takeover). The owner keeps the game in memory, applies each change there, appends one
 * row per change to `game_log` (group commit: every entry queued while a commit runs goes into the next
 * one), and rewrites the snapshot (`games.state`) only when the phase, deadline, theme, host or players
 * projection change, or every {@link SNAPSHOT_EVERY} versions. A change is answered and published only
 * after its commit, in version order. Each group commit first takes `FOR SHARE` locks on its games' rows
 * and writes only the entries whose fence still matches, so a replica that was taken over cannot write.
 * Another replica takes a game over when its owner's lease has lapsed: snapshot + replay of the log. The
 * SQL of a group commit is {@link LogWriter}'s.
 */
@Injectable()
export class GameStore implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GameStore.name);
  /** This process's engine id (a new one per start). */
  readonly engineId = randomUUID();
  private readonly owned = new Map<string, OwnedGame>();
  private readonly loading = new Map<string, Promise<OwnedGame>>();
  /** Games another live engine owns, as last seen: forwarded there without asking PostgreSQL again. */
  private readonly remoteOwners = new Map<string, { ownerId: string; until: number }>();
  /**
   * Games dropped from memory whose hand-back (owner cleared) has not reached PostgreSQL yet, with the fence they
   * were dropped at: retried by every deadline sweep ({@link handBack}), so that a game this engine no longer holds
   * is not left owned by it (docs/faults.md "PostgreSQL restart").
   */
  private readonly handBacks = new Map<string, number>();
  private handBackSoon = false;
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private lastBeat = 0;
  private closing = false;
  private readonly schema: string;
  /** The statements of a room join and a game creation, prepared once per connection (docs/hot-path.md "Prepared statements"). */
  private readonly sql: { roomId: PreparedStatement; insertGame: PreparedStatement };

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly publisher: GamePublisher,
    private readonly chat: ChatService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GAME_ENV) private readonly env: GameEnv,
    private readonly nats: NatsClient,
    private readonly writer: LogWriter,
  ) {
    this.schema = env.DATABASE_SCHEMA;
    this.sql = {
      roomId: { name: 'game-room-id', text: `SELECT id FROM ${this.t('games')} WHERE room_code = $1` },
      insertGame: {
        name: 'game-insert',
        // the game row and its players projection in one statement (one round trip; the players' foreign key is
        // checked at the end of the statement)
        text: `WITH g AS (
                 INSERT INTO ${this.t('games')} (id, room_code, host_id, phase, theme_id, version, state, deadline_at, owner_id, fence)
                 VALUES ($1, $2, $3, $4, $5, 1, $6, NULL, $7, 1) RETURNING id
               )
               INSERT INTO ${this.t('players')} ${PLAYER_COLUMNS}
               SELECT x.* FROM g, jsonb_to_recordset($8::jsonb) AS ${PLAYER_RECORD}`,
      },
    };
    this.nats.onReconnect(() => this.republish());
  }

  /**
   * After a NATS reconnect, publishes again the current views of every owned game that changed while NATS
   * was away (the NATS client drops what was queued while disconnected; gateways drop versions they have).
   * @returns how many games were published again
   */
  republish(): number {
    let n = 0;
    for (const g of this.owned.values()) {
      if (!g.unpublished || g.dead) continue;
      g.unpublished = false;
      // views may have been lost meanwhile: the whole chat, which replaces each client's
      this.publisher.publish(g.state, g.version, 'game_updated', { whole: g.chat });
      n++;
    }
    if (n > 0) this.logger.log(`NATS reconnected: views of ${n} games published again`);
    return n;
  }

  private t(name: string): string {
    return `"${this.schema}"."${name}"`;
  }

  /**
   * SQL: the engine `owner` (a column reference such as `g.owner_id`) renewed its lease within
   * ENGINE_LEASE_MS, passed as the parameter `$lease` (e.g. `$3`). Also used by the retention sweep,
   * which never removes a game a live engine owns.
   */
  ownerAlive(owner: string, lease: string): string {
    return `EXISTS (SELECT 1 FROM ${this.t('engines')} e WHERE e.id = ${owner} AND e.heartbeat_at > now() - make_interval(secs => ${lease}::double precision / 1000))`;
  }

  /** Registers this engine and starts its lease (a first heartbeat before any game is taken). */
  async onApplicationBootstrap(): Promise<void> {
    await this.heartbeat();
    // the id that games.owner_id and the forwarding subject name (docs/faults.md "The chaos suite" reads it)
    this.logger.log(`engine ${this.engineId} started: lease of ${this.env.ENGINE_LEASE_MS} ms`);
    this.heartbeatTimer = setInterval(() => void this.heartbeat().catch(() => undefined), Math.max(100, Math.floor(this.env.ENGINE_LEASE_MS / 3)));
    this.heartbeatTimer.unref();
  }

  /** Flushes queued entries, hands every owned game back (owner cleared) and ends the lease. */
  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    try {
      await this.flush();
      await this.ds.query(`UPDATE ${this.t('games')} SET owner_id = NULL WHERE owner_id = $1`, [this.engineId]);
      await this.ds.query(`DELETE FROM ${this.t('engines')} WHERE id = $1`, [this.engineId]);
    } catch (err) {
      this.logger.warn(`could not hand games back at shutdown: ${(err as Error).message}`);
    }
    this.owned.clear();
  }

  /**
   * Renews this engine's lease. When it could not renew for most of ENGINE_LEASE_MS, the engine drops
   * every game from memory (another replica may take them over) without writing anything.
   */
  async heartbeat(): Promise<void> {
    try {
      await this.ds.query(
        `INSERT INTO ${this.t('engines')} (id, heartbeat_at) VALUES ($1, now()) ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`,
        [this.engineId],
      );
      this.lastBeat = Date.now();
    } catch (err) {
      if (this.lastBeat && Date.now() - this.lastBeat > this.env.ENGINE_LEASE_MS * 0.8 && this.owned.size > 0) {
        this.logger.error(`lease not renewed for ${Date.now() - this.lastBeat} ms: dropping ${this.owned.size} games`);
        // handed back once PostgreSQL answers again, unless another engine has taken the game meanwhile
        for (const g of [...this.owned.values()]) this.release(g);
      }
      throw err;
    }
  }

  /** The games this engine owns (in memory). */
  ownedGames(): OwnedGame[] {
    return [...this.owned.values()];
  }

  /** The id of the game with this room code (codes are 1-6 of A-Z and 0-9), or null. */
  async idOfRoom(roomCode: string): Promise<string | null> {
    if (!/^[A-Z0-9]{1,6}$/.test(roomCode)) return null;
    for (const g of this.owned.values()) if (g.state.roomCode === roomCode) return g.id;
    const rows = await preparedQuery<{ id: string }>(this.ds, this.sql.roomId, [roomCode]);
    return rows[0]?.id ?? null;
  }

  /**
   * Inserts a new game at version 1, owned by this engine, with its players projection, in one statement.
   * @throws the driver's unique violation (code 23505) when the room code is taken
   */
  async insert(state: GameState): Promise<void> {
    const players = JSON.stringify(state.players.map((p) => playerRow(state.id, p)));
    await preparedQuery(this.ds, this.sql.insertGame, [state.id, state.roomCode, state.hostId, state.phase, state.themeId, state, this.engineId, players]);
    this.owned.set(state.id, this.fresh(state.id, 1, state, 1, []));
  }

  /**
   * The game, loaded into memory (taken over when no live engine owns it).
   * @throws NOT_FOUND 'Game not found'; {@link NotOwnerError} when another live engine owns it
   */
  async own(gameId: string): Promise<OwnedGame> {
    if (!isUuid(gameId)) throw gameNotFound();
    const g = this.owned.get(gameId);
    if (g && !g.dead) {
      g.touchedAt = Date.now();
      return g;
    }
    if (this.closing) throw new OwnershipLostError(gameId, 'engine shutting down');
    const remote = this.remoteOwners.get(gameId);
    if (remote && remote.until > Date.now()) throw new NotOwnerError(remote.ownerId);
    let p = this.loading.get(gameId);
    if (!p) {
      p = this.acquire(gameId).finally(() => this.loading.delete(gameId));
      this.loading.set(gameId, p);
    }
    return p;
  }

  /** The game's state and version (owned here). @throws like {@link own} */
  async find(gameId: string): Promise<{ state: GameState; version: number; chat: ChatMessage[] }> {
    const g = await this.own(gameId);
    return { state: g.state, version: g.version, chat: g.chat };
  }

  /**
   * Applies `change` to the owned game in memory, queues its log entry for the next group commit, and
   * resolves once it is committed and published.
   * With `commandKey` (`userId:commandId`, docs/faults.md "Commands applied once"), a command this game
   * already applied (or is committing) under that key is not applied again: the call gets the first answer.
   * @throws NOT_FOUND; FAILED_PRECONDITION with the rules' error (nothing changed); {@link NotOwnerError};
   *   {@link OwnershipLostError} when the commit was fenced out or failed (nothing of it is kept)
   */
  async mutate(gameId: string, change: GameChange, commandKey?: string): Promise<Committed> {
    return this.applyOwned(await this.own(gameId), change, commandKey);
  }

  /**
   * As {@link mutate}, unless `settled` holds for the game's state: then nothing changes and the game's version is
   * returned. The check and the change see the same state (no other change comes between them), so that two calls
   * in flight together (a presence -1 and the +1 after it) apply in the order they came.
   * @returns the version after the change (`changed`), or the current one when settled
   * @throws like {@link mutate}
   */
  async mutateUnless(gameId: string, settled: (state: GameState) => boolean, change: GameChange): Promise<{ version: number; changed: boolean }> {
    const g = await this.own(gameId);
    if (settled(g.state)) return { version: g.version, changed: false };
    return { version: (await this.applyOwned(g, change)).version, changed: true };
  }

  /** Applies a change to an owned game now (see {@link mutate}). */
  private applyOwned(g: OwnedGame, change: GameChange, commandKey?: string): Promise<Committed> {
    const gameId = g.id;
    if (commandKey) {
      const first = g.commands.get(commandKey);
      if (first) return first;
    }
    const now = this.clock();
    let res: ReturnType<GameChange>;
    try {
      res = change(g.state, now);
    } catch (err) {
      throw toRpc(err);
    }
    const next = res.outcome.state;
    // a round that reaches its results now is recorded in the same commit (docs/architecture.md "History and replay")
    const finished = g.state.phase !== 'results' && next.phase === 'results' ? (finishedRoundOf(next) ?? undefined) : undefined;
    const version = g.version + 1;
    g.state = next;
    g.version = version;
    const messages: NewMessage[] = [
      ...res.outcome.systemMessages.map((sm) => systemMessageRow(gameId, sm, now)),
      ...(res.messages ?? []).map((m) => ({ ...m, gameId })),
    ].map((m) => ({ ...m, id: randomUUID() }));
    const lines = messages.map(toChatMessage);
    if (lines.length > 0) {
      g.chat = [...g.chat, ...lines].slice(-this.env.SNAPSHOT_MESSAGES);
    }
    const committed: Committed = { state: next, version, outcome: res.outcome };
    const done = new Promise<Committed>((resolve, reject) => {
      this.pending.push({ game: g, fence: g.fence, steps: res.steps, messages, lines, cmd: commandKey, committed, finished, resolve, reject, trace: currentTrace() });
    });
    if (commandKey) {
      remember(g, commandKey, done);
      // a command that was not committed may be sent again and applied then
      done.catch(() => g.commands.get(commandKey) === done && g.commands.delete(commandKey));
    }
    this.scheduleFlush();
    return done;
  }

  private scheduleFlush(): void {
    if (this.flushing) return;
    this.flushing = new Promise<void>((res) => setImmediate(res)).then(() => this.flushLoop()).finally(() => {
      this.flushing = null;
      if (this.pending.length > 0) this.scheduleFlush();
    });
  }

  /** Waits until every queued entry is committed (or failed). */
  async flush(): Promise<void> {
    while (this.flushing || this.pending.length > 0) {
      if (!this.flushing) this.scheduleFlush();
      await this.flushing;
    }
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, BATCH_MAX);
      const live = batch.filter((e) => {
        if (e.game.dead || e.fence !== e.game.fence) {
          e.reject(new OwnershipLostError(e.game.id, 'dropped before its commit'));
          return false;
        }
        return true;
      });
      if (live.length === 0) continue;
      let fenced: Set<string>;
      try {
        fenced = await this.writer.commit(live);
      } catch (err) {
        this.logger.error(`group commit of ${live.length} entries failed: ${(err as Error).message}`);
        for (const e of live) this.drop(e.game, 'commit failed');
        for (const e of live) e.reject(new OwnershipLostError(e.game.id, 'commit failed'));
        continue;
      }
      for (const e of live) {
        if (fenced.has(e.game.id)) {
          this.drop(e.game, 'fenced out by another engine');
          e.reject(new OwnershipLostError(e.game.id, 'fenced out'));
          continue;
        }
        if (!this.nats.connected) e.game.unpublished = true;
        // only the lines this change added (docs/hot-path.md "Chat lines once")
        const chat = e.lines.length > 0 ? { added: e.lines } : null;
        runWithTrace(e.trace, () => this.publisher.publish(e.committed.state, e.committed.version, e.committed.outcome.event, chat, e.committed.outcome.removed));
        e.resolve(e.committed);
      }
    }
  }

  /** Drops a game from memory (its queued entries fail) and hands it back when this engine still holds it. */
  private drop(g: OwnedGame, why: string): void {
    if (g.dead) return;
    this.release(g);
    this.logger.warn(`game ${g.id} dropped from memory: ${why}`);
    // one hand-back for every game dropped in this turn (a failed group commit drops all of its games)
    if (!this.handBackSoon) {
      this.handBackSoon = true;
      setImmediate(() => {
        this.handBackSoon = false;
        void this.handBack().catch(() => undefined);
      });
    }
  }

  /** Takes a game out of memory (its queued entries fail) and queues its hand-back ({@link handBack}). */
  private release(g: OwnedGame): void {
    g.dead = true;
    if (this.owned.get(g.id) === g) this.owned.delete(g.id);
    this.handBacks.set(g.id, g.fence);
  }

  /**
   * Hands back the games this engine dropped from memory (a failed or fenced commit, a lease it could not renew):
   * clears it as their owner where the fence is still the one it held, so that any replica's deadline sweep, or the
   * next call, takes them over. Until PostgreSQL answers, they stay queued and every deadline sweep tries again;
   * without this, a game dropped while PostgreSQL was away stayed owned by this live engine but in no engine's
   * memory, and its phase deadline never fired.
   * @returns how many games were handed back (those another engine took meanwhile are forgotten, not counted)
   * @throws the driver's error when PostgreSQL does not answer (the games stay queued)
   */
  async handBack(): Promise<number> {
    if (this.handBacks.size === 0) return 0;
    const entries = [...this.handBacks];
    const rows = returned<{ id: string }>(await this.ds.query(
      `UPDATE ${this.t('games')} AS g SET owner_id = NULL
       FROM unnest($2::uuid[], $3::bigint[]) AS h(id, fence)
       WHERE g.id = h.id AND g.owner_id = $1 AND g.fence = h.fence
       RETURNING g.id`,
      [this.engineId, entries.map(([id]) => id), entries.map(([, fence]) => fence)],
    ));
    for (const [id, fence] of entries) if (this.handBacks.get(id) === fence) this.handBacks.delete(id);
    return rows.length;
  }

  /** Forgets where a game was seen owned (its owner did not answer a forwarded call). */
  forgetOwner(gameId: string): void {
    this.remoteOwners.delete(gameId);
  }

  /**
   * Takes the game over when nobody live owns it: raises the fence, reads the snapshot, replays the log
   * after it and loads the newest messages. A game another live engine owns is only read (no lock, so the
   * owner's group commits never wait for this) and remembered for half a lease.
   * @throws NOT_FOUND; {@link NotOwnerError}
   */
  private async acquire(gameId: string): Promise<OwnedGame> {
    const alive = this.ownerAlive('g.owner_id', '$3');
    const seen: Array<{ owner_id: string | null; held: boolean }> = await this.ds.query(
      `SELECT g.owner_id, (g.owner_id IS NOT NULL AND g.owner_id <> $2 AND ${alive}) AS held FROM ${this.t('games')} g WHERE g.id = $1`,
      [gameId, this.engineId, this.env.ENGINE_LEASE_MS],
    );
    if (!seen[0]) throw gameNotFound();
    if (seen[0].held) throw this.notOwner(gameId, seen[0].owner_id!);
    const taken = returned<{ fence: string; state: GameState; version: number }>(await this.ds.query(
      `UPDATE ${this.t('games')} AS g SET owner_id = $2, fence = g.fence + 1
       WHERE g.id = $1 AND (g.owner_id IS NULL OR g.owner_id = $2 OR NOT ${alive})
       RETURNING g.fence, g.state, g.version`,
      [gameId, this.engineId, this.env.ENGINE_LEASE_MS],
    ));
    const row = taken[0];
    if (!row) {
      const who: Array<{ owner_id: string | null }> = await this.ds.query(`SELECT owner_id FROM ${this.t('games')} WHERE id = $1`, [gameId]);
      if (!who[0]) throw gameNotFound();
      throw this.notOwner(gameId, who[0].owner_id ?? '');
    }
    return this.load(gameId, Number(row.fence), row.state, row.version);
  }

  private notOwner(gameId: string, ownerId: string): NotOwnerError {
    if (ownerId) this.remoteOwners.set(gameId, { ownerId, until: Date.now() + this.env.ENGINE_LEASE_MS / 2 });
    return new NotOwnerError(ownerId);
  }

  /**
   * Puts a game this engine has just taken (under `fence`) in memory. When that fails (the log did not answer), the
   * game is handed back, or it would stay this engine's without being in its memory.
   * @throws what the replay throws
   */
  private async load(gameId: string, fence: number, snapshot: GameState, snapVersion: number): Promise<OwnedGame> {
    try {
      return await this.takeIn(gameId, fence, snapshot, snapVersion);
    } catch (err) {
      this.handBacks.set(gameId, fence);
      throw err;
    }
  }

  /** Replays the log after a snapshot and puts the game in memory. */
  private async takeIn(gameId: string, fence: number, snapshot: GameState, snapVersion: number): Promise<OwnedGame> {
    const log: Array<{ version: number; entry: { steps: LogStep[] } }> = await this.ds.query(
      `SELECT version, entry FROM ${this.t('game_log')} WHERE game_id = $1 AND version > $2 ORDER BY version`,
      [gameId, snapVersion],
    );
    let state = snapshot;
    let version = snapVersion;
    for (const row of log) {
      if (row.version !== version + 1) throw new Error(`game ${gameId}: log gap after version ${version}`);
      state = replay(state, row.entry.steps);
      version = row.version;
    }
    const chat = await this.chat.recent(gameId);
    const g = this.fresh(gameId, fence, state, version, chat);
    // the newest command keys, so that a command sent again after the takeover is not applied twice
    const cmds: Array<{ version: number; cmd: string }> = await this.ds.query(
      `SELECT version, entry->>'cmd' AS cmd FROM ${this.t('game_log')} WHERE game_id = $1 AND entry ? 'cmd' ORDER BY version DESC LIMIT ${COMMANDS_KEPT}`,
      [gameId],
    );
    for (const c of cmds.reverse()) {
      remember(g, c.cmd, Promise.resolve({ state, version: c.version, outcome: { state, event: 'game_updated', systemMessages: [] } }));
    }
    g.snapVersion = snapVersion;
    g.snapKey = snapKeyOf(snapshot);
    g.projKey = projectionKey(snapshot);
    this.owned.set(gameId, g);
    this.remoteOwners.delete(gameId);
    this.handBacks.delete(gameId); // held again, under a new fence
    if (log.length > 0) this.logger.log(`game ${gameId} taken over at version ${version} (${log.length} log entries replayed)`);
    return g;
  }

  private fresh(id: string, fence: number, state: GameState, version: number, chat: ChatMessage[]): OwnedGame {
    return { id, fence, state, version, snapVersion: version, snapKey: snapKeyOf(state), projKey: projectionKey(state), chat, dead: false, touchedAt: Date.now(), firing: false, deadlineFailedAt: -1, unpublished: false, commands: new Map() };
  }

  /**
   * Takes over games with a phase deadline whose owner's lease lapsed (or that nobody owns), so their
   * deadlines fire although no player acts (`FOR UPDATE SKIP LOCKED`: replicas take different games).
   * @returns how many games were taken
   */
  async claimOrphans(max = 50): Promise<number> {
    const rows = returned<{ id: string; fence: string; state: GameState; version: number }>(await this.ds.query(
      `UPDATE ${this.t('games')} AS g SET owner_id = $1, fence = g.fence + 1
       WHERE g.id IN (SELECT o.id FROM ${this.t('games')} o
         WHERE o.deadline_at IS NOT NULL AND (o.owner_id IS NULL OR (o.owner_id <> $1 AND NOT ${this.ownerAlive('o.owner_id', '$2')}))
         LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING g.id, g.fence, g.state, g.version`,
      [this.engineId, this.env.ENGINE_LEASE_MS, max],
    ));
    for (const r of rows) {
      if (this.owned.has(r.id)) continue;
      try {
        await this.load(r.id, Number(r.fence), r.state, r.version);
      } catch (err) {
        this.logger.error(`could not take over game ${r.id}: ${(err as Error).message}`);
      }
    }
    return rows.length;
  }

  /**
   * Applies `change` to every owned game whose phase deadline is due (by the injected clock). A deadline
   * fires exactly once: only the owner applies it, through a fenced commit.
   * @returns how many games advanced
   */
  async fireDueDeadlines(change: GameChange): Promise<number> {
    const now = this.clock();
    const due = [...this.owned.values()].filter((g) => {
      const at = nextDueAt(g.state);
      return !g.dead && !g.firing && at !== null && at <= now && g.deadlineFailedAt !== g.version;
    });
    for (const g of due) observeDeadlineLag(now - nextDueAt(g.state)!);
    const results = await Promise.all(
      due.map(async (g) => {
        g.firing = true;
        try {
          await this.mutate(g.id, change);
          return 1;
        } catch (err) {
          g.deadlineFailedAt = g.version;
          this.logger.warn(`deadline of game ${g.id} not applied: ${(err as Error).message}`);
          return 0;
        } finally {
          g.firing = false;
        }
      }),
    );
    return results.reduce<number>((a, b) => a + b, 0);
  }

  /** The phase of every game this replica owns (the games-by-phase gauge; docs/architecture.md "Metrics and traces"). */
  *ownedPhases(): IterableIterator<string> {
    for (const g of this.owned.values()) if (!g.dead) yield g.state.phase;
  }

  /**
   * Hands back games nobody used for `idleMs` (ms) that have no pending deadline: they leave memory and
   * the next request loads them again (on any replica).
   * @returns how many were handed back
   */
  async evictIdle(idleMs: number): Promise<number> {
    for (const [id, r] of this.remoteOwners) if (r.until <= Date.now()) this.remoteOwners.delete(id);
    const cutoff = Date.now() - idleMs;
    const idle = [...this.owned.values()].filter((g) => g.touchedAt < cutoff && nextDueAt(g.state) === null && !this.pending.some((e) => e.game === g));
    if (idle.length === 0) return 0;
    for (const g of idle) this.release(g);
    await this.handBack();
    return idle.length;
  }
}

/** Remembers a command key's answer on a game, forgetting the oldest beyond {@link COMMANDS_KEPT}. */
function remember(g: OwnedGame, key: string, answer: Promise<Committed>): void {
  g.commands.delete(key);
  g.commands.set(key, answer);
  if (g.commands.size > COMMANDS_KEPT) g.commands.delete(g.commands.keys().next().value!);
}

/** The rows of an UPDATE ... RETURNING (typeorm's postgres driver answers [rows, rowCount] for it). */
function returned<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/** A rules error as the gRPC error the gateway turns into the spec's toast. */
export function toRpc(err: unknown): unknown {
  if (err instanceof RulesError) {
    return rpcError(GrpcStatus.FAILED_PRECONDITION, { code: err.code, title: err.title, message: err.message });
  }
  if (err instanceof PresenceError) return playerNotFound();
  return err;
}
