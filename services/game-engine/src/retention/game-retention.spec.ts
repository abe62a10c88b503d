import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { uniqueSchema } from '@nightfall/server-kit';
import { dropSchema, playedTo, prepareSchema, startReplica, type Replica } from '../testing/engine-harness.js';
import { GameRetention } from './game-retention.service.js';

const schema = uniqueSchema('retain');

describe('game retention (docs/architecture.md "Retention"; real PostgreSQL + NATS)', () => {
  let r: Replica;
  let db: DataSource;
  let retention: GameRetention;

  beforeAll(async () => {
    await prepareSchema(schema);
    // batches of one game: two doomed games take two batches
    r = await startReplica(schema, () => Date.now(), { RETENTION_BATCH_SIZE: '1', GAME_RETENTION_DAYS: '30', GAME_ABANDONED_RETENTION_DAYS: '90' });
    db = r.app.get(DataSource);
    retention = r.app.get(GameRetention);
  }, 60_000);
  afterAll(async () => {
    await dropSchema(r, schema);
    await r.close();
  });

  const t = (name: string) => `"${schema}"."${name}"`;
  /** Rows of each table that belong to the game. */
  async function rowsOf(gameId: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of ['games', 'players', 'messages', 'game_log']) {
      const col = table === 'games' ? 'id' : 'game_id';
      out[table] = (await db.query(`SELECT count(*)::int AS n FROM ${t(table)} WHERE ${col} = $1`, [gameId]))[0].n;
    }
    return out;
  }
  /** Makes a game's snapshot and log `days` old (a chat line of `chatDaysAgo` days ago optional), owned by nobody. */
  async function age(gameId: string, days: number, chatDaysAgo?: number): Promise<void> {
    await db.query(`UPDATE ${t('games')} SET updated_at = now() - make_interval(days => $2), owner_id = NULL WHERE id = $1`, [gameId, days]);
    await db.query(`UPDATE ${t('game_log')} SET created_at = now() - make_interval(days => $2) WHERE game_id = $1`, [gameId, days]);
    if (chatDaysAgo !== undefined) {
      await db.query(`UPDATE ${t('game_log')} SET created_at = now() - make_interval(days => $2) WHERE game_id = $1 AND version = (SELECT max(version) FROM ${t('game_log')} WHERE game_id = $1)`, [gameId, chatDaysAgo]);
    }
  }

  it('removes games finished more than GAME_RETENTION_DAYS ago and games abandoned more than GAME_ABANDONED_RETENTION_DAYS ago, with every row; fresh ones stay', async () => {
    const finishedOld = await playedTo(r.games, 'results');
    const finishedRecent = await playedTo(r.games, 'results');
    const chattedRecently = await playedTo(r.games, 'results');
    await r.games.execute(chattedRecently.gameId, chattedRecently.host, 'send_message', JSON.stringify({ content: 'gg' }));
    const ownedOld = await playedTo(r.games, 'results');
    const abandonedOld = await r.games.createGame(randomUUID(), 'Left');
    const abandonedRecent = await r.games.createGame(randomUUID(), 'Paused');
    await r.games.execute(finishedOld.gameId, finishedOld.host, 'send_message', JSON.stringify({ content: 'bye' }));
    await r.store.evictIdle(-3_600_000); // hand every game back, as an idle replica does

    await age(finishedOld.gameId, 31);
    await age(finishedRecent.gameId, 29);
    await age(chattedRecently.gameId, 40, 1);
    await age(ownedOld.gameId, 40);
    await db.query(`UPDATE ${t('games')} SET owner_id = $2 WHERE id = $1`, [ownedOld.gameId, r.store.engineId]); // a live engine holds it
    await age(abandonedOld.gameId, 91);
    await age(abandonedRecent.gameId, 40);

    const before = await rowsOf(finishedOld.gameId);
    expect(before.players).toBeGreaterThan(0);
    expect(before.messages).toBeGreaterThan(0);
    expect(before.game_log).toBeGreaterThan(0);

    expect(await retention.purge()).toBe(2);

    for (const gone of [finishedOld.gameId, abandonedOld.gameId]) expect(await rowsOf(gone)).toEqual({ games: 0, players: 0, messages: 0, game_log: 0 });
    for (const kept of [finishedRecent.gameId, chattedRecently.gameId, ownedOld.gameId, abandonedRecent.gameId]) expect((await rowsOf(kept)).games).toBe(1);
    expect((await rowsOf(finishedRecent.gameId)).game_log).toBeGreaterThan(0);
    // a kept game still plays: its view loads
    expect((await r.games.getSnapshot(finishedRecent.gameId, finishedRecent.host)).view.game.phase).toBe('results');
    expect(await retention.purge()).toBe(0);
  }, 120_000);

  it('runs as the leased job of this replica', async () => {
    const done = await playedTo(r.games, 'results');
    await r.store.evictIdle(-3_600_000);
    await age(done.gameId, 60);
    expect(await retention.job.tick()).toBe(1);
    expect((await rowsOf(done.gameId)).games).toBe(0);
  }, 60_000);
});
