import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/**
 * History and replay (docs/architecture.md "History and replay"): each finished round of a game
 * (`finished_rounds`: its results summary and its finished state, written in the commit that moved the round
 * to results) and one row per human player of it (`finished_round_players`), read newest first per user.
 * Both go with their game (foreign keys, ON DELETE CASCADE), so retention removes them with it.
 */
export class History1768000000000 implements MigrationInterface {
  name = 'History1768000000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}"."finished_rounds" (
      "game_id" uuid NOT NULL REFERENCES "${s}"."games"("id") ON DELETE CASCADE,
      "round" integer NOT NULL,
      "room_code" varchar(6) NOT NULL,
      "finished_at" timestamptz NOT NULL,
      "players" jsonb NOT NULL,
      "state" jsonb NOT NULL,
      PRIMARY KEY ("game_id", "round")
    )`);
    await q.query(`CREATE TABLE "${s}"."finished_round_players" (
      "user_id" varchar(64) NOT NULL,
      "game_id" uuid NOT NULL,
      "round" integer NOT NULL,
      "finished_at" timestamptz NOT NULL,
      "role" varchar(64) NOT NULL,
      "final_role" varchar(64) NOT NULL,
      "team" varchar(10) NOT NULL,
      "outcome" varchar(5) NOT NULL,
      PRIMARY KEY ("user_id", "game_id", "round"),
      FOREIGN KEY ("game_id", "round") REFERENCES "${s}"."finished_rounds"("game_id", "round") ON DELETE CASCADE
    )`);
    // a user's page of history, newest first (keyset on finished_at, game_id, round)
    await q.query(`CREATE INDEX "finished_round_players_user_idx" ON "${s}"."finished_round_players" ("user_id", "finished_at" DESC, "game_id" DESC, "round" DESC)`);
    // the foreign key's side: the rows of a round, found when the round is deleted with its game
    await q.query(`CREATE INDEX "finished_round_players_round_idx" ON "${s}"."finished_round_players" ("game_id", "round")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE "${s}"."finished_round_players"`);
    await q.query(`DROP TABLE "${s}"."finished_rounds"`);
  }
}
