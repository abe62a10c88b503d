import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CommandOutcome, GameState } from '@nightfall/game-rules';
import { nextDueAt } from '@nightfall/game-rules';
import type { ChatMessage } from '@nightfall/protocol';
import { preparedQuery, type PreparedStatement, type TraceContext } from '@nightfall/server-kit';
import type { NewMessage } from '../chat/chat.service.js';
import { GAME_ENV, type GameEnv } from '../env.js';
import type { FinishedRound } from '../history/history-records.js';
import type { LogStep } from './game-log.js';

/** A change that was committed. */
export interface Committed {
  state: GameState;
  /** The game's version after the change. */
  version: number;
  outcome: CommandOutcome;
}

/** A game this engine owns, in memory. */
export interface OwnedGame {
  id: string;
  /** The fencing token this engine's writes carry. */
  fence: number;
  state: GameState;
  version: number;
  /** Version of the snapshot row (`games.state`). */
  snapVersion: number;
  /** What the snapshot row's columns hold (phase, deadline, theme, host): a change rewrites the snapshot. */
  snapKey: string;
  /** The players projection last written. */
  projKey: string;
  /** The newest messages (at most SNAPSHOT_MESSAGES), oldest first. */
  chat: ChatMessage[];
  /** Set once the game is dropped from memory: entries still queued for it fail. */
  dead: boolean;
  /** Last use, epoch ms of the real clock. */
  touchedAt: number;
  /** A deadline is being applied. */
  firing: boolean;
  /** Version at which applying the due deadline failed (retried only after another change). */
  deadlineFailedAt: number;
  /** Views were published while NATS was disconnected (the client drops them on reconnect): re-publish. */
  unpublished: boolean;
  /**
   * The newest command keys (`userId:commandId`, at most {@link COMMANDS_KEPT}) and their answers, oldest
   * first: a command sent again is answered with the first answer, not applied again (docs/faults.md
   * "Commands applied once").
   */
  commands: Map<string, Promise<Committed>>;
}

/** Command keys remembered per game (a retry comes within seconds; a game sees a few dozen commands a minute). */
export const COMMANDS_KEPT = 128;

/** One log entry waiting for the next group commit. */
export interface Pending {
  game: OwnedGame;
  fence: number;
  steps: LogStep[];
  messages: NewMessage[];
  /** The same messages as chat lines: what the change's views carry as `newMessages` (docs/hot-path.md "Chat lines once"). */
  lines: ChatMessage[];
  /** The command key (`userId:commandId`) logged with the entry, when the client named its command. */
  cmd?: string;
  /** The change's new state and version (what the call is answered with once committed). */
  committed: Committed;
  resolve: (c: Committed) => void;
  reject: (e: unknown) => void;
  /**
   * Set when this change moved a round to results: its history rows, written in the same commit as the entry
   * (docs/architecture.md "History and replay").
   */
  finished?: FinishedRound;
  /** The trace context of the call that made the change: its views are published under it (docs/architecture.md "Metrics and traces"). */
  trace?: TraceContext;
}

/**
 * The game row's `state` is rewritten every this many versions (a takeover replays at most this many entries); its
 * columns (phase, deadline, theme, host) whenever they change (docs/hot-path.md "The state every 32 versions").
 */
export const SNAPSHOT_EVERY = 32;

/**
 * The group commit of docs/hot-path.md "The write path": writes a batch of queued log entries, of any number
 * of games, in one transaction, fenced; rewrites snapshots and players projections where due. Used by
 * {@link GameStore}, which owns the games and the queue.
 */
@Injectable()
export class LogWriter {
  private readonly schema: string;
  /**
   * The group commit's statement of each set of parts ({@link CommitParts}, by {@link partsKey}), made when first used
   * and prepared once per connection (docs/hot-path.md "Prepared statements").
   */
  private readonly statements = new Map<string, PreparedStatement>();
  /** Every commit starts with these: the FOR SHARE lock of the games' fences ($1), and the log rows ($2) whose fence matches. */
  private readonly lockFences: string;
  private readonly insertLogRows: string;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(GAME_ENV) env: GameEnv,
  ) {
    this.schema = env.DATABASE_SCHEMA;
    const t = (name: string) => this.t(name);
    this.lockFences = `f AS (SELECT id, fence FROM ${t('games')} WHERE id = ANY($1::uuid[]) FOR SHARE)`;
    this.insertLogRows = `INSERT INTO ${t('game_log')} (game_id, version, fence, entry)
         SELECT x.game_id, x.version, x.fence, x.entry FROM jsonb_to_recordset($2::jsonb) AS x(game_id uuid, version int, fence bigint, entry jsonb)
         JOIN f ON f.id = x.game_id AND f.fence = x.fence
         RETURNING game_id, version`;
  }

  /**
   * The whole group commit in one statement (docs/hot-path.md "The group commit in one statement"), with only the
   * parts this commit carries (docs/hot-path.md "Only the parts a commit carries"): the fences locked FOR SHARE and
   * the log rows whose fence matches, the rows as one JSON document (one JSON.stringify here and one jsonb parse in
   * PostgreSQL); then, only for the games whose rows went in (`ok`), their messages, snapshot rows, finished rounds
   * and players projections. Each later part reads `ok`, which reads the insert, which reads the lock: a game's row is
   * locked before it is updated. Every part runs to completion, read or not; the foreign keys are checked at the end
   * of the statement. A commit of log rows alone is the lock and the insert (docs/hot-path.md "Log rows in one
   * statement"). Parameters: $1 the games' ids, $2 the log rows, then each part's, in the order of {@link CommitParts}.
   */
  private commitStatement(parts: CommitParts): PreparedStatement {
    const key = partsKey(parts);
    const known = this.statements.get(key);
    if (known) return known;
    if (key === '') {
      const logRows = { name: 'game-log-rows-fenced', text: `WITH ${this.lockFences} ${this.insertLogRows}` };
      this.statements.set(key, logRows);
      return logRows;
    }
    const t = (name: string) => this.t(name);
    let n = 2;
    /** The next parameter's placeholder ($3, $4...). */
    const param = (): string => `$${(n += 1)}`;
    const ctes = [this.lockFences, `ins AS (${this.insertLogRows})`, `ok AS (SELECT DISTINCT game_id FROM ins)`];
    if (parts.messages) {
      ctes.push(`msg AS (
           INSERT INTO ${t('messages')} (id, game_id, user_id, display_name, content, message_type, label, "timestamp")
           SELECT x.* FROM jsonb_to_recordset(${param()}::jsonb)
             AS x(id uuid, game_id uuid, user_id varchar, display_name varchar, content text, message_type varchar, label varchar, "timestamp" timestamptz)
           WHERE x.game_id IN (SELECT game_id FROM ok)
         )`);
    }
    if (parts.snapshots) {
      // a row whose state is null keeps the stored state and its version: only the columns changed
      // (docs/hot-path.md "The state every 32 versions")
      ctes.push(`snap AS (
           UPDATE ${t('games')} AS g SET state = COALESCE(x.state, g.state), version = COALESCE(x.version, g.version), phase = x.phase, deadline_at = x.deadline_at, theme_id = x.theme_id, host_id = x.host_id, updated_at = now()
           FROM jsonb_to_recordset(${param()}::jsonb) AS x(id uuid, state jsonb, version int, phase varchar, deadline_at timestamptz, theme_id varchar, host_id varchar)
           WHERE g.id = x.id AND x.id IN (SELECT game_id FROM ok)
         )`);
    }
    if (parts.finished) {
      ctes.push(`fr AS (
           INSERT INTO ${t('finished_rounds')} (game_id, round, room_code, finished_at, players, state)
           SELECT x.* FROM jsonb_to_recordset(${param()}::jsonb) AS x(game_id uuid, round int, room_code varchar, finished_at timestamptz, players jsonb, state jsonb)
           WHERE x.game_id IN (SELECT game_id FROM ok)
           ON CONFLICT DO NOTHING
         )`);
      ctes.push(`frp AS (
           INSERT INTO ${t('finished_round_players')} (user_id, game_id, round, finished_at, role, final_role, team, outcome)
           SELECT x.* FROM jsonb_to_recordset(${param()}::jsonb)
             AS x(user_id varchar, game_id uuid, round int, finished_at timestamptz, role varchar, final_role varchar, team varchar, outcome varchar)
           WHERE x.game_id IN (SELECT game_id FROM ok)
           ON CONFLICT DO NOTHING
         )`);
    }
    if (parts.players) {
      ctes.push(`px AS (
           SELECT x.* FROM jsonb_to_recordset(${param()}::jsonb) AS ${PLAYER_RECORD}
           WHERE x.game_id IN (SELECT game_id FROM ok)
         )`);
      // the players projection (docs/hot-path.md "Players in one statement"): the seats that left deleted, the
      // others upserted where they changed (a join writes one row); the two parts never touch one row
      ctes.push(`gone AS (
           DELETE FROM ${t('players')} p WHERE p.game_id = ANY(${param()}::uuid[]) AND p.game_id IN (SELECT game_id FROM ok)
             AND NOT EXISTS (SELECT 1 FROM px WHERE px.game_id = p.game_id AND px.user_id = p.user_id)
         )`);
      ctes.push(`up AS (
           INSERT INTO ${t('players')} AS p ${PLAYER_COLUMNS}
           SELECT * FROM px
           ON CONFLICT (game_id, user_id) DO UPDATE SET display_name = EXCLUDED.display_name, seat_position = EXCLUDED.seat_position,
             is_bot = EXCLUDED.is_bot, original_role = EXCLUDED.original_role, "current_role" = EXCLUDED."current_role", joined_at = EXCLUDED.joined_at
           WHERE (p.display_name, p.seat_position, p.is_bot, p.original_role, p."current_role", p.joined_at)
             IS DISTINCT FROM (EXCLUDED.display_name, EXCLUDED.seat_position, EXCLUDED.is_bot, EXCLUDED.original_role, EXCLUDED."current_role", EXCLUDED.joined_at)
         )`);
    }
    const statement = { name: `game-commit-${key}`, text: `WITH ${ctes.join(', ')} SELECT game_id, version FROM ins` };
    this.statements.set(key, statement);
    return statement;
  }

  private t(name: string): string {
    return `"${this.schema}"."${name}"`;
  }

  /**
   * One group commit, one statement and so one round trip (docs/hot-path.md "The group commit in one statement"): locks
   * the games' rows FOR SHARE and inserts the log rows whose fence matches; for the games kept, inserts their messages
   * and finished rounds and rewrites snapshots and players projections where due. A game taken over by another engine
   * gets none of its writes. The in-memory keys of what was written (`snapKey`, `snapVersion`, `projKey`) change only
   * once the statement committed.
   * @returns the ids of games whose fence no longer matches (taken over by another engine)
   * @throws the driver's error (QueryFailedError) when the statement failed: nothing of the batch was written
   */
  async commit(entries: Pending[]): Promise<Set<string>> {
    const ids = [...new Set(entries.map((e) => e.game.id))];
    const due = lastDue(entries);
    const snaps: Due[] = [];
    const projections: GameState[] = [];
    for (const d of due.values()) {
      if (d.snapshot) snaps.push(d);
      if (d.players) projections.push(d.entry.committed.state);
    }
    const finished = entries.flatMap((e) => (e.finished ? [{ round: e.finished, state: e.committed.state }] : []));
    const messages = entries.flatMap((e) => e.messages);
    const parts: CommitParts = { messages: messages.length > 0, snapshots: snaps.length > 0, finished: finished.length > 0, players: projections.length > 0 };
    // the parameters of the parts present, in the order of CommitParts (see commitStatement)
    const values: unknown[] = [ids, logRowsJson(entries)];
    if (parts.messages) values.push(messagesJson(messages));
    if (parts.snapshots) {
      values.push(
        // the state only every SNAPSHOT_EVERY versions; null keeps the stored one
        JSON.stringify(
          snaps.map(({ entry: e, state }) => ({
            id: e.game.id,
            state: state ? e.committed.state : null,
            version: state ? e.committed.version : null,
            phase: e.committed.state.phase,
            deadline_at: dueAtIso(e.committed.state),
            theme_id: e.committed.state.themeId,
            host_id: e.committed.state.hostId,
          })),
        ),
      );
    }
    if (parts.finished) {
      values.push(
        JSON.stringify(
          finished.map((r) => ({ game_id: r.round.gameId, round: r.round.round, room_code: r.round.roomCode, finished_at: new Date(r.round.finishedAt).toISOString(), players: r.round.players, state: r.state })),
        ),
        JSON.stringify(
          finished.flatMap((r) =>
            r.round.humans.map((h) => ({
              user_id: h.userId,
              game_id: r.round.gameId,
              round: r.round.round,
              finished_at: new Date(r.round.finishedAt).toISOString(),
              role: h.role,
              final_role: h.finalRole,
              team: h.team,
              outcome: h.outcome,
            })),
          ),
        ),
      );
    }
    if (parts.players) values.push(JSON.stringify(projections.flatMap((st) => st.players.map((p) => playerRow(st.id, p)))), projections.map((st) => st.id));
    const rows = await preparedQuery<{ game_id: string; version: number }>(this.ds, this.commitStatement(parts), values);
    const written = new Set(rows.map((r) => `${r.game_id}:${r.version}`));
    const fenced = new Set(entries.filter((e) => !written.has(`${e.game.id}:${e.committed.version}`)).map((e) => e.game.id));
    for (const d of due.values()) {
      const g = d.entry.game;
      if (fenced.has(g.id)) continue;
      if (d.snapshot) g.snapKey = d.snapKey;
      if (d.state) g.snapVersion = d.entry.committed.version;
      if (d.players) g.projKey = d.projKey;
    }
    return fenced;
  }
}

/** What a game's last entry of a commit writes besides its log row (see {@link dueOf}). */
interface Due {
  entry: Pending;
  /** The entry's snapshot and players keys ({@link snapKeyOf}, {@link projectionKey}). */
  snapKey: string;
  projKey: string;
  /** The snapshot row is written: its columns or the players changed, or SNAPSHOT_EVERY versions went by. */
  snapshot: boolean;
  /** Its `state` (and `version`) too: SNAPSHOT_EVERY versions went by since the stored one. */
  state: boolean;
  /** The players projection is rewritten (the players changed). */
  players: boolean;
}

/** The writes due for a game whose last entry of the commit is `e`. Changes nothing. */
function dueOf(e: Pending): Due {
  const g = e.game;
  const snapKey = snapKeyOf(e.committed.state);
  const projKey = projectionKey(e.committed.state);
  const players = projKey !== g.projKey;
  const state = e.committed.version - g.snapVersion >= SNAPSHOT_EVERY;
  return { entry: e, snapKey, projKey, players, state, snapshot: state || players || snapKey !== g.snapKey };
}

/** {@link dueOf} the last entry of each game, by game id: worked out once per commit. */
function lastDue(entries: readonly Pending[]): Map<string, Due> {
  const last = new Map<string, Pending>();
  for (const e of entries) last.set(e.game.id, e);
  return new Map([...last].map(([id, e]) => [id, dueOf(e)]));
}

/**
 * What a group commit writes beside its log rows: each a part of its statement (LogWriter's `commitStatement`). A
 * game's players projection is never due without its snapshot row ({@link dueOf}).
 */
export interface CommitParts {
  /** Chat and system messages. */
  messages: boolean;
  /** Snapshot rows (the game row's columns, and its state every SNAPSHOT_EVERY versions). */
  snapshots: boolean;
  /** Finished rounds and their players (the history). */
  finished: boolean;
  /** Players projections. */
  players: boolean;
}

/** The name part of a set of parts: one letter per part present, in the order of {@link CommitParts} (e.g. `ms`; '' for none). */
function partsKey(p: CommitParts): string {
  return `${p.messages ? 'm' : ''}${p.snapshots ? 's' : ''}${p.finished ? 'f' : ''}${p.players ? 'p' : ''}`;
}

/** Chat messages as one JSON document of `messages` rows (read with jsonb_to_recordset). */
function messagesJson(messages: readonly NewMessage[]): string {
  return JSON.stringify(
    messages.map((x) => ({ id: x.id, game_id: x.gameId, user_id: x.userId, display_name: x.displayName, content: x.content, message_type: x.messageType, label: x.label, timestamp: new Date(x.timestamp).toISOString() })),
  );
}

/** The `players` columns the projection writes, in the order of {@link PLAYER_RECORD}. */
export const PLAYER_COLUMNS = '(game_id, user_id, display_name, seat_position, is_bot, original_role, "current_role", joined_at)';
/** The record definition of {@link playerRow}s read with jsonb_to_recordset. */
export const PLAYER_RECORD =
  'x(game_id uuid, user_id varchar, display_name varchar, seat_position int, is_bot bool, original_role varchar, "current_role" varchar, joined_at timestamptz)';

/** One `players` row of the projection, as the group commit and a new game's insert read it with jsonb_to_recordset. */
export function playerRow(gameId: string, p: GameState['players'][number]): Record<string, unknown> {
  return {
    game_id: gameId,
    user_id: p.userId,
    display_name: p.displayName,
    seat_position: p.seatPosition,
    is_bot: p.isBot,
    original_role: p.originalRole ?? null,
    current_role: p.currentRole ?? null,
    joined_at: new Date(p.joinedAt).toISOString(),
  };
}

/** The log rows of these entries as one JSON document (read with jsonb_to_recordset). */
function logRowsJson(entries: readonly Pending[]): string {
  return JSON.stringify(entries.map((e) => ({ game_id: e.game.id, version: e.committed.version, fence: e.fence, entry: e.cmd ? { steps: e.steps, cmd: e.cmd } : { steps: e.steps } })));
}

/** The snapshot row's own columns: a change of any rewrites the snapshot. */
export function snapKeyOf(s: GameState): string {
  return `${s.phase}|${nextDueAt(s) ?? ''}|${s.themeId}|${s.hostId}`;
}

/**
 * The `deadline_at` column of a snapshot: when the game next needs a `deadline` command (its phase deadline
 * or the end of a seat hold, docs/rules.md "Seat hold and autopilot"), ISO, or null.
 */
export function dueAtIso(s: GameState): string | null {
  const at = nextDueAt(s);
  return at === null ? null : new Date(at).toISOString();
}

/** The player fields the `players` table projects; the table is rewritten only when they change. */
export function projectionKey(state: GameState): string {
  return JSON.stringify(state.players.map((p) => [p.userId, p.displayName, p.seatPosition, p.isBot, p.originalRole, p.currentRole]));
}

