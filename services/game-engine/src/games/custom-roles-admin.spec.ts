/**
 * Custom roles from the admin service (docs/rules.md "Custom roles") and the super admin's calls
 * (docs/rules.md "Admin": SetPlayerRole, SetAdminViewer and admin views published only to admin viewers),
 * against real PostgreSQL and NATS and a stand-in admin service speaking the real gRPC contract.
 */
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { PROTO_ROOT, protoFile, type adminV1 } from '@nightfall/contracts';
import type { GameView } from '@nightfall/game-rules';
import { CUSTOM_ROLES_CHANGED_SUBJECT, type CustomRolesChangedEvent, type ViewMessage } from '@nightfall/protocol';
import { rpcErrorOf, testNatsUrl, uniqueSchema } from '@nightfall/server-kit';
import { dropSchema, driveTo, prepareSchema, startReplica, subscribePlayer, type Replica } from '../testing/engine-harness.js';

const schema = uniqueSchema('game');
const clock = () => Date.now();

/** A stand-in admin service: ListCustomRoles answers `roles`, and records its requests. */
class FakeAdmin {
  roles: adminV1.CustomRole[] = [];
  readonly requests: adminV1.ListCustomRolesRequest[] = [];
  private readonly server = new grpc.Server();
  port = 0;

  async start(): Promise<void> {
    const def = protoLoader.loadSync(protoFile('admin'), { keepCase: false, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [PROTO_ROOT] });
    const pkg = grpc.loadPackageDefinition(def) as unknown as { nightfall: { admin: { v1: { AdminService: { service: grpc.ServiceDefinition } } } } };
    this.server.addService(pkg.nightfall.admin.v1.AdminService.service, {
      listCustomRoles: (call: grpc.ServerUnaryCall<adminV1.ListCustomRolesRequest, adminV1.ListCustomRolesResponse>, cb: grpc.sendUnaryData<adminV1.ListCustomRolesResponse>) => {
        this.requests.push(call.request);
        cb(null, { roles: this.roles.filter((r) => !call.request.activeOnly || r.isActive) });
      },
    });
    this.port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port))),
    );
  }

  stop(): void {
    this.server.forceShutdown();
  }

  /**
   * The super admin changes the roles: the stand-in answers `roles` from now on and, as the real admin service
   * does after its commit, announces it on CUSTOM_ROLES_CHANGED_SUBJECT; waits until the event reached NATS and
   * had time to reach the replicas.
   */
  async change(roles: adminV1.CustomRole[]): Promise<void> {
    this.roles = roles;
    const nc = await connect({ servers: testNatsUrl() });
    const event: CustomRolesChangedEvent = { v: 1, roleId: roles[0]?.id ?? '' };
    nc.publish(CUSTOM_ROLES_CHANGED_SUBJECT, JSON.stringify(event));
    await nc.flush();
    await nc.close();
    await new Promise((r) => setTimeout(r, 200));
  }
}

function role(id: string, baseName: string, team: string, isActive = true, nightOrder = 0): adminV1.CustomRole {
  return {
    id, baseName, team, abilities: `${baseName} abilities`, nightOrder, isActive,
    themeVariants: { generic: { title: baseName, imageUrl: `https://img.example/${id}.png` } },
    createdBy: 'super-admin', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
  };
}

const FARMER_ID = '00000000-0000-4000-8000-0000000000f1';
const HOWLER_ID = '00000000-0000-4000-8000-0000000000f2';
const RETIRED_ID = '00000000-0000-4000-8000-0000000000f3';
const farmer = `custom:${FARMER_ID}`;
const howler = `custom:${HOWLER_ID}`;

describe('custom roles from the admin service (real PostgreSQL + NATS + gRPC)', () => {
  const admin = new FakeAdmin();
  let a: Replica;
  let down: Replica;

  beforeAll(async () => {
    await prepareSchema(schema);
    await admin.start();
    a = await startReplica(schema, clock, { ADMIN_GRPC_TARGET: `127.0.0.1:${admin.port}`, ADMIN_TIMEOUT_MS: '2000' });
    // port 9 (discard) on localhost: nothing listens, the call fails at once
    down = await startReplica(schema, clock, { ADMIN_GRPC_TARGET: '127.0.0.1:9', ADMIN_TIMEOUT_MS: '500' });
  });
  afterAll(async () => {
    await dropSchema(a, schema);
    await a.close();
    await down.close();
    admin.stop();
  });

  it('a new lobby gets the active custom roles; the selection change and play again refresh them; a running game keeps its snapshot', async () => {
    await admin.change([role(FARMER_ID, 'Farmer', 'villager'), role(RETIRED_ID, 'Retired', 'villager', false)]);
    const host = randomUUID();
    const guest = randomUUID();
    const ref = await a.games.createGame(host, 'Host');
    expect(admin.requests.at(-1)).toEqual({ actorUserId: '', activeOnly: true });
    let view = (await a.games.getSnapshot(ref.gameId, host)).view;
    expect(view.game.customRoles).toEqual([
      {
        id: farmer, name: 'Farmer', team: 'villager', abilities: 'Farmer abilities', nightOrder: 0,
        themeVariants: { generic: { title: 'Farmer', imageUrl: `https://img.example/${FARMER_ID}.png` } }, gameTeam: 'good', isWolf: false,
      },
    ]);

    // the super admin creates the Howler while the lobby is open: the host's next selection change brings it
    await admin.change([...admin.roles, role(HOWLER_ID, 'Howler', 'werewolf', true, 2)]);
    await a.games.joinGame(ref.roomCode, guest, 'Guest');
    await a.games.execute(ref.gameId, host, 'add_bot', '{}');
    await a.games.execute(ref.gameId, host, 'update_role_selection', JSON.stringify({ roles: ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', farmer] }));
    view = (await a.games.getSnapshot(ref.gameId, guest)).view;
    expect(view.game.customRoles.map((r) => [r.id, r.gameTeam, r.isWolf])).toEqual([[farmer, 'good', false], [howler, 'bad', true]]);
    const six = ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', farmer, howler];
    await a.games.execute(ref.gameId, host, 'update_role_selection', JSON.stringify({ roles: six }));
    // a custom role is selected at most once
    expect(await rpcErrorOf(a.games.execute(ref.gameId, host, 'update_role_selection', JSON.stringify({ roles: [...six.slice(0, 5), farmer] })))).toMatchObject({
      code: 'ROLE_CAP_EXCEEDED', message: 'At most 1 Farmer card allowed',
    });
    // the super admin makes sure the guest holds the Farmer (SetPlayerRole in the lobby)
    await a.games.setPlayerRole(ref.gameId, randomUUID(), guest, farmer);
    await a.games.execute(ref.gameId, host, 'start_game', '{}');
    view = (await a.games.getSnapshot(ref.gameId, guest)).view;
    expect(view.me?.originalRole).toBe(farmer);

    // the admin edits the Farmer into a werewolf and deletes the Howler: the running game does not change
    await admin.change([role(FARMER_ID, 'Evil Farmer', 'werewolf')]);
    await driveTo(a.games, ref.gameId, [host, guest], 'job_choice');
    view = (await a.games.getSnapshot(ref.gameId, guest)).view;
    expect(view.me?.allowedActions).toEqual(['no_action']);
    expect(view.game.customRoles.map((r) => [r.name, r.team])).toEqual([['Farmer', 'villager'], ['Howler', 'werewolf']]);
    await driveTo(a.games, ref.gameId, [host, guest], 'results');
    const results = (await a.games.getSnapshot(ref.gameId, host)).view;
    expect(results.game.customRoles.map((r) => [r.name, r.team])).toEqual([['Farmer', 'villager'], ['Howler', 'werewolf']]);
    expect(results.game.nightLog?.find((e) => e.userId === guest)).toMatchObject({ role: farmer, action: { type: 'no_action' }, kind: 'no_action', result: [] });
    const farmerHolder = results.players.find((p) => p.currentRole === farmer);
    if (farmerHolder) expect(farmerHolder.finalTeam).toBe('good');
    const howlerHolder = results.players.find((p) => p.currentRole === howler);
    if (howlerHolder) expect(howlerHolder.finalTeam).toBe('bad');

    // play again: the lobby takes the admin's current roles; the deleted Howler leaves the selection
    await a.games.execute(ref.gameId, host, 'play_again', '{}');
    expect((await a.games.getSnapshot(ref.gameId, host)).view.game.customRoles.map((r) => r.name)).toEqual(['Farmer', 'Howler']);
    await a.games.execute(ref.gameId, guest, 'play_again', '{}');
    view = (await a.games.getSnapshot(ref.gameId, host)).view;
    expect(view.game.phase).toBe('lobby');
    expect(view.game.customRoles.map((r) => [r.id, r.name, r.team, r.gameTeam])).toEqual([[farmer, 'Evil Farmer', 'werewolf', 'bad']]);
    expect(view.game.selectedRoles).toEqual(['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', farmer]);
  });

  it('one answer serves the next games until the admin service announces a change (concurrent asks share one call)', async () => {
    await admin.change([role(FARMER_ID, 'Farmer', 'villager')]);
    const before = admin.requests.length;
    await a.games.createGame(randomUUID(), 'Host 1');
    await a.games.createGame(randomUUID(), 'Host 2');
    await Promise.all([1, 2, 3].map((i) => a.games.createGame(randomUUID(), `Host ${i + 2}`)));
    expect(admin.requests.length - before).toBe(1);
    // an edit without its event is not seen while the answer is kept (at most CUSTOM_ROLES_REUSE_MS)...
    admin.roles = [role(FARMER_ID, 'Silent Farmer', 'villager')];
    const host6 = randomUUID();
    const ref6 = await a.games.createGame(host6, 'Host 6');
    expect((await a.games.getSnapshot(ref6.gameId, host6)).view.game.customRoles.map((r) => r.name)).toEqual(['Farmer']);
    // ...and the event makes the next game ask again
    await admin.change([role(FARMER_ID, 'Announced Farmer', 'villager')]);
    const host = randomUUID();
    const ref = await a.games.createGame(host, 'Host 7');
    expect(admin.requests.length - before).toBe(2);
    expect((await a.games.getSnapshot(ref.gameId, host)).view.game.customRoles.map((r) => r.name)).toEqual(['Announced Farmer']);
  });

  it('without an answering admin service a game has no custom roles (and a lobby keeps the ones it has)', async () => {
    const host = randomUUID();
    const started = Date.now();
    const ref = await down.games.createGame(host, 'Host');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await down.games.getSnapshot(ref.gameId, host)).view.game.customRoles).toEqual([]);

    admin.roles = [role(FARMER_ID, 'Farmer', 'villager')];
    const lobby = await a.games.createGame(host, 'Host');
    await down.games.execute(lobby.gameId, host, 'update_role_selection', JSON.stringify({ roles: ['Bad Guy', farmer, 'Role Thief', 'Basic Good Guy'] }));
    const view = (await a.games.getSnapshot(lobby.gameId, host)).view;
    expect(view.game.customRoles.map((r) => r.id)).toEqual([farmer]);
    expect(view.game.selectedRoles).toContain(farmer);
  });
});

describe('the super admin in a game (real PostgreSQL + NATS)', () => {
  const schema2 = uniqueSchema('game');
  let r: Replica;
  let nc: NatsConnection;

  beforeAll(async () => {
    await prepareSchema(schema2);
    r = await startReplica(schema2, clock);
    nc = await connect({ servers: testNatsUrl() });
  });
  afterAll(async () => {
    await nc.close();
    await dropSchema(r, schema2);
    await r.close();
  });

  /** A started 3-seat game (host, guest, one bot). */
  async function startedGame(): Promise<{ gameId: string; host: string; guest: string }> {
    const host = randomUUID();
    const guest = randomUUID();
    const ref = await r.games.createGame(host, 'Host');
    await r.games.joinGame(ref.roomCode, guest, 'Guest');
    await r.games.execute(ref.gameId, host, 'add_bot', '{}');
    await r.games.execute(ref.gameId, host, 'update_role_selection', JSON.stringify({ roles: ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Basic Good Guy', 'Self-Checker'] }));
    return { gameId: ref.gameId, host, guest };
  }

  it('SetPlayerRole pre-assigns in the lobby, swaps in role_deal, refuses later phases; the old action string is gone', async () => {
    const { gameId, host, guest } = await startedGame();
    const actor = randomUUID();
    expect(await rpcErrorOf(r.games.execute(gameId, host, 'admin_set_player_role', JSON.stringify({ playerId: guest, newRole: 'Bad Guy' })))).toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(await rpcErrorOf(r.games.setPlayerRole(gameId, actor, guest, 'Tapper'))).toEqual({ code: 'ADMIN_ROLE_FAILED', title: 'Error', message: 'Failed to update player role' });
    const res = await r.games.setPlayerRole(gameId, actor, guest, 'Self-Checker');
    expect(JSON.parse(res.noticeJson)).toEqual({ code: 'role_updated', params: {} });
    // the pre-assignment is secret: the guest's own view does not show it
    expect((await r.games.getSnapshot(gameId, guest)).view.game.preassignedRoles).toBeNull();
    await r.games.execute(gameId, host, 'start_game', '{}');
    expect((await r.games.getSnapshot(gameId, guest)).view.me?.originalRole).toBe('Self-Checker');
    await r.games.setPlayerRole(gameId, actor, guest, 'Bad Guy');
    expect((await r.games.getSnapshot(gameId, guest)).view.me?.originalRole).toBe('Bad Guy');
    await driveTo(r.games, gameId, [host, guest], 'job_choice');
    expect(await rpcErrorOf(r.games.setPlayerRole(gameId, actor, guest, 'Role Looker'))).toEqual({ code: 'ADMIN_ROLE_FAILED', title: 'Error', message: 'Failed to update player role' });
    expect(await rpcErrorOf(r.games.setPlayerRole(randomUUID(), actor, guest, 'Role Looker'))).toMatchObject({ code: 'GAME_NOT_FOUND' });
  });

  it('publishes admin views only to the admin viewer: in role_resolve and discussion a non-admin gets no center cards and no roles', async () => {
    const { gameId, host, guest } = await startedGame();
    const latest = new Map<string, GameView>();
    const byPhase: Array<{ user: string; view: GameView }> = [];
    for (const u of [host, guest]) {
      subscribePlayer(nc, gameId, u, (m) => {
        const event = m.json<ViewMessage>();
        latest.set(u, event.view);
        byPhase.push({ user: u, view: event.view });
      });
    }
    await nc.flush();
    expect(await r.games.setAdminViewer(gameId, host, true)).toEqual({ version: expect.any(Number) });
    const again = await r.games.setAdminViewer(gameId, host, true);
    expect(again.version).toBe((await r.games.getSnapshot(gameId, host)).version); // no change, no new version
    await r.games.execute(gameId, host, 'start_game', '{}');
    await driveTo(r.games, gameId, [host, guest], 'role_resolve');
    await new Promise((res) => setTimeout(res, 150));
    await driveTo(r.games, gameId, [host, guest], 'discussion');
    await new Promise((res) => setTimeout(res, 300));

    for (const phase of ['role_resolve', 'discussion'] as const) {
      const adminViews = byPhase.filter((x) => x.user === host && x.view.game.phase === phase);
      const guestViews = byPhase.filter((x) => x.user === guest && x.view.game.phase === phase);
      expect(adminViews.length).toBeGreaterThan(0);
      expect(guestViews.length).toBeGreaterThan(0);
      for (const { view } of adminViews) {
        expect(view.game.centerCards).toHaveLength(3);
        expect(view.game.nightLog).toHaveLength(3);
        for (const p of view.players) {
          expect(p.originalRole).toEqual(expect.any(String));
          expect(p.currentRole).toEqual(expect.any(String));
          expect(p).toHaveProperty('action');
        }
      }
      for (const { view } of guestViews) {
        expect(view.game.centerCards).toBeNull();
        expect(view.game.nightLog).toBeNull();
        expect(view.game.seed).toBeNull();
        expect(view.game.preassignedRoles).toBeNull();
        for (const p of view.players) for (const k of ['originalRole', 'currentRole', 'action', 'copyAction', 'finalTeam']) expect(p).not.toHaveProperty(k);
      }
    }
    // GetGameView takes the flag from the same set
    const adminSnap = await r.games.getSnapshot(gameId, host);
    const guestSnap = await r.games.getSnapshot(gameId, guest);
    expect(adminSnap.view.game.centerCards).toHaveLength(3);
    expect(guestSnap.view.game.centerCards).toBeNull();
    expect(guestSnap.view.players.some((p) => 'originalRole' in p)).toBe(false);

    // an admin viewer who is not seated gets admin views too; switching the flag off ends them
    const spectator = randomUUID();
    expect(await rpcErrorOf(r.games.getSnapshot(gameId, spectator))).toMatchObject({ code: 'PLAYER_NOT_FOUND' });
    await r.games.setAdminViewer(gameId, spectator, true);
    const spect = await r.games.getSnapshot(gameId, spectator);
    expect(spect.view.me).toBeNull();
    expect(spect.view.game.centerCards).toHaveLength(3);
    await r.games.setAdminViewer(gameId, host, false);
    expect((await r.games.getSnapshot(gameId, host)).view.game.centerCards).toBeNull();
    await new Promise((res) => setTimeout(res, 200));
    expect(latest.get(host)?.game.centerCards).toBeNull();
  });
});
