import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { uniqueSchema } from '@nightfall/server-kit';
import { dropSchema, playedTo, prepareSchema, startReplica, TEST_ROLES, type Replica } from '../testing/engine-harness.js';
import { SNAPSHOT_EVERY, type CommitParts, type LogWriter, type Pending } from './log-writer.service.js';

const schema = uniqueSchema('owner');
const clock = () => Date.now();

describe('one owner per game: leases, fencing and replay (docs/hot-path.md "The write path"; real PostgreSQL + NATS)', () => {
  let a: Replica;
  let b: Replica;
  let db: DataSource;

  beforeAll(async () => {
    await prepareSchema(schema);
    // a long lease (renewed every 20 s): a test makes an engine look dead by ageing its heartbeat row
    a = await startReplica(schema, clock, { ENGINE_LEASE_MS: '60000' });
    b = await startReplica(schema, clock, { ENGINE_LEASE_MS: '60000' });
    db = a.app.get(DataSource);
  });
  afterAll(async () => {
    await dropSchema(a, schema);
    await a.close();
    await b.close();
  });

  const versionsOf = async (gameId: string): Promise<number[]> =>
    (await db.query(`SELECT version FROM "${schema}".game_log WHERE game_id = $1 ORDER BY version`, [gameId])).map((r: { version: number }) => r.version);

  it('fences out an engine whose lease lapsed: its next write fails, the command is routed to the new owner and applied once', async () => {
    const host = randomUUID();
    const ref = await a.games.createGame(host, 'Host');
    await a.games.execute(ref.gameId, host, 'send_message', JSON.stringify({ content: 'before' }));
    expect(a.store.ownedGames().map((g) => g.id)).toContain(ref.gameId);

    // A stops renewing (a long pause): B takes the game over with a higher fence
    await db.query(`UPDATE "${schema}".engines SET heartbeat_at = now() - interval '1 hour' WHERE id = $1`, [a.store.engineId]);
    const onB = await b.games.getSnapshot(ref.gameId, host);
    const [row] = await db.query(`SELECT owner_id, fence FROM "${schema}".games WHERE id = $1`, [ref.gameId]);
    expect(row.owner_id).toBe(b.store.engineId);
    expect(Number(row.fence)).toBe(2);
    // A wakes up: its copy is stale, but PostgreSQL refuses its fence; the command goes to B
    await a.store.heartbeat();
    const res = await a.games.execute(ref.gameId, host, 'send_message', JSON.stringify({ content: 'after the pause' }));
    expect(res.version).toBe(onB.version + 1);
    expect(a.store.ownedGames().map((g) => g.id)).not.toContain(ref.gameId);

    const snap = await b.games.getSnapshot(ref.gameId, host);
    expect(snap.messages.map((m) => m.content)).toEqual(['before', 'after the pause']);
    expect(await versionsOf(ref.gameId)).toEqual(Array.from({ length: snap.version - 1 }, (_, i) => i + 2));
  });

  it('fences out a stale engine on the one-statement commit too (a move that only appends a log row): nothing of it is written, the move goes to the new owner', async () => {
    const host = randomUUID();
    const ref = await a.games.createGame(host, 'Host');
    await a.games.execute(ref.gameId, host, 'update_role_selection', JSON.stringify({ roles: TEST_ROLES }));
    const logged = await versionsOf(ref.gameId);

    await db.query(`UPDATE "${schema}".engines SET heartbeat_at = now() - interval '1 hour' WHERE id = $1`, [a.store.engineId]);
    const onB = await b.games.getSnapshot(ref.gameId, host);
    await a.store.heartbeat();
    // a change of the role selection touches no snapshot column, no players and no chat: the one-statement path
    const roles = TEST_ROLES.slice(0, -1).concat('Basic Good Guy');
    const res = await a.games.execute(ref.gameId, host, 'update_role_selection', JSON.stringify({ roles }));
    expect(res.version).toBe(onB.version + 1);
    expect(a.store.ownedGames().map((g) => g.id)).not.toContain(ref.gameId);

    // every logged version was written once, by its owner at the time: A's stale copy added nothing
    const fences: Array<{ version: number; fence: string }> = await db.query(`SELECT version, fence FROM "${schema}".game_log WHERE game_id = $1 ORDER BY version`, [ref.gameId]);
    expect(fences.map((r) => r.version)).toEqual([...logged, onB.version + 1]);
    expect(fences.filter((r) => r.version > onB.version).map((r) => Number(r.fence))).toEqual([2]);
    expect((await b.games.getSnapshot(ref.gameId, host)).view.game.selectedRoles).toEqual(roles);
  });

  it('writes a group commit of two games in one statement: all of the kept game, nothing of the game another engine took over', async () => {
    const [hx, hy] = [randomUUID(), randomUUID()];
    const x = await a.games.createGame(hx, 'Host X');
    const y = await a.games.createGame(hy, 'Host Y');
    // a new game's row and its players projection come in one statement
    const seated = async (gameId: string) =>
      (await db.query(`SELECT user_id, display_name, seat_position FROM "${schema}".players WHERE game_id = $1`, [gameId])) as Array<{ user_id: string; display_name: string; seat_position: number }>;
    expect(await seated(x.gameId)).toEqual([{ user_id: hx, display_name: 'Host X', seat_position: 0 }]);
    // B takes Y over while A's copy of Y stays in A's memory, stale; A keeps X
    await db.query(`UPDATE "${schema}".engines SET heartbeat_at = now() - interval '1 hour' WHERE id = $1`, [a.store.engineId]);
    await b.games.getSnapshot(y.gameId, hy);
    await a.store.heartbeat();
    const logged = await versionsOf(y.gameId);

    // a chat line in each game, queued in the same turn: one group commit, which is not log rows only
    const writer = (a.store as unknown as { writer: LogWriter }).writer;
    const batches: string[][] = [];
    const commit = writer.commit.bind(writer);
    writer.commit = (entries: Pending[]) => {
      batches.push(entries.map((e) => e.game.id));
      return commit(entries);
    };
    const line = (gameId: string, userId: string, content: string) => (s: Parameters<Parameters<typeof a.store.mutate>[1]>[0], now: number) => ({
      outcome: { state: s, event: 'game_updated' as const, systemMessages: [] },
      steps: [],
      messages: [{ userId, displayName: 'Host', content, messageType: 'chat' as const, label: null, timestamp: now }],
    });
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled([a.store.mutate(x.gameId, line(x.gameId, hx, 'kept')), a.store.mutate(y.gameId, line(y.gameId, hy, 'fenced'))]);
    } finally {
      writer.commit = commit;
    }
    expect(batches).toEqual([[x.gameId, y.gameId]]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);

    // X: its log row and its message; Y: neither (its log is as B left it, and B's copy has no such line)
    const messages = async (gameId: string) => (await db.query(`SELECT content FROM "${schema}".messages WHERE game_id = $1`, [gameId])).map((r: { content: string }) => r.content);
    expect(await messages(x.gameId)).toEqual(['kept']);
    expect(await messages(y.gameId)).toEqual([]);
    expect(await versionsOf(y.gameId)).toEqual(logged);
    expect((await a.games.getSnapshot(x.gameId, hx)).messages.map((m) => m.content)).toEqual(['kept']);
    expect((await b.games.getSnapshot(y.gameId, hy)).messages).toEqual([]);
    expect(a.store.ownedGames().map((g) => g.id)).not.toContain(y.gameId);
  });

  it('writes only the parts a commit carries (docs/hot-path.md "Only the parts a commit carries"), each statement with its own parameters', async () => {
    const writer = a.store as unknown as { writer: { commitStatement(parts: CommitParts): { name: string; text: string } } };
    const made = writer.writer.commitStatement.bind(writer.writer);
    const used: Array<{ parts: CommitParts; name: string; text: string }> = [];
    writer.writer.commitStatement = (parts: CommitParts) => {
      const st = made(parts);
      used.push({ parts, ...st });
      return st;
    };
    let ref: Awaited<ReturnType<typeof playedTo>>;
    try {
      ref = await playedTo(a.games, 'results');
      await a.games.execute(ref.gameId, ref.host, 'send_message', JSON.stringify({ content: 'gg' }));
    } finally {
      writer.writer.commitStatement = made;
    }
    // a join writes the players, a start the snapshot, the round's end its history, a chat line at the results only its line
    expect(used.some((u) => u.parts.players)).toBe(true);
    expect(used.some((u) => u.parts.snapshots && !u.parts.messages)).toBe(true);
    expect(used.some((u) => u.parts.finished)).toBe(true);
    expect(used.at(-1)).toMatchObject({ name: 'game-commit-m', parts: { messages: true, snapshots: false, finished: false, players: false } });
    for (const u of used) {
      // $1 and $2 (games and log rows), then one parameter per part and two for finished rounds and for players
      const wanted = 2 + (u.parts.messages ? 1 : 0) + (u.parts.snapshots ? 1 : 0) + (u.parts.finished ? 2 : 0) + (u.parts.players ? 2 : 0);
      expect(Math.max(...[...u.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))).toBe(wanted);
      expect(u.text.includes('INSERT INTO "' + schema + '"."messages"')).toBe(u.parts.messages);
      expect(u.text.includes('UPDATE "' + schema + '"."games"')).toBe(u.parts.snapshots);
      expect(u.text.includes('"finished_round_players"')).toBe(u.parts.finished);
      expect(u.text.includes('DELETE FROM "' + schema + '"."players"')).toBe(u.parts.players);
    }
    // what the commits wrote: the chat line, the history and the players
    expect((await db.query(`SELECT content FROM "${schema}".messages WHERE game_id = $1 AND content = 'gg'`, [ref.gameId])).length).toBe(1);
    expect((await db.query(`SELECT 1 FROM "${schema}".finished_rounds WHERE game_id = $1`, [ref.gameId])).length).toBe(1);
    expect(Number((await db.query(`SELECT count(*) AS n FROM "${schema}".players WHERE game_id = $1`, [ref.gameId]))[0].n)).toBe(3);
  });

  it('writes the row\'s columns at each change of phase or players, and its state only every SNAPSHOT_EVERY versions', async () => {
    const { host, guest, ...ref } = await playedTo(a.games, 'results');
    const row = async () =>
      (await db.query(`SELECT phase, version, state->>'phase' AS state_phase, (SELECT count(*)::int FROM "${schema}".players p WHERE p.game_id = g.id) AS players FROM "${schema}".games g WHERE g.id = $1`, [ref.gameId]))[0] as {
        phase: string;
        version: number;
        state_phase: string;
        players: number;
      };
    const at = (await a.games.getSnapshot(ref.gameId, host)).version;
    const first = await row();
    // the columns and the players are current; the stored state is the one of the last SNAPSHOT_EVERY boundary
    expect(first).toMatchObject({ phase: 'results', players: 3 });
    expect(at - first.version).toBeLessThan(SNAPSHOT_EVERY);
    expect(first.state_phase).not.toBe('results');
    // chat lines until SNAPSHOT_EVERY versions went by: the state is written again, at the version it had
    let version = at;
    for (let i = 0; version - first.version < SNAPSHOT_EVERY; i++) version = (await a.games.execute(ref.gameId, i % 2 ? host : guest, 'send_message', JSON.stringify({ content: `line ${i}` }))).version;
    expect(await row()).toMatchObject({ phase: 'results', version, state_phase: 'results' });
  });

  it('rebuilds a finished game from its snapshot and log on another replica, identical to what its owner served', async () => {
    const { host, guest, ...ref } = await playedTo(a.games, 'results');
    // changes after the stored state (written every SNAPSHOT_EVERY versions): B must replay them
    for (const content of ['gg', 'again?']) await a.games.execute(ref.gameId, guest, 'send_message', JSON.stringify({ content }));
    const before = await Promise.all([host, guest].map((u) => a.games.getSnapshot(ref.gameId, u)));
    const [{ version: snapVersion }] = await db.query(`SELECT version FROM "${schema}".games WHERE id = $1`, [ref.gameId]);

    // A hands the idle game back; B loads it: snapshot + replay of the entries after it
    expect(await a.store.evictIdle(-1)).toBeGreaterThanOrEqual(1);
    const after = await Promise.all([host, guest].map((u) => b.games.getSnapshot(ref.gameId, u)));
    expect(after).toEqual(before);
    expect(b.store.ownedGames().map((g) => g.id)).toContain(ref.gameId);
    // every version has its log entry; the snapshot is never ahead of the log
    expect(await versionsOf(ref.gameId)).toEqual(Array.from({ length: before[0]!.version - 1 }, (_, i) => i + 2));
    // the stored state is at least the two chat lines behind, and at most SNAPSHOT_EVERY versions
    expect(snapVersion).toBeLessThanOrEqual(before[0]!.version - 2);
    expect(before[0]!.version - snapVersion).toBeLessThanOrEqual(SNAPSHOT_EVERY);
    expect(after[0]!.messages.slice(-2).map((m) => m.content)).toEqual(['gg', 'again?']);
  });
});
