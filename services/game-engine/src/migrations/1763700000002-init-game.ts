import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/** Creates the game schema: games, players (projection), messages. */
export class InitGame1763700000002 implements MigrationInterface {
  name = 'InitGame1763700000002';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE SCHEMA IF NOT EXISTS "${s}"`);
    await q.query(`CREATE TABLE "${s}"."games" (
      "id" uuid PRIMARY KEY,
      "room_code" varchar(6) NOT NULL,
      "host_id" varchar(64) NOT NULL,
      "phase" varchar(20) NOT NULL DEFAULT 'lobby',
      "theme_id" varchar(50) NOT NULL DEFAULT 'generic',
      "version" integer NOT NULL DEFAULT 0,
      "state" jsonb NOT NULL,
      "deadline_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX "games_room_code_uq" ON "${s}"."games" ("room_code")`);
    await q.query(`CREATE INDEX "games_deadline_idx" ON "${s}"."games" ("deadline_at") WHERE "deadline_at" IS NOT NULL`);
    await q.query(`CREATE TABLE "${s}"."players" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "game_id" uuid NOT NULL REFERENCES "${s}"."games"("id") ON DELETE CASCADE,
      "user_id" varchar(64) NOT NULL,
      "display_name" varchar(50) NOT NULL,
      "seat_position" integer NOT NULL DEFAULT 0,
      "is_bot" boolean NOT NULL DEFAULT false,
      "original_role" varchar(64),
      "current_role" varchar(64),
      "joined_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX "players_game_user_uq" ON "${s}"."players" ("game_id", "user_id")`);
    await q.query(`CREATE INDEX "players_user_idx" ON "${s}"."players" ("user_id")`);
    await q.query(`CREATE TABLE "${s}"."messages" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "game_id" uuid NOT NULL REFERENCES "${s}"."games"("id") ON DELETE CASCADE,
      "user_id" varchar(64),
      "display_name" varchar(50) NOT NULL,
      "content" text NOT NULL,
      "message_type" varchar(20) NOT NULL DEFAULT 'chat',
      "label" varchar(50),
      "timestamp" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX "messages_game_ts_idx" ON "${s}"."messages" ("game_id", "timestamp")`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE "${s}"."messages"`);
    await q.query(`DROP TABLE "${s}"."players"`);
    await q.query(`DROP TABLE "${s}"."games"`);
  }
}
