import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@nightfall/server-kit';

/**
 * Creates `socket_message_counts`: socket messages per key (`u:<user id>`, `i:<client address>`) and window, summed over every gateway replica
 * (the socket message budget, docs/architecture.md "Rate limits"). UNLOGGED: counters of a few seconds need
 * no write-ahead log, and losing them in a PostgreSQL crash only loosens the limit for one window.
 */
export class SocketMessageCounts1767000000000 implements MigrationInterface {
  name = 'SocketMessageCounts1767000000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE UNLOGGED TABLE "${s}"."socket_message_counts" (
      "key" text NOT NULL,
      "window_start" bigint NOT NULL,
      "count" integer NOT NULL,
      PRIMARY KEY ("key", "window_start")
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${schemaOf(q)}"."socket_message_counts"`);
  }
}
