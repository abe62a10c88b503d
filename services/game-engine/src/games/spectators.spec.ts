import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import type { ViewMessage } from '@nightfall/protocol';
import { rpcErrorOf, testNatsUrl, uniqueSchema } from '@nightfall/server-kit';
import { driveTo, playedTo, subscribePlayer, useReplica } from '../testing/engine-harness.js';

const schema = uniqueSchema('game');

/**
 * docs/rules.md "Spectators" through the engine: somebody watches a game joined mid-night, gets every change
 * (their own message of the game's view batch) with no secret in it until the results reveal all, counts for nobody's presence, and
 * can neither play nor chat.
 */
describe('spectators (real PostgreSQL + NATS)', () => {
  const a = useReplica(schema, Date.now);

  it('watches a game from the night to the results and receives no secret before them', async () => {
    const g = await playedTo(a.games, 'job_choice');
    const watcher = randomUUID();
    const ref = await a.games.spectate(g.roomCode, watcher, 'Watcher');
    expect(ref).toMatchObject({ gameId: g.gameId, displayName: 'Watcher' });
    const first = await a.games.getSnapshot(g.gameId, watcher);
    expect(first.view).toMatchObject({ me: null, spectating: true, game: { spectatorCount: 1, phase: 'job_choice', seed: null, centerCards: null } });
    // presence of a spectator is no change
    expect((await a.games.updatePresence(g.gameId, watcher, 1)).version).toBe(first.version);
    // no seat: no move, no chat
    expect(await rpcErrorOf(a.games.execute(g.gameId, watcher, 'submit_action', JSON.stringify({ type: 'pass' })))).toMatchObject({ code: 'NOT_A_PLAYER' });
    expect(await rpcErrorOf(a.games.execute(g.gameId, watcher, 'send_message', JSON.stringify({ content: 'hi' })))).toMatchObject({ code: 'NOT_A_PLAYER' });

    const nc = await connect({ servers: testNatsUrl() });
    const seen: ViewMessage[] = [];
    try {
      const sub = subscribePlayer(nc, g.gameId, watcher, (m) => void seen.push(m.json<ViewMessage>()));
      await nc.flush();
      await driveTo(a.games, g.gameId, [g.host, g.guest], 'results');
      await a.store.flush();
      await nc.flush();
      await new Promise((r) => setTimeout(r, 200));
      sub.unsubscribe();
    } finally {
      await nc.close();
    }
    expect(seen.length).toBeGreaterThan(3);
    const before = seen.filter((m) => m.view.game.phase !== 'results');
    const after = seen.filter((m) => m.view.game.phase === 'results');
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    for (const m of before) {
      expect(m.view.me).toBeNull();
      expect(m.view.game).toMatchObject({ seed: null, centerCards: null, nightLog: null, voteResults: null });
      for (const p of m.view.players) expect(p).not.toHaveProperty('originalRole');
      expect(JSON.stringify(m)).not.toMatch(/"(actionResult|actionData|nightInfo|voteTarget)"/);
    }
    const last = after[after.length - 1]!;
    expect(last.view.game.seed).toMatch(/^[0-9a-f]+$/);
    expect(last.view.players.every((p) => typeof p.originalRole === 'string')).toBe(true);

    // stop watching: no view any more
    await a.games.execute(g.gameId, watcher, 'leave_game', '{}');
    expect(await rpcErrorOf(a.games.getSnapshot(g.gameId, watcher))).toMatchObject({ message: 'Player not found' });
  });

  it('a spectator of the lobby takes a seat by joining', async () => {
    const host = randomUUID();
    const ref = await a.games.createGame(host, 'Host');
    const w = randomUUID();
    await a.games.spectate(ref.roomCode, w, 'Wanda');
    expect((await a.games.getSnapshot(ref.gameId, host)).view.game.spectatorCount).toBe(1);
    await a.games.joinGame(ref.roomCode, w, 'Wanda');
    const snap = await a.games.getSnapshot(ref.gameId, w);
    expect(snap.view.me?.userId).toBe(w);
    expect(snap.view.game.spectatorCount).toBe(0);
    expect(snap.view).not.toHaveProperty('spectating');
  });
});
