import type { ServerMessage } from '@nightfall/protocol';
import type { GameView, RoleId, RoleName } from '@nightfall/game-rules';
import { api, nextSimulatedMove, startTestStack, TestSocket, type RunningStack } from '@nightfall/testing';
import { GENERIC_THEME } from '@nightfall/themes';
import { createHmac, randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import pg from 'pg';
import { WebSocket } from 'ws';

type ViewMsg = Extract<ServerMessage, { view: GameView }>;
const isView = (m: ServerMessage): m is ViewMsg => 'view' in m;

/** Fails on any secret a non-admin player is not entitled to (docs/architecture.md "Guarantees"). */
function assertNoLeak(userId: string, m: ViewMsg): void {
  const v = m.view;
  expect(v.me?.userId).toBe(userId);
  if (v.game.phase === 'results') return;
  expect(v.game.seed).toBeNull();
  expect(v.game.centerCards).toBeNull();
  expect(v.game.nightLog).toBeNull();
  expect(v.game.voteResults).toBeNull();
  for (const p of v.players) {
    for (const secret of ['originalRole', 'currentRole', 'voteTarget', 'artifactId', 'stalkerTarget', 'protectedPlayer', 'finalTeam'] as const) {
      expect([undefined, null]).toContain(p[secret]);
    }
  }
  const json = JSON.stringify(v);
  expect(json).not.toMatch(/"actionData"|"copyActionData"|"rngCounter"|"seed":"[0-9a-f]/);
  if (v.game.phase === 'lobby') expect(v.me?.originalRole ?? null).toBeNull();
  if (['lobby', 'role_deal', 'job_choice'].includes(v.game.phase)) {
    expect(v.me?.actionResult ?? null).toBeNull();
    expect(v.me?.knownCurrentRole ?? null).toBeNull();
  }
}

describe('gateway /ws on the real stack (identity, billing, game-engine, PostgreSQL, NATS)', () => {
  let stack: RunningStack;
  let hostCookie: string;
  /** A new room whose host sits at it over a socket with four bots; `act` sends the host's game actions. */
  const hostWithFourBots = async () => {
    const room = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    const { gameId, userId } = room.body;
    const host = await TestSocket.open(stack.url, hostCookie);
    host.send({ type: 'join_game', gameId, userId });
    await host.waitFor((m) => m.type === 'joined');
    const act = (action: string, data: object = {}) => host.send({ type: 'game_action', gameId, userId, action, data });
    for (let i = 0; i < 4; i++) act('add_bot');
    const lobby = await host.waitFor<ViewMsg>((m) => isView(m) && m.view.players.length === 5);
    return { room, host, act, lobby };
  };
  /** Guest accounts with this display name in identity's schema (PostgreSQL read directly). */
  const guestsNamed = async (name: string): Promise<number> => {
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      return Number((await db.query(`SELECT count(*) AS n FROM identity.users WHERE auth_provider = 'guest' AND display_name = $1`, [name])).rows[0].n);
    } finally {
      await db.end();
    }
  };

  beforeAll(async () => {
    stack = await startTestStack();
    const login = await api(stack.url, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password });
    expect(login.status).toBe(200);
    hostCookie = login.cookie!;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it('never sends a player a secret during whole games (2 rounds, 4 humans, 3 bots)', async () => {
    const room = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    expect(room.status).toBe(200);
    const { gameId } = room.body;
    const humans: Array<{ userId: string; cookie: string; socket?: TestSocket }> = [{ userId: room.body.userId, cookie: hostCookie }];
    for (const name of ['Ann', 'Ben', 'Cat']) {
      const j = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: name });
      expect(j.status).toBe(200);
      humans.push({ userId: j.body.userId, cookie: j.cookie! });
    }
    for (const h of humans) {
      h.socket = await TestSocket.open(stack.url, h.cookie);
      h.socket.send({ type: 'join_game', gameId, userId: h.userId });
      await h.socket.waitFor((m) => m.type === 'joined');
    }
    // the super admin watches the same game: its admin views (center, every card) must reach it alone
    const superAdmin = await api(stack.url, '/api/auth/login', { email: stack.superAdmin.email, password: stack.superAdmin.password });
    const watcher = await TestSocket.open(stack.url, superAdmin.cookie);
    watcher.send({ type: 'join_game', gameId, userId: superAdmin.body.user.id });
    await watcher.waitFor((m) => m.type === 'joined');
    const host = humans[0]!;
    const act = (h: (typeof humans)[number], action: string, data: object = {}) =>
      h.socket!.send({ type: 'game_action', gameId, userId: h.userId, action, data });
    for (let i = 0; i < 3; i++) act(host, 'add_bot');
    await host.socket!.waitFor((m) => isView(m) && m.view.players.length === 7);
    const roles: RoleName[] = ['Bad Guy', 'Bad Guy', 'Bad Guy Helper', 'Role Looker', 'Role Thief', 'Role Swapper', 'Random Role Taker', 'Self-Checker', 'Mutual Knowers', 'Mutual Knowers'];
    act(host, 'update_role_selection', { roles });
    await host.socket!.waitFor((m) => isView(m) && m.view.game.selectedRoles.length === 10);

    let seed = 7;
    const pick = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const dealt = new Map<string, RoleId>();
    for (let game = 1; game <= 2; game++) {
      const round = [...host.socket!.received].reverse().find(isView)!.view.game.round;
      act(host, 'start_game');
      // every human plays from its own latest view until results
      const done = new Set<string>();
      const sentAt = new Map<string, string>();
      const until = Date.now() + 30_000;
      while (done.size < humans.length) {
        if (Date.now() > until) {
          const state = humans.map((h) => {
            const last = [...h.socket!.received].reverse().find(isView);
            const errs = h.socket!.received.filter((m) => m.type === 'error').map((m) => JSON.stringify(m));
            return `${last?.view.game.phase} r${last?.view.game.round} v${last?.version} me=${JSON.stringify(last?.view.players.find((p) => p.userId === h.userId))} allowed=${last?.view.me?.allowedActions} errors=${errs}`;
          });
          throw new Error(`game ${game} stalled:\n${state.join('\n')}`);
        }
        for (const h of humans) {
          const last = [...h.socket!.received].reverse().find(isView);
          if (!last) continue;
          const v = last.view;
          if (v.game.round !== round) continue; // a view of the previous game still in flight
          if (v.game.phase === 'role_deal') dealt.set(h.userId, v.me!.originalRole!);
          if (v.game.phase === 'results' && v.game.voteResults) {
            done.add(h.userId);
            continue;
          }
          const move = nextSimulatedMove(v, pick);
          const key = `${v.game.round}:${v.game.phase}:${move?.action}`; // once per phase, as the UI disables the button
          if (move && sentAt.get(h.userId) !== key) {
            sentAt.set(h.userId, key);
            act(h, move.action, move.data);
          }
        }
        await new Promise((r) => setTimeout(r, 15));
      }
      // the results reveal agrees with what each player was dealt
      const results = [...host.socket!.received].reverse().find(isView)!.view;
      for (const h of humans) expect(results.players.find((p) => p.userId === h.userId)?.originalRole).toBe(dealt.get(h.userId));
      expect(results.game.seed).toMatch(/^[0-9a-f]+$/);
      // play again: back to the lobby
      for (const h of humans) act(h, 'play_again');
      await host.socket!.waitFor((m) => isView(m) && m.view.game.phase === 'lobby' && m.view.game.round === round + 1, 10_000);
    }

    let checked = 0;
    for (const h of humans) {
      for (const m of h.socket!.received) {
        if (m.type === 'error') {
          const i = h.socket!.received.indexOf(m);
          const ctx = h.socket!.received.slice(Math.max(0, i - 3), i).map((x) => (isView(x) ? `${x.type} v${x.version} ${x.view.game.phase} r${x.view.game.round}` : x.type));
          throw new Error(`unexpected error for ${h.userId === host.userId ? 'host' : h.userId}: ${JSON.stringify(m)} after ${ctx.join(' | ')}`);
        }
        if (!isView(m)) continue;
        assertNoLeak(h.userId, m);
        checked++;
      }
      h.socket!.close();
    }
    expect(checked).toBeGreaterThan(40);
    // ...while the super admin's socket did receive the center cards during the night results and discussion
    const adminViews = watcher.received.filter(isView).filter((m) => m.view.game.phase === 'role_resolve' || m.view.game.phase === 'discussion');
    expect(adminViews.length).toBeGreaterThan(0);
    for (const m of adminViews) expect(m.view.game.centerCards).toHaveLength(3);
    watcher.close();
  }, 90_000);

  it('rejects a socket that claims another user id, and one without a session', async () => {
    const room = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Mallory' });
    const s = await TestSocket.open(stack.url, guest.cookie);
    s.send({ type: 'join_game', gameId: room.body.gameId, userId: room.body.userId });
    const err = await s.waitFor((m) => m.type === 'error');
    expect(err).toMatchObject({ code: 'SESSION_MISMATCH' });
    s.send({ type: 'join_game', gameId: room.body.gameId, userId: guest.body.userId });
    await s.waitFor((m) => m.type === 'joined');
    const before = s.received.length;
    s.send({ type: 'game_action', gameId: room.body.gameId, userId: room.body.userId, action: 'add_bot', data: {} });
    expect(await s.waitFor((m) => m.type === 'error', 5000, before)).toMatchObject({ code: 'SESSION_MISMATCH' });
    s.send({ type: 'game_action', gameId: room.body.gameId, userId: guest.body.userId, action: 'add_bot', data: {} });
    expect(await s.waitFor((m) => m.type === 'error' && m.code === 'NOT_HOST', 5000, before)).toBeTruthy();
    const snap = await api(stack.url, `/api/games/${room.body.gameId}`, undefined, hostCookie);
    expect(snap.body.view.players).toHaveLength(2); // nothing changed
    s.close();

    const anon = await TestSocket.open(stack.url);
    expect(await anon.closed()).toBe(4401);
  }, 30_000);

  it('sends security headers on every HTTP answer (helmet, with a Content-Security-Policy)', async () => {
    const res = await fetch(`${stack.url}/api/me`);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('answers a flood of messages with RATE_LIMITED and serves the player again a second later', async () => {
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: (await api(stack.url, '/api/rooms/create', {}, hostCookie)).body.roomCode, displayName: 'Flood' });
    const s = await TestSocket.open(stack.url, guest.cookie);
    s.send({ type: 'ping' }); // once authenticated (frames before that are capped at 16)
    await s.waitFor((m) => m.type === 'pong');
    await new Promise((r) => setTimeout(r, 1000));
    s.received.length = 0;
    for (let i = 0; i < 60; i++) s.send({ type: 'ping' });
    await s.waitFor((m) => m.type === 'error' && m.code === 'RATE_LIMITED');
    const pongs = () => s.received.filter((m) => m.type === 'pong').length;
    await new Promise((r) => setTimeout(r, 300));
    // SOCKET_RATE_LIMIT (20 a second) were served, the rest refused
    expect(pongs()).toBeLessThanOrEqual(20);
    expect(s.received.filter((m) => m.type === 'error' && m.code === 'RATE_LIMITED').length).toBe(60 - pongs());
    await new Promise((r) => setTimeout(r, 1100));
    const before = s.received.length;
    s.send({ type: 'ping' });
    await s.waitFor((m) => m.type === 'pong', 5000, before);
    s.close();
  }, 30_000);

  it("refuses a socket opened by another site's page (Origin), with the player's cookie", async () => {
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: (await api(stack.url, '/api/rooms/create', {}, hostCookie)).body.roomCode, displayName: 'Victim' });
    const codeOf = (origin: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(stack.url.replace(/^http/, 'ws') + '/ws', { headers: { cookie: guest.cookie!, origin } });
        ws.on('open', () => ws.send(JSON.stringify({ type: 'ping' })));
        ws.on('message', (d) => JSON.parse(d.toString()).type === 'pong' && ws.close(1000));
        ws.on('close', (code) => resolve(code));
      });
    expect(await codeOf('https://evil.example')).toBe(4403);
    // the gateway's own page is fine (the socket is accepted; the test closes it with 1000)
    expect(await codeOf(new URL(stack.url).origin)).toBe(1000);
  }, 30_000);

  it('closes the sockets of a session when it signs out (4401), and keeps the others', async () => {
    const room = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Leaving' });
    const other = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Staying' });
    const [a, b, c] = await Promise.all([TestSocket.open(stack.url, guest.cookie), TestSocket.open(stack.url, guest.cookie), TestSocket.open(stack.url, other.cookie)]);
    a.send({ type: 'join_game', gameId: room.body.gameId, userId: guest.body.userId });
    c.send({ type: 'join_game', gameId: room.body.gameId, userId: other.body.userId });
    await a.waitFor((m) => m.type === 'joined');
    await c.waitFor((m) => m.type === 'joined');
    expect((await api(stack.url, '/api/auth/logout', {}, guest.cookie)).status).toBe(200);
    // both sockets of the session, joined to a game or not
    expect(await a.closed()).toBe(4401);
    expect(await b.closed()).toBe(4401);
    c.send({ type: 'ping' });
    await c.waitFor((m) => m.type === 'pong');
    expect(c.closeCode).toBeNull();
    c.close();
  }, 30_000);

  it('closes a socket when its session expires (4401, after the no-session error)', async () => {
    const room = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Expiring' });
    // the same live session, in a token that expires in 2 s (signed as identity signs them: HS256, SESSION_SECRET)
    const [name, token] = guest.cookie!.split('=') as [string, string];
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...claims, exp: Math.floor(Date.now() / 1000) + 2 })}`;
    const signed = `${body}.${createHmac('sha256', stack.sessionSecret).update(body).digest('base64url')}`;
    const s = await TestSocket.open(stack.url, `${name}=${signed}`);
    s.send({ type: 'join_game', gameId: room.body.gameId, userId: guest.body.userId });
    await s.waitFor((m) => m.type === 'joined');
    const opened = Date.now();
    expect(await s.closed(6000)).toBe(4401);
    expect(Date.now() - opened).toBeLessThan(4000);
    expect(s.received.some((m) => m.type === 'error' && m.message === 'No user ID found. Please return to home.')).toBe(true);
  }, 30_000);

  it('shows who is connected: online while a socket is open, offline after it closes', async () => {
    const room = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    const { gameId } = room.body;
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Dora' });
    const host = await TestSocket.open(stack.url, hostCookie);
    host.send({ type: 'join_game', gameId, userId: room.body.userId });
    const online = (id: string, m: ServerMessage) => isView(m) && m.view.players.find((p) => p.userId === id)?.online;
    await host.waitFor((m) => online(room.body.userId, m) === true);
    expect([...host.received].reverse().find(isView)!.view.players.find((p) => p.userId === guest.body.userId)?.online).toBe(false);
    const g = await TestSocket.open(stack.url, guest.cookie);
    g.send({ type: 'join_game', gameId, userId: guest.body.userId });
    await host.waitFor((m) => online(guest.body.userId, m) === true);
    const mark = host.received.length;
    g.close();
    await host.waitFor((m) => online(guest.body.userId, m) === false, 5000, mark);
    host.close();
  }, 30_000);

  it('leaves no presence behind when a join times out while game-engine is stalled (SIGSTOP), once it resumes', async () => {
    const room = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    const { gameId } = room.body;
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Gus' });
    const host = await TestSocket.open(stack.url, hostCookie);
    host.send({ type: 'join_game', gameId, userId: room.body.userId });
    const guestOf = (m: ServerMessage) => (isView(m) ? m.view.players.find((p) => p.userId === guest.body.userId) : undefined);
    await host.waitFor((m) => guestOf(m)?.online === false);
    const g = await TestSocket.open(stack.url, guest.cookie);
    const engine = stack.children.get('game-engine')!;
    engine.kill('SIGSTOP'); // the join's OpenGameView waits in the socket buffer past the gateway's deadline
    try {
      g.send({ type: 'join_game', gameId, userId: guest.body.userId });
      // the gateway sends the join again until COMMAND_RETRY_MS (10 s) after the first attempt, and an attempt begun
      // just before that waits out its own deadline (UPSTREAM_TIMEOUT_MS, 5 s): up to 15 s before the error
      expect(await g.waitFor((m) => m.type === 'error', 25_000)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      engine.kill('SIGCONT');
    }
    // game-engine now runs the late join (+1) and the gateway's -1 for it; a bot added after both marks the end
    host.send({ type: 'game_action', gameId, userId: room.body.userId, action: 'add_bot', data: {} });
    const after = await host.waitFor((m) => isView(m) && m.view.players.length === 3, 15_000);
    expect(guestOf(after)?.online).toBe(false);
    expect(g.received.some((m) => m.type === 'joined')).toBe(false);
    g.close();
    host.close();
  }, 60_000);

  it("applies a player's commands in the order they were sent while the admin service is slow (SIGSTOP): the role selection, then the start", async () => {
    const { host, act, lobby } = await hostWithFourBots();
    const roles: RoleName[] = ['Bad Guy', 'Bad Guy Helper', 'Role Looker', 'Role Thief', 'Role Swapper', 'Random Role Taker', 'Self-Checker', 'Basic Good Guy'];
    const sorted = (r: readonly string[]) => [...r].sort();
    expect(sorted(lobby.view.game.selectedRoles)).not.toEqual(sorted(roles)); // else the order could not show
    const admin = stack.children.get('admin')!;
    const mark = host.received.length;
    admin.kill('SIGSTOP'); // the selection waits for the custom roles (until game-engine's ADMIN_TIMEOUT_MS)
    try {
      act('update_role_selection', { roles });
      act('start_game');
      const dealt = await host.waitFor<ViewMsg>((m) => isView(m) && m.view.game.phase === 'role_deal', 15_000, mark);
      expect(sorted(dealt.view.game.selectedRoles)).toEqual(sorted(roles));
    } finally {
      admin.kill('SIGCONT');
    }
    expect(host.received.slice(mark).filter((m) => m.type === 'error')).toEqual([]);
    host.close();
  }, 60_000);

  it("lets the super admin set a player's role in the lobby and in role_deal, see the admin view, and nobody else", async () => {
    const room = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    const { gameId } = room.body;
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Eve' });
    const host = await TestSocket.open(stack.url, hostCookie);
    host.send({ type: 'join_game', gameId, userId: room.body.userId });
    await host.waitFor((m) => m.type === 'joined');
    const act = (action: string, data: object = {}) => host.send({ type: 'game_action', gameId, userId: room.body.userId, action, data });
    act('update_role_selection', { roles: ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Self-Checker'] });
    await host.waitFor((m) => isView(m) && m.view.game.selectedRoles.length === 5);
    const path = `/api/games/${gameId}/admin/player-role`;
    const admin = await api(stack.url, '/api/auth/login', { email: stack.admin.email, password: stack.admin.password });
    const superAdmin = await api(stack.url, '/api/auth/login', { email: stack.superAdmin.email, password: stack.superAdmin.password });

    // the super admin watches the game: its socket receives admin views (the center and every card)
    const watcher = await TestSocket.open(stack.url, superAdmin.cookie);
    watcher.send({ type: 'join_game', gameId, userId: superAdmin.body.user.id });
    await watcher.waitFor((m) => m.type === 'joined');

    // lobby: a plain admin and the host may not; the super admin pre-assigns the guest's card
    expect(await api(stack.url, path, { playerId: guest.body.userId, newRole: 'Role Thief' }, admin.cookie)).toMatchObject({ status: 403, body: { title: 'Access Denied' } });
    expect(await api(stack.url, path, { playerId: guest.body.userId, newRole: 'Role Thief' }, hostCookie)).toMatchObject({ status: 403, body: { title: 'Access Denied' } });
    expect(await api(stack.url, path, { playerId: guest.body.userId, newRole: 'Role Thief' }, superAdmin.cookie)).toMatchObject({ status: 200, body: { notice: { code: 'role_updated', params: {} } } });
    act('start_game');
    await host.waitFor((m) => isView(m) && m.view.game.phase === 'role_deal');
    const dealt = await api(stack.url, `/api/games/${gameId}`, undefined, guest.cookie);
    expect(dealt.body.view.me.originalRole).toBe('Role Thief');

    // role_deal: the card swap
    const ok = await api(stack.url, path, { playerId: guest.body.userId, newRole: 'Self-Checker' }, superAdmin.cookie);
    expect(ok).toMatchObject({ status: 200, body: { notice: { code: 'role_updated', params: {} } } });
    const view = await api(stack.url, `/api/games/${gameId}`, undefined, guest.cookie);
    expect(view.body.view.me.originalRole).toBe('Self-Checker');
    const absent = await api(stack.url, path, { playerId: guest.body.userId, newRole: 'Tapper' }, superAdmin.cookie);
    expect(absent).toMatchObject({ status: 400, body: { title: 'Error', message: 'Failed to update player role' } });

    const guestRole = (m: ServerMessage) => (isView(m) ? m.view.players.find((p) => p.userId === guest.body.userId)?.originalRole : undefined);
    const adminView = await watcher.waitFor<ViewMsg>((m) => isView(m) && m.view.game.phase === 'role_deal' && guestRole(m) === 'Self-Checker');
    expect(adminView.view.game.centerCards).toHaveLength(3);
    for (const m of host.received.filter(isView)) expect(m.view.game.centerCards).toBeNull(); // the host is no admin: nothing of it
    watcher.close();
    host.close();
  }, 30_000);

  it("offers the host's theme pack to the players of that game only (theme_shared), and only the host's own pack", async () => {
    const zip = new JSZip();
    zip.file('manifest.json', JSON.stringify({ ...GENERIC_THEME, id: 'offer-test', name: 'Offer Test', description: 'A pack to offer.' }));
    const bytes = await zip.generateAsync({ type: 'uint8array' });
    const up = await fetch(`${stack.url}/api/themes/packs`, { method: 'POST', headers: { 'content-type': 'application/zip', cookie: hostCookie }, body: bytes });
    expect(up.status).toBe(201);
    const pack = (await up.json()) as { id: string; sha256: string; sizeBytes: number; themeId: string };

    const open = async (cookie: string, userId: string, gameId: string) => {
      const s = await TestSocket.open(stack.url, cookie);
      s.send({ type: 'join_game', gameId, userId });
      await s.waitFor((m) => m.type === 'joined');
      return s;
    };
    const roomA = (await api(stack.url, '/api/rooms/create', {}, hostCookie)).body;
    const ann = await api(stack.url, '/api/rooms/join', { roomCode: roomA.roomCode, displayName: 'Ann' });
    const roomB = (await api(stack.url, '/api/rooms/create', {}, hostCookie)).body;
    const bob = await api(stack.url, '/api/rooms/join', { roomCode: roomB.roomCode, displayName: 'Bob' });
    const host = await open(hostCookie, roomA.userId, roomA.gameId);
    const annSocket = await open(ann.cookie!, ann.body.userId, roomA.gameId);
    const bobSocket = await open(bob.cookie!, bob.body.userId, roomB.gameId);
    const act = (s: TestSocket, userId: string, gameId: string, action: string, data: object = {}) => s.send({ type: 'game_action', gameId, userId, action, data });

    // Not before the deal: the rules refuse an offer in the lobby.
    act(host, roomA.userId, roomA.gameId, 'share_theme', { themePack: { id: pack.id } });
    expect(await host.waitFor((m) => m.type === 'error')).toMatchObject({ code: 'WRONG_PHASE' });

    act(host, roomA.userId, roomA.gameId, 'update_role_selection', { roles: ['Bad Guy', 'Role Looker', 'Role Thief', 'Basic Good Guy', 'Self-Checker'] });
    await host.waitFor((m) => isView(m) && m.view.game.selectedRoles.length === 5);
    act(host, roomA.userId, roomA.gameId, 'start_game');
    await annSocket.waitFor((m) => isView(m) && m.view.game.phase === 'role_deal');

    // A player cannot offer the host's pack (not theirs), nor the host someone else's.
    const annErrors = annSocket.received.length;
    act(annSocket, ann.body.userId, roomA.gameId, 'share_theme', { themePack: { id: pack.id } });
    expect(await annSocket.waitFor((m) => m.type === 'error', 10_000, annErrors)).toMatchObject({ code: 'NOT_FOUND', message: 'Theme pack not found' });

    const before = host.received.length;
    act(host, roomA.userId, roomA.gameId, 'share_theme', { themePack: { id: pack.id } });
    const offered = await annSocket.waitFor<Extract<ServerMessage, { type: 'theme_shared' }>>((m) => m.type === 'theme_shared');
    expect(offered).toMatchObject({ gameId: roomA.gameId, hostId: roomA.userId, themePack: { id: pack.id, themeId: 'offer-test', name: 'Offer Test', sha256: pack.sha256, sizeBytes: pack.sizeBytes } });
    const annView = await annSocket.waitFor<ViewMsg>((m) => isView(m) && m.view.game.themeOffered);
    expect(annView.view.game.sharedTheme).toMatchObject({ sha256: pack.sha256, hostId: roomA.userId });
    expect(annView.view.game.themeId).toBe('offer-test');
    await host.waitFor((m) => m.type === 'theme_shared', 10_000, before);

    // The other game never hears of it; a later socket of Ann gets the standing offer once.
    await new Promise((r) => setTimeout(r, 500));
    expect(bobSocket.received.some((m) => m.type === 'theme_shared')).toBe(false);
    expect(bobSocket.received.filter(isView).every((m) => m.view.game.sharedTheme === null)).toBe(true);
    const annAgain = await open(ann.cookie!, ann.body.userId, roomA.gameId);
    await annAgain.waitFor((m) => m.type === 'theme_shared');
    act(annSocket, ann.body.userId, roomA.gameId, 'ready_next_phase');
    await annAgain.waitFor((m) => isView(m) && m.view.players.some((p) => p.userId === ann.body.userId && p.isReady));
    expect(annAgain.received.filter((m) => m.type === 'theme_shared')).toHaveLength(1);
    for (const s of [host, annSocket, annAgain, bobSocket]) s.close();
  });

  it('answers malformed frames with an error and keeps the connection', async () => {
    const room = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    const s = await TestSocket.open(stack.url, hostCookie);
    s.ws.send('not json');
    expect(await s.waitFor((m) => m.type === 'error')).toMatchObject({ code: 'INVALID_MESSAGE' });
    s.send({ type: 'game_action', gameId: room.body.gameId, userId: room.body.userId, action: 'explode', data: {} });
    await s.waitFor((m) => m.type === 'error' && s.received.filter((x) => x.type === 'error').length === 2);
    s.send({ type: 'ping' });
    await s.waitFor((m) => m.type === 'pong');
    s.close();
  }, 30_000);

  it('serves REST errors with the spec texts', async () => {
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: '', displayName: 'X' });
    expect(guest).toMatchObject({ status: 400, body: { message: 'Please enter a room code' } });
    const noName = await api(stack.url, '/api/rooms/join', { roomCode: 'ABCDEF' });
    expect(noName).toMatchObject({ status: 400, body: { message: 'Please enter your display name' } });
    // a wrong code: 'Game not found', and no guest session (nor account) is left for it
    const wrong = await api(stack.url, '/api/rooms/join', { roomCode: 'ZZZZZZ', displayName: 'Lost' });
    expect(wrong).toMatchObject({ status: 404, body: { message: 'Game not found' } });
    expect(wrong.cookie).toBeUndefined();
    expect(await guestsNamed('Lost')).toBe(0);
    const g = await api(stack.url, '/api/rooms/join', { roomCode: (await api(stack.url, '/api/rooms/create', {}, hostCookie)).body.roomCode, displayName: 'Gus' });
    const locked = await api(stack.url, '/api/rooms/create', {}, g.cookie);
    expect(locked.status).toBe(401);
    const signup = await api(stack.url, '/api/auth/signup', { email: 'new@example.com', password: 'secret1' });
    expect(signup.status).toBe(200);
    const create = await api(stack.url, '/api/rooms/create', {}, signup.cookie);
    expect(create).toMatchObject({ status: 403, body: { code: 'HOST_REQUIRED', title: 'Hosting is locked' } });
    const bad = await api(stack.url, '/api/auth/login', { email: 'new@example.com', password: 'nope-nope' });
    expect(bad).toMatchObject({ status: 401, body: { title: 'Login Failed', message: 'Invalid email or password' } });
    const out = await api(stack.url, '/api/auth/logout', {}, signup.cookie);
    expect(out.status).toBe(200);
    expect((await api(stack.url, '/api/me', undefined, signup.cookie)).status).toBe(401); // revoked session
  }, 30_000);

  it('a guest join the game refuses (already started) sets no cookie and leaves no guest behind', async () => {
    const { room, host, act } = await hostWithFourBots();
    act('start_game');
    await host.waitFor((m) => isView(m) && m.view.game.phase !== 'lobby');
    const late = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Too Late' });
    expect(late).toMatchObject({ status: 400, body: { message: 'Game already started' } });
    expect(late.cookie).toBeUndefined();
    expect(await guestsNamed('Too Late')).toBe(0);
    // the same join in the lobby keeps its guest (the control of the check above)
    const next = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    const ok = await api(stack.url, '/api/rooms/join', { roomCode: next.body.roomCode, displayName: 'Too Late' });
    expect(ok.status).toBe(200);
    expect(ok.cookie).toBeDefined();
    expect(await guestsNamed('Too Late')).toBe(1);
    host.close();
  }, 30_000);

  it('answers 503 SERVICE_UNAVAILABLE, never "unauthenticated", while identity is down, and recovers', async () => {
    // a validly signed token of a session this gateway has never checked: only identity can tell whether it is live
    const [name] = hostCookie.split('=') as [string, string];
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: randomUUID(), sid: randomUUID(), name: 'Unknown', guest: true, exp: Math.floor(Date.now() / 1000) + 3600 })}`;
    const unknown = `${name}=${body}.${createHmac('sha256', stack.sessionSecret).update(body).digest('base64url')}`;
    // the host's session, checked a moment ago (the gateway's SessionCache: docs/architecture.md "Session checks")
    expect((await api(stack.url, `/api/games/${randomUUID()}`, undefined, hostCookie)).status).toBe(404);
    const identity = stack.children.get('identity')!;
    await new Promise((r) => {
      identity.once('exit', r);
      identity.kill('SIGKILL');
    });
    try {
      const me = await api(stack.url, '/api/me', undefined, unknown);
      expect(me).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', title: 'Service Unavailable' } });
      const join = await api(stack.url, '/api/rooms/join', { roomCode: 'ABCDEF' }, unknown);
      expect(join.status).toBe(503);
      const s = await TestSocket.open(stack.url, unknown);
      const err = await s.waitFor((m) => m.type === 'error', 10_000);
      expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(await s.closed()).toBe(1013);
      // the session checked a moment ago still opens its socket; what needs identity itself still answers 503
      const known = await TestSocket.open(stack.url, hostCookie);
      known.send({ type: 'ping' });
      await known.waitFor((m) => m.type === 'pong');
      known.close();
      expect((await api(stack.url, '/api/me', undefined, hostCookie)).status).toBe(503);
    } finally {
      await stack.restart('identity');
    }
    // the session survived the outage: /api/me answers again once the gRPC channel has reconnected
    let status = 0;
    for (const until = Date.now() + 20_000; status !== 200 && Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      status = (await api(stack.url, '/api/me', undefined, hostCookie)).status;
      expect([200, 503]).toContain(status);
    }
    expect(status).toBe(200);
  }, 60_000);

  it('joins a socket that arrives while game-engine restarts, once the engine is back (docs/faults.md "Joins during an engine restart")', async () => {
    const room = await api(stack.url, '/api/rooms/create', {}, hostCookie);
    const guest = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Patient' });
    expect(guest.status).toBe(200);
    const engine = stack.children.get('game-engine')!;
    await new Promise((r) => {
      engine.once('exit', r);
      engine.kill('SIGKILL');
    });
    const s = await TestSocket.open(stack.url, guest.cookie!);
    s.send({ type: 'join_game', gameId: room.body.gameId, userId: guest.body.userId });
    await new Promise((r) => setTimeout(r, 500));
    await stack.restart('game-engine');
    // the gateway sends the join again until COMMAND_RETRY_MS (10 s) after the first attempt: no error reaches the page
    const joined = await s.waitFor((m) => m.type === 'joined' || m.type === 'error', 20_000);
    expect(joined).toMatchObject({ type: 'joined', gameId: room.body.gameId });
    await s.waitFor((m) => 'view' in m && m.view.players.some((p) => p.displayName === 'Patient'));
    s.close();
  }, 60_000);
});
