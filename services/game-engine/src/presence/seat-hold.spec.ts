import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { rpcErrorOf, testNatsUrl, uniqueSchema } from '@nightfall/server-kit';
import { PresenceService } from './presence.service.js';
import { dropSchema, prepareSchema, startReplica, subscribePlayer, TEST_ROLES, type Replica } from '../testing/engine-harness.js';

const schema = uniqueSchema('game');
let now = Date.UTC(2026, 10, 23, 20, 0, 0);
const clock = () => now;

/**
 * docs/rules.md "Seat hold and autopilot" and "Kick and leave" through the engine: presence starts and ends
 * seat holds, the deadline sweep hands run-out seats to the autopilot (also after another replica took the
 * game over), a kicked player hears it once (their own message of the game's view batch) and cannot join again.
 */
describe('seat hold, autopilot and kick (real PostgreSQL + NATS)', () => {
  let a: Replica;
  let b: Replica | null = null;

  beforeAll(async () => {
    await prepareSchema(schema);
    a = await startReplica(schema, clock, { SEAT_HOLD_S: '30' });
  });
  afterAll(async () => {
    await dropSchema(a, schema);
    await a.close();
    await b?.close();
  });

  /** Host, two guests and a bot, everyone connected, dealt (role_deal). */
  async function dealt(r: Replica) {
    const host = randomUUID();
    const guests = [randomUUID(), randomUUID()];
    const ref = await r.games.createGame(host, 'Host');
    for (const [i, g] of guests.entries()) await r.games.joinGame(ref.roomCode, g, `Guest ${i + 1}`);
    await r.games.execute(ref.gameId, host, 'add_bot', '{}');
    await r.games.execute(ref.gameId, host, 'update_role_selection', JSON.stringify({ roles: [...TEST_ROLES, 'Role Swapper'] }));
    for (const u of [host, ...guests]) await r.games.updatePresence(ref.gameId, u, 1);
    await r.games.execute(ref.gameId, host, 'start_game', '{}');
    return { ...ref, host, guests };
  }

  it('holds the seat of a player who left, shows the countdown to the others, then the autopilot plays it', async () => {
    const g = await dealt(a);
    const [g1, g2] = g.guests as [string, string];
    await a.games.updatePresence(g.gameId, g2, -1);
    let seen = (await a.games.getSnapshot(g.gameId, g1)).view.players.find((p) => p.userId === g2)!;
    expect(seen).toMatchObject({ online: false, seatHeldUntil: now + 30_000, autopilot: false });

    // not yet: the sweep changes nothing
    now += 29_000;
    expect(await a.deadlines.sweep()).toBe(0);
    now += 1_000;
    expect(await a.deadlines.sweep()).toBe(1);
    let snap = await a.games.getSnapshot(g.gameId, g1);
    seen = snap.view.players.find((p) => p.userId === g2)!;
    expect(seen).toMatchObject({ seatHeldUntil: null, autopilot: true, isReady: true });
    // the others ready: the night starts and the autopilot has acted for the absent player
    for (const u of [g.host, g1]) await a.games.execute(g.gameId, u, 'ready_next_phase', '{}');
    snap = await a.games.getSnapshot(g.gameId, g1);
    expect(snap.view.game.phase).toBe('job_choice');
    expect(snap.view.players.find((p) => p.userId === g2)!.hasSubmitted).toBe(true);
    // nobody else learns the autopilot's action or its result
    expect(JSON.stringify(snap.view)).not.toContain('"actionData"');

    // the player comes back and takes the seat again
    await a.games.updatePresence(g.gameId, g2, 1);
    const mine = await a.games.getSnapshot(g.gameId, g2);
    expect(mine.view.players.find((p) => p.userId === g2)).toMatchObject({ autopilot: false, seatHeldUntil: null, online: true });
  });

  it("applies a gateway's -1 and the +1 of a new socket right after it in that order, even in flight together", async () => {
    const g = await dealt(a);
    const g1 = g.guests[0]!;
    const gw = randomUUID();
    const counted = async () => ((await a.store.find(g.gameId)).state.players.find((p) => p.userId === g1)!.gateways ?? []).includes(gw);
    await a.games.updatePresence(g.gameId, g1, 1, gw);
    expect(await counted()).toBe(true);
    // the player's last socket on the gateway closed and a new one opened at once: the gateway holds a socket, so
    // the player is online
    await Promise.all([a.games.updatePresence(g.gameId, g1, -1, gw), a.games.updatePresence(g.gameId, g1, 1, gw)]);
    expect(await counted()).toBe(true);
    expect((await a.games.getSnapshot(g.gameId, g.host)).view.players.find((p) => p.userId === g1)).toMatchObject({ online: true, seatHeldUntil: null });
    // the other way round: the socket opened again was closed at once
    await Promise.all([a.games.updatePresence(g.gameId, g1, 1, gw), a.games.updatePresence(g.gameId, g1, -1, gw)]);
    expect(await counted()).toBe(false);
    // a +1 already counted adds no version
    await a.games.updatePresence(g.gameId, g1, 1, gw);
    const { version } = await a.store.find(g.gameId);
    expect((await a.games.updatePresence(g.gameId, g1, 1, gw)).version).toBe(version);
  });

  it("removes a silent gateway's presence once: not again when the gateway's own -1 came first", async () => {
    const g = await dealt(a);
    const [g1, g2] = g.guests as [string, string];
    const [gw1, gw2] = [randomUUID(), randomUUID()];
    const presence = a.app.get(PresenceService);
    const later = Date.now() + 10 * 60_000; // gw1 silent for longer than the TTL by then; gw2 heard
    await presence.sweep(later); // the gateways of earlier tests: only gw1 is left to sweep below
    await a.games.updatePresence(g.gameId, g1, 1, gw1);
    await a.games.updatePresence(g.gameId, g2, 1, gw2);
    presence.heard(gw2, later);
    const { version } = await a.store.find(g.gameId);
    // gw1's own -1 and the sweep that takes gw1 for dead, in flight together: the sweep read gw1 as counted, the -1
    // (sent first) removes it, and the sweep's step then finds it gone: nothing removed twice, no second version
    const [, removed] = await Promise.all([presence.update(g.gameId, g1, -1, gw1), presence.sweep(later)]);
    expect(removed).toBe(0);
    const after = await a.store.find(g.gameId);
    expect(after.version).toBe(version + 1);
    const gateways = (u: string) => after.state.players.find((p) => p.userId === u)!.gateways ?? [];
    expect(gateways(g1)).not.toContain(gw1);
    expect(gateways(g2)).toContain(gw2);
  });

  it('a hold started on one replica runs out on another that took the game over', async () => {
    const g = await dealt(a);
    const g2 = g.guests[1]!;
    await a.games.updatePresence(g.gameId, g2, -1);
    await a.store.flush();
    await a.close();
    // the owner is gone (its lease is released on close); another replica finds the pending hold
    b = await startReplica(schema, clock, { SEAT_HOLD_S: '30' });
    now += 31_000;
    expect(await b.deadlines.sweep()).toBeGreaterThanOrEqual(1);
    const seen = (await b.games.getSnapshot(g.gameId, g.host)).view.players.find((p) => p.userId === g2)!;
    expect(seen.autopilot).toBe(true);
    a = b;
    b = null;
  });

  it('a kicked player hears it once and cannot join again; a leaving host passes host rights on', async () => {
    const host = randomUUID();
    const [kicked, stays] = [randomUUID(), randomUUID()];
    const ref = await a.games.createGame(host, 'Host');
    await a.games.joinGame(ref.roomCode, kicked, 'Kicked');
    await a.games.joinGame(ref.roomCode, stays, 'Stays');
    const nc = await connect({ servers: testNatsUrl() });
    try {
      const heard: unknown[] = [];
      subscribePlayer(nc, ref.gameId, kicked, (m) => void heard.push(m.json()));
      await nc.flush();
      // only the host may kick
      expect(await rpcErrorOf(a.games.execute(ref.gameId, stays, 'kick_player', JSON.stringify({ targetUserId: kicked })))).toMatchObject({ code: 'NOT_HOST' });
      const res = await a.games.execute(ref.gameId, host, 'kick_player', JSON.stringify({ targetUserId: kicked }));
      expect(JSON.parse(res.noticeJson)).toEqual({ code: 'player_kicked', params: { player: { userId: kicked, displayName: 'Kicked' } } });
      await a.store.flush();
      await nc.flush();
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toEqual([{ type: 'removed', gameId: ref.gameId, version: res.version, reason: 'kicked' }]);
    } finally {
      await nc.close();
    }
    expect(await rpcErrorOf(a.games.joinGame(ref.roomCode, kicked, 'Kicked'))).toMatchObject({ title: 'Cannot Join', message: 'The host removed you from this room' });
    await a.games.execute(ref.gameId, host, 'leave_game', '{}');
    const snap = await a.games.getSnapshot(ref.gameId, stays);
    expect(snap.view.players.map((p) => p.userId)).toEqual([stays]);
    expect(snap.view.me?.isHost).toBe(true);
  });
});
