import { DataSource } from 'typeorm';
import { uniqueSchema } from '@nightfall/server-kit';
import { dropSchema, playedTo, prepareSchema, startReplica, type Replica } from '../testing/engine-harness.js';

const schema = uniqueSchema('handback');
let now = Date.UTC(2026, 0, 1);
const clock = () => now;

/**
 * A game an engine dropped from memory while PostgreSQL did not answer (docs/faults.md "PostgreSQL restart"). The
 * outage is real but confined to the tables a step needs: they are renamed away on the real PostgreSQL, so every
 * statement on them fails as in an outage, and renamed back.
 */
describe('a game dropped while PostgreSQL is away is handed back and its deadline still fires (real PostgreSQL + NATS)', () => {
  let a: Replica;
  let db: DataSource;
  const away = async (...tables: string[]) => {
    for (const t of tables) await db.query(`ALTER TABLE "${schema}"."${t}" RENAME TO "${t}_away"`);
  };
  const back = async (...tables: string[]) => {
    for (const t of tables) await db.query(`ALTER TABLE "${schema}"."${t}_away" RENAME TO "${t}"`);
  };
  /** A game in the discussion whose next command's commit fails (its tables away): the game leaves memory. */
  const droppedInAnOutage = async () => {
    const { host, ...ref } = await playedTo(a.games, 'discussion');
    const before = await a.games.getSnapshot(ref.gameId, host);
    await away('games', 'game_log');
    await expect(a.games.execute(ref.gameId, host, 'send_message', JSON.stringify({ content: 'lost in the outage' }))).rejects.toBeDefined();
    return { host, gameId: ref.gameId, before };
  };
  const ownerOf = async (gameId: string): Promise<string | null> =>
    ((await db.query(`SELECT owner_id FROM "${schema}".games WHERE id = $1`, [gameId])) as Array<{ owner_id: string | null }>)[0]!.owner_id;

  beforeAll(async () => {
    await prepareSchema(schema);
    // a short lease (renewed every 100 ms): the second test lets it lapse
    a = await startReplica(schema, clock, { ENGINE_LEASE_MS: '300' });
    db = a.app.get(DataSource);
  });
  afterAll(async () => {
    await dropSchema(a, schema);
    await a.close();
  });

  it('after a commit that failed: the discussion deadline fires once the database answers again', async () => {
    // the commit fails, the game leaves memory, and clearing its owner fails as well
    const { host, before, ...ref } = await droppedInAnOutage();
    expect(a.store.ownedGames().map((g) => g.id)).not.toContain(ref.gameId);
    await expect(a.deadlines.sweep()).rejects.toBeDefined(); // the hand-back is retried, and fails again
    await back('games', 'game_log');
    expect(await ownerOf(ref.gameId)).toBe(a.store.engineId); // still recorded as this engine's

    now = before.view.game.deadlineAt! + 1;
    expect(await a.deadlines.sweep()).toBe(1);
    const after = await a.games.getSnapshot(ref.gameId, host);
    expect(after.view.game.phase).toBe('vote');
    expect(after.version).toBe(before.version + 1);
    expect(after.messages.map((m) => m.content)).not.toContain('lost in the outage');
  });

  it('after a takeover whose replay failed: the game is handed back again, not left owned by an engine that does not hold it', async () => {
    const { host, before, ...ref } = await droppedInAnOutage();
    // the games table answers again, the log not yet: the sweep hands the game back and takes it over, but cannot replay it
    await back('games');
    now = before.view.game.deadlineAt! + 1;
    expect(await a.deadlines.sweep()).toBe(0);
    expect(a.store.ownedGames().map((g) => g.id)).not.toContain(ref.gameId);
    await back('game_log');

    expect(await a.deadlines.sweep()).toBeGreaterThanOrEqual(1);
    const after = await a.games.getSnapshot(ref.gameId, host);
    expect(after.view.game.phase).toBe('vote');
    expect(after.version).toBe(before.version + 1);
  });

  it("after a player's call whose replay failed: the game is handed back under the fence that call raised", async () => {
    const { host, before, ...ref } = await droppedInAnOutage();
    await back('games');
    // a player's reload takes the game (a new fence) but cannot replay its log
    await expect(a.games.getSnapshot(ref.gameId, host)).rejects.toBeDefined();
    await back('game_log');

    now = before.view.game.deadlineAt! + 1;
    expect(await a.deadlines.sweep()).toBeGreaterThanOrEqual(1);
    expect((await a.games.getSnapshot(ref.gameId, host)).view.game.phase).toBe('vote');
  });

  it('after a lease that could not be renewed: every game is dropped, then handed back and swept', async () => {
    const { host, ...ref } = await playedTo(a.games, 'discussion');
    const before = await a.games.getSnapshot(ref.gameId, host);
    await away('engines', 'games');
    // the heartbeat (every 100 ms) fails for most of the 300 ms lease: the engine drops what it holds
    const t0 = Date.now();
    while (a.store.ownedGames().length > 0 && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(a.store.ownedGames()).toEqual([]);
    await back('engines', 'games');
    expect(await ownerOf(ref.gameId)).toBe(a.store.engineId);

    now = before.view.game.deadlineAt! + 1;
    expect(await a.deadlines.sweep()).toBeGreaterThanOrEqual(1);
    const after = await a.games.getSnapshot(ref.gameId, host);
    expect(after.view.game.phase).toBe('vote');
    expect(after.version).toBe(before.version + 1);
  });
});
