import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/**
 * The write path of docs/hot-path.md: engines and their leases, the owner and fencing token of each game,
 * and the log of changes (one row per version after the snapshot in `games.state`).
 */
export class GameLog1763900000000 implements MigrationInterface {
  name = 'GameLog1763900000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}"."engines" (
      "id" uuid PRIMARY KEY,
      "heartbeat_at" timestamptz NOT NULL,
      "started_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`ALTER TABLE "${s}"."games" ADD COLUMN "owner_id" uuid, ADD COLUMN "fence" bigint NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX "games_owner_idx" ON "${s}"."games" ("owner_id") WHERE "owner_id" IS NOT NULL`);
    // No foreign key to games: its check would lock the game row again for every entry (the group
    // commit already holds it FOR SHARE); entries go with their game when games are cleaned.
    await q.query(`CREATE TABLE "${s}"."game_log" (
      "game_id" uuid NOT NULL,
      "version" integer NOT NULL,
      "fence" bigint NOT NULL,
      "entry" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("game_id", "version")
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE "${s}"."game_log"`);
    await q.query(`DROP INDEX "${s}"."games_owner_idx"`);
    await q.query(`ALTER TABLE "${s}"."games" DROP COLUMN "owner_id", DROP COLUMN "fence"`);
    await q.query(`DROP TABLE "${s}"."engines"`);
  }
}
