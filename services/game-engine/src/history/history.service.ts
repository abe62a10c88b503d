import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { playerView, type GameState } from '@nightfall/game-rules';
import type { gameV1 } from '@nightfall/contracts';
import { isUuid } from '@nightfall/server-kit';
import { GAME_ENV, type GameEnv } from '../env.js';
import { badInput, historyNotFound } from '../game-error-code.js';
import type { HistoryPlayer } from './history-records.js';

/** Rounds per page when the caller asks for none (`limit` 0). */
export const HISTORY_PAGE_DEFAULT = 20;
/** Rounds per page at most. */
export const HISTORY_PAGE_MAX = 50;

/** A row of the history query: the user's own row joined with its round. */
interface HistoryRow {
  game_id: string;
  round: number;
  room_code: string;
  finished_at: Date;
  role: string;
  final_role: string;
  team: string;
  outcome: string;
  players: HistoryPlayer[];
}

/** The keyset of a page: the last row's finished_at (ISO), game id and round. */
type Cursor = [string, string, number];

/** Encodes a page cursor (base64url of JSON). */
export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** Decodes a page cursor. @throws INVALID_ARGUMENT INVALID_INPUT 'Invalid history cursor' */
export function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(c) && c.length === 3 && typeof c[0] === 'string' && !Number.isNaN(Date.parse(c[0])) && typeof c[1] === 'string' && isUuid(c[1]) && Number.isInteger(c[2])) {
      return c as Cursor;
    }
  } catch {
    /* fall through */
  }
  throw badInput('Invalid history cursor');
}

/**
 * History and replay (docs/architecture.md "History and replay"): a user's finished rounds, newest first,
 * and the results view of one of them. Reads only `finished_rounds` and `finished_round_players` (written by
 * the group commit that moved each round to results), so any replica answers, whoever owns the game now.
 * A user sees only rounds they played: their own rows are the index of everything they can read.
 */
@Injectable()
export class HistoryService {
  private readonly schema: string;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(GAME_ENV) env: GameEnv,
  ) {
    this.schema = env.DATABASE_SCHEMA;
  }

  private t(name: string): string {
    return `"${this.schema}"."${name}"`;
  }

  /**
   * The finished rounds `userId` played, newest first.
   * @param cursor '' for the newest, else a `nextCursor` of an earlier page
   * @param limit rounds per page, 1-50 (0 or less: 20; more: 50)
   * @throws INVALID_ARGUMENT INVALID_INPUT on a malformed cursor
   */
  async list(userId: string, cursor: string, limit: number): Promise<gameV1.ListGameHistoryResponse> {
    const size = limit > 0 ? Math.min(limit, HISTORY_PAGE_MAX) : HISTORY_PAGE_DEFAULT;
    const after = cursor ? decodeCursor(cursor) : null;
    const rows: HistoryRow[] = await this.ds.query(
      `SELECT p.game_id, p.round, r.room_code, p.finished_at, p.role, p.final_role, p.team, p.outcome, r.players
         FROM ${this.t('finished_round_players')} p
         JOIN ${this.t('finished_rounds')} r ON r.game_id = p.game_id AND r.round = p.round
        WHERE p.user_id = $1 ${after ? 'AND (p.finished_at, p.game_id, p.round) < ($3::timestamptz, $4::uuid, $5::int)' : ''}
        ORDER BY p.finished_at DESC, p.game_id DESC, p.round DESC
        LIMIT $2`,
      after ? [userId, size + 1, after[0], after[1], after[2]] : [userId, size + 1],
    );
    const page = rows.slice(0, size);
    const last = page.at(-1);
    return {
      entries: page.map(toEntry),
      nextCursor: rows.length > size && last ? encodeCursor([last.finished_at.toISOString(), last.game_id, last.round]) : '',
    };
  }

  /**
   * The results view of round `round` of `gameId` for `userId`, who must have played it: `playerView` of the
   * round's finished state, i.e. what the user's results screen showed.
   * @throws NOT_FOUND HISTORY_NOT_FOUND when the user did not play that round or it is not stored
   */
  async replay(userId: string, gameId: string, round: number): Promise<gameV1.GameReplay> {
    if (!isUuid(gameId) || !Number.isInteger(round) || round < 1) throw historyNotFound();
    const rows: Array<HistoryRow & { state: GameState }> = await this.ds.query(
      `SELECT p.game_id, p.round, r.room_code, p.finished_at, p.role, p.final_role, p.team, p.outcome, r.players, r.state
         FROM ${this.t('finished_round_players')} p
         JOIN ${this.t('finished_rounds')} r ON r.game_id = p.game_id AND r.round = p.round
        WHERE p.user_id = $1 AND p.game_id = $2 AND p.round = $3`,
      [userId, gameId, round],
    );
    const row = rows[0];
    if (!row) throw historyNotFound();
    return { entry: toEntry(row), viewJson: JSON.stringify(playerView(row.state, userId)) };
  }
}

/** A history row as the contract's entry. */
function toEntry(r: HistoryRow): gameV1.GameHistoryEntry {
  return {
    gameId: r.game_id,
    round: r.round,
    roomCode: r.room_code,
    finishedAt: r.finished_at.toISOString(),
    role: r.role,
    finalRole: r.final_role,
    team: r.team,
    outcome: r.outcome,
    players: r.players.map((p) => ({ ...p })),
  };
}
