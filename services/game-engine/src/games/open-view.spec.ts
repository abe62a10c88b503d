import { randomUUID } from 'node:crypto';
import { rpcErrorOf, uniqueSchema } from '@nightfall/server-kit';
import { useReplica } from '../testing/engine-harness.js';

const schema = uniqueSchema('game');

/**
 * OpenGameView, a socket's join in one call (docs/hot-path.md "Socket join in one call"): the admin flag, the
 * player's presence from the gateway and the snapshot after both; a refused viewer changes nothing.
 */
describe('OpenGameView (real PostgreSQL + NATS)', () => {
  const a = useReplica(schema, Date.now);

  it("counts a seated player's connection once per gateway and returns the snapshot after it", async () => {
    const host = randomUUID();
    const ref = await a.games.createGame(host, 'Host');
    const before = await a.games.getSnapshot(ref.gameId, host);
    const gw = randomUUID();

    const opened = await a.games.openView(ref.gameId, host, { adminViewer: false, connect: true, gatewayId: gw });
    expect(opened.version).toBe(before.version + 1);
    expect(opened.view.players.find((p) => p.userId === host)).toMatchObject({ online: true });
    expect(opened.messages).toEqual([]);

    // the same gateway again (a retried call): no second count, no new version
    const again = await a.games.openView(ref.gameId, host, { adminViewer: false, connect: true, gatewayId: gw });
    expect(again.version).toBe(opened.version);
    // a second socket on that gateway (connect false): only the snapshot
    expect((await a.games.openView(ref.gameId, host, { connect: false, gatewayId: gw })).version).toBe(opened.version);

    // the last socket closes: the player is away again
    await a.games.updatePresence(ref.gameId, host, -1);
    const away = await a.games.getSnapshot(ref.gameId, host);
    expect(away.view.players.find((p) => p.userId === host)).toMatchObject({ online: false });
  });

  it('refuses a viewer who is neither player, admin viewer nor spectator, and changes nothing', async () => {
    const host = randomUUID();
    const ref = await a.games.createGame(host, 'Host');
    const before = await a.games.getSnapshot(ref.gameId, host);
    const stranger = randomUUID();
    expect(await rpcErrorOf(a.games.openView(ref.gameId, stranger, { adminViewer: false, connect: true, gatewayId: randomUUID() }))).toMatchObject({ message: 'Player not found' });
    expect((await a.games.getSnapshot(ref.gameId, host)).version).toBe(before.version);
    expect(await rpcErrorOf(a.games.openView(randomUUID(), host, { connect: true, gatewayId: randomUUID() }))).toMatchObject({ message: 'Game not found' });
  });

  it('lets the super admin without a seat watch with the admin view, and a lost right takes effect at the next join', async () => {
    const host = randomUUID();
    const ref = await a.games.createGame(host, 'Host');
    const admin = randomUUID();
    const opened = await a.games.openView(ref.gameId, admin, { adminViewer: true, connect: true, gatewayId: randomUUID() });
    // no seat: the admin view, and no presence of a player who is not there
    expect(opened.view.players.map((p) => p.userId)).toEqual([host]);
    expect(opened.view.game.preassignedRoles).toEqual({});
    // the host's own view is no admin view
    expect((await a.games.getSnapshot(ref.gameId, host)).view.game.preassignedRoles).toBeNull();
    // the right is gone at the next join: the admin flag is taken away first, then the viewer is refused
    expect(await rpcErrorOf(a.games.openView(ref.gameId, admin, { adminViewer: false, connect: true, gatewayId: randomUUID() }))).toMatchObject({ message: 'Player not found' });
  });
});
