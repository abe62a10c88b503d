import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import { VIEW_HEADER, type ViewMessage } from '@nightfall/protocol';
import { rpcErrorOf, testNatsUrl, uniqueSchema } from '@nightfall/server-kit';
import { dropSchema, playedTo, prepareSchema, startReplica, subscribePlayer, type Replica } from '../testing/engine-harness.js';

const schema = uniqueSchema('game');
let now = Date.UTC(2026, 10, 21, 20, 0, 0);
const clock = () => now;

describe('game-engine with two replicas (real PostgreSQL + NATS)', () => {
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    await prepareSchema(schema);
    a = await startReplica(schema, clock);
    b = await startReplica(schema, clock);
  });
  afterAll(async () => {
    await dropSchema(a, schema);
    await a.close();
    await b.close();
  });

  it('keeps one consistent game under concurrent joins and bot changes from both replicas', async () => {
    const host = randomUUID();
    const ref = await a.games.createGame(host, 'Host');
    const humans = Array.from({ length: 6 }, () => randomUUID());
    await Promise.all(humans.map((u, i) => (i % 2 ? a : b).games.joinGame(ref.roomCode, u, `Player ${i}`)));
    await Promise.all(Array.from({ length: 4 }, (_, i) => (i % 2 ? b : a).games.execute(ref.gameId, host, 'add_bot', '{}')));

    const snap = await b.games.getSnapshot(ref.gameId, host);
    expect(snap.view.players).toHaveLength(11);
    expect(snap.view.players.filter((p) => p.isBot)).toHaveLength(4);
    expect(snap.view.players.map((p) => p.seatPosition).sort((x, y) => x - y)).toEqual([...Array(11).keys()]);
    // one version per committed command: create (1) + 6 joins + 4 bots
    expect(snap.version).toBe(11);
    // each bot added one role to the default four
    expect(snap.view.game.selectedRoles).toHaveLength(8);
    // the players projection matches the state
    const rows: Array<{ user_id: string; seat_position: number }> = await a.app
      .get(DataSource)
      .query(`SELECT user_id, seat_position FROM "${schema}".players WHERE game_id = $1 ORDER BY seat_position`, [ref.gameId]);
    expect(rows.map((r) => r.user_id)).toEqual([...snap.view.players].sort((x, y) => x.seatPosition - y.seatPosition).map((p) => p.userId));

    // a bot removed and a player gone: their rows go, the other seats are updated in place (the group commit's
    // one statement deletes the seats that are gone and upserts the rest)
    const bot = snap.view.players.find((p) => p.isBot)!;
    await b.games.execute(ref.gameId, host, 'remove_bot', JSON.stringify({ botUserId: bot.userId }));
    await a.games.execute(ref.gameId, humans[0]!, 'leave_game', '{}');
    const after = await a.games.getSnapshot(ref.gameId, host);
    expect(after.view.players).toHaveLength(9);
    const seats: Array<{ user_id: string; seat_position: number }> = await a.app
      .get(DataSource)
      .query(`SELECT user_id, seat_position FROM "${schema}".players WHERE game_id = $1 ORDER BY seat_position`, [ref.gameId]);
    expect(seats.map((r) => [r.user_id, r.seat_position])).toEqual([...after.view.players].sort((x, y) => x.seatPosition - y.seatPosition).map((p) => [p.userId, p.seatPosition]));
  });

  it('moves from role_deal to job_choice exactly once when everyone readies at the same time', async () => {
    const host = randomUUID();
    const ref = await a.games.createGame(host, 'Host');
    const guests = [randomUUID(), randomUUID()];
    for (const g of guests) await b.games.joinGame(ref.roomCode, g, 'Guest');
    await a.games.execute(ref.gameId, host, 'update_role_selection', JSON.stringify({ roles: ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Basic Good Guy', 'Self-Checker'] }));
    await a.games.execute(ref.gameId, host, 'start_game', '{}');
    const before = (await a.games.getSnapshot(ref.gameId, host)).version;
    await Promise.all([host, ...guests].map((u, i) => (i % 2 ? a : b).games.execute(ref.gameId, u, 'ready_next_phase', '{}')));
    const after = await b.games.getSnapshot(ref.gameId, host);
    expect(after.view.game.phase).toBe('job_choice');
    expect(after.version).toBe(before + 3);
  });

  it('rejects a bad command with the spec text and changes nothing', async () => {
    const host = randomUUID();
    const ref = await a.games.createGame(host, 'Host');
    await a.games.joinGame(ref.roomCode, randomUUID(), 'Guest');
    const v = (await a.games.getSnapshot(ref.gameId, host)).version;
    const err = await rpcErrorOf(a.games.execute(ref.gameId, host, 'start_game', '{}'));
    expect(err).toMatchObject({ title: 'Cannot start game', message: 'Need exactly 5 roles for 2 players' });
    expect(await rpcErrorOf(a.games.execute(ref.gameId, host, 'update_game_settings', JSON.stringify({ discussionTime: 90 })))).toMatchObject({ code: expect.any(String) });
    expect(await rpcErrorOf(a.games.execute(ref.gameId, host, 'submit_vote', '{not json'))).toMatchObject({ message: 'Malformed action data' });
    expect((await a.games.getSnapshot(ref.gameId, host)).version).toBe(v);
  });

  it('stores a chat message with a new version and rejects an empty one without changes', async () => {
    const host = randomUUID();
    const ref = await a.games.createGame(host, 'Host');
    const v0 = (await a.games.getSnapshot(ref.gameId, host)).version;
    await b.games.execute(ref.gameId, host, 'send_message', JSON.stringify({ content: '  hello there  ' }));
    const snap = await a.games.getSnapshot(ref.gameId, host);
    expect(snap.version).toBe(v0 + 1);
    expect(snap.messages.map((m) => [m.displayName, m.content, m.messageType])).toEqual([['Host', 'hello there', 'chat']]);
    expect(await rpcErrorOf(a.games.execute(ref.gameId, host, 'send_message', JSON.stringify({ content: '   ' })))).toMatchObject({ message: 'Message cannot be empty' });
    expect((await a.games.getSnapshot(ref.gameId, host)).version).toBe(v0 + 1);
  });

  it('fires a discussion deadline after a restart, exactly once across replicas', async () => {
    const { host, guest, ...ref } = await playedTo(a.games, 'discussion');
    const inDiscussion = await a.games.getSnapshot(ref.gameId, host);
    expect(inDiscussion.view.game.deadlineAt).toBe(now + 300_000);

    // replica A "crashes"; time passes; two fresh replicas sweep at the same moment
    await a.close();
    now += 300_001;
    const c = await startReplica(schema, clock);
    const swept = await Promise.all([b.deadlines.sweep(), c.deadlines.sweep()]);
    expect(swept.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    const afterSweep = await c.games.getSnapshot(ref.gameId, host);
    expect(afterSweep.view.game.phase).toBe('vote');
    expect(afterSweep.version).toBe(inDiscussion.version + 1);
    // sweeping again changes nothing: the deadline moved with the transition
    await Promise.all([b.deadlines.sweep(), c.deadlines.sweep()]);
    expect((await c.games.getSnapshot(ref.gameId, host)).version).toBe(inDiscussion.version + 1);

    // the vote deadline closes the vote: non-voters abstain, results are computed once
    now += 60_001;
    await Promise.all([b.deadlines.sweep(), c.deadlines.sweep()]);
    const results = await c.games.getSnapshot(ref.gameId, guest);
    expect(results.view.game.phase).toBe('results');
    expect(results.view.game.voteResults).not.toBeNull();
    a = c; // for afterAll
  });

  it('publishes each player only their own view on NATS', async () => {
    const nc = await connect({ servers: testNatsUrl() });
    try {
      const host = randomUUID();
      const guest = randomUUID();
      const ref = await b.games.createGame(host, 'Host');
      const got: Array<{ subjectUser: string; event: ViewMessage; version: string | undefined }> = [];
      for (const u of [host, guest]) {
        subscribePlayer(nc, ref.gameId, u, (m) => {
          got.push({ subjectUser: u, event: m.json<ViewMessage>(), version: m.headers?.get(VIEW_HEADER.version) });
        });
      }
      await nc.flush();
      await b.games.joinGame(ref.roomCode, guest, 'Guest');
      await b.games.execute(ref.gameId, host, 'add_bot', '{}');
      await b.games.execute(ref.gameId, host, 'update_role_selection', JSON.stringify({ roles: ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Basic Good Guy', 'Self-Checker'] }));
      await b.games.execute(ref.gameId, host, 'start_game', '{}');
      await new Promise((r) => setTimeout(r, 300));
      const dealt = got.filter((g) => g.event.view.game.phase === 'role_deal');
      expect(dealt.map((g) => g.subjectUser).sort()).toEqual([host, guest].sort());
      for (const { subjectUser, event, version } of dealt) {
        expect(event.type).toBe('phase_changed');
        expect(event.gameId).toBe(ref.gameId);
        // the version travels in a header too, so the gateway forwards without parsing
        expect(version).toBe(String(event.version));
        // no chat line was added by start_game: the view leaves the chat out
        expect(event.messages).toBeUndefined();
        expect(event.view.me?.userId).toBe(subjectUser);
        expect(event.view.me?.originalRole).toBeTruthy();
        expect(event.view.game.centerCards).toBeNull();
        expect(event.view.game.seed).toBeNull();
        for (const p of event.view.players) expect(p.originalRole ?? null).toBeNull();
      }
    } finally {
      await nc.close();
    }
  });

  it('publishes a chat line once: a view carries only the lines its change added (newMessages)', async () => {
    const nc = await connect({ servers: testNatsUrl() });
    try {
      const host = randomUUID();
      const ref = await b.games.createGame(host, 'Host');
      const got: ViewMessage[] = [];
      subscribePlayer(nc, ref.gameId, host, (m) => got.push(m.json<ViewMessage>()));
      await nc.flush();
      await b.games.execute(ref.gameId, host, 'send_message', JSON.stringify({ content: 'first line' }));
      await b.games.execute(ref.gameId, host, 'send_message', JSON.stringify({ content: 'second line' }));
      await b.games.execute(ref.gameId, host, 'add_bot', '{}');
      await new Promise((r) => setTimeout(r, 300));
      expect(got.map((e) => e.version)).toEqual([2, 3, 4]);
      // each line travels once, in the view of the change that added it; the whole chat is never re-sent
      expect(got.map((e) => e.newMessages?.map((m) => m.content) ?? null)).toEqual([['first line'], ['second line'], null]);
      for (const e of got) expect(e.messages).toBeUndefined();
      // the snapshot still holds every line
      const snap = await b.games.getSnapshot(ref.gameId, host);
      expect(snap.messages.map((m) => m.content)).toEqual(['first line', 'second line']);
    } finally {
      await nc.close();
    }
  });
});
