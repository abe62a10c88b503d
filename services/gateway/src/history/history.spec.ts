/**
 * docs/architecture.md "History and replay" on the real stack (identity, billing, game-engine, admin, theme,
 * gateway; PostgreSQL and NATS): two rounds of one game (Play Again) played over sockets by the demo host, a
 * signed-in user and a guest with a bot, then `/api/history` and `/api/history/{gameId}/{round}` for each of
 * them and for a user who was not at the table. The secrets rule: a round's replay is exactly the results
 * view the player's results screen got, and nobody reads a round they did not play.
 */
import pg from 'pg';
import type { ServerMessage } from '@nightfall/protocol';
import { nightReplay, replayInputOfView, type GameView, type RoleName } from '@nightfall/game-rules';
import { api, nextSimulatedMove, startTestStack, TestSocket, type RunningStack } from '@nightfall/testing';

type ViewMsg = Extract<ServerMessage, { view: GameView }>;
const isView = (m: ServerMessage): m is ViewMsg => 'view' in m;

/** 7 cards for 4 players: a swap chain (Thief, Swapper, Random Role Taker) among them. */
const ROLES: RoleName[] = ['Role Thief', 'Role Swapper', 'Random Role Taker', 'Bad Guy', 'Basic Good Guy', 'Self-Checker', 'Role Looker'];

interface Seat {
  label: string;
  cookie: string;
  userId: string;
  socket: TestSocket;
}

/** Polls `probe` every 50 ms until it returns a value, at most `timeoutMs`. @throws on time-out */
async function eventually<T>(probe: () => T | undefined | null | false, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const lastView = (s: Seat) => [...s.socket.received].reverse().find(isView)?.view;

describe('history and replay on the real stack (docs/architecture.md "History and replay")', () => {
  let stack: RunningStack;
  let host: Seat;
  let member: Seat;
  let guest: Seat;
  let outsiderCookie: string;
  let gameId: string;
  /** The first results view each seat's socket got, per round. */
  const resultsViews = new Map<string, GameView>();

  /** Plays every human's moves (the bots play theirs) until every seat sees the results of `round`. */
  async function playRound(seats: Seat[], round: number): Promise<void> {
    const sent = new Set<string>();
    await eventually(
      () => {
        let done = 0;
        for (const s of seats) {
          const v = lastView(s);
          if (!v || v.game.round !== round) continue;
          if (v.game.phase === 'results' && v.game.voteResults) {
            if (!resultsViews.has(`${s.label}:${round}`)) {
              resultsViews.set(`${s.label}:${round}`, s.socket.received.filter(isView).find((m) => m.view.game.round === round && m.view.game.phase === 'results' && m.view.game.voteResults)!.view);
            }
            done++;
            continue;
          }
          const move = nextSimulatedMove(v, (n) => (seats.indexOf(s) + 1) % n);
          const key = `${v.game.phase}:${move?.action}:${v.players.find((p) => p.userId === s.userId)?.isReady}`;
          if (move && !sent.has(`${s.label}:${key}`)) {
            sent.add(`${s.label}:${key}`);
            s.socket.send({ type: 'game_action', gameId, userId: s.userId, action: move.action, data: move.data });
          }
        }
        return done === seats.length;
      },
      60_000,
      `the results of round ${round}`,
    );
  }

  beforeAll(async () => {
    stack = await startTestStack();
    const login = await api(stack.url, '/api/auth/login', { email: stack.demoHost.email, password: stack.demoHost.password });
    expect(login.status).toBe(200);
    const room = await api(stack.url, '/api/rooms/create', {}, login.cookie);
    expect(room.status).toBe(200);
    gameId = room.body.gameId as string;
    const memberUp = await api(stack.url, '/api/auth/signup', { email: `history-member-${Date.now()}@example.com`, password: 'secret123' });
    const outsiderUp = await api(stack.url, '/api/auth/signup', { email: `history-outsider-${Date.now()}@example.com`, password: 'secret123' });
    expect([memberUp.status, outsiderUp.status]).toEqual([200, 200]);
    outsiderCookie = outsiderUp.cookie!;
    const joined = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode }, memberUp.cookie);
    const guestJoin = await api(stack.url, '/api/rooms/join', { roomCode: room.body.roomCode, displayName: 'Guest Gail' });
    expect([joined.status, guestJoin.status]).toEqual([200, 200]);
    const seat = async (label: string, cookie: string, userId: string): Promise<Seat> => {
      const socket = await TestSocket.open(stack.url, cookie);
      socket.send({ type: 'join_game', gameId, userId });
      await socket.waitFor((m) => m.type === 'joined');
      return { label, cookie, userId, socket };
    };
    host = await seat('host', login.cookie!, room.body.userId as string);
    member = await seat('member', memberUp.cookie!, joined.body.userId as string);
    guest = await seat('guest', guestJoin.cookie!, guestJoin.body.userId as string);
    const act = (action: string, data: object = {}) => host.socket.send({ type: 'game_action', gameId, userId: host.userId, action, data });
    act('add_bot');
    await host.socket.waitFor((m) => isView(m) && m.view.players.length === 4);
    act('update_role_selection', { roles: ROLES });
    await host.socket.waitFor((m) => isView(m) && m.view.game.selectedRoles.length === 7);
    act('start_game');
    await playRound([host, member, guest], 1);
    // Play Again (every human), then a second round on the same game id
    for (const s of [host, member, guest]) s.socket.send({ type: 'game_action', gameId, userId: s.userId, action: 'play_again', data: {} });
    await host.socket.waitFor((m) => isView(m) && m.view.game.phase === 'lobby' && m.view.game.round === 2, 20_000);
    act('start_game');
    await playRound([host, member, guest], 2);
  }, 180_000);

  afterAll(async () => {
    for (const s of [host, member, guest]) s?.socket.close();
    await stack?.stop();
    await stack?.dropDatabase();
  });

  it("lists each signed-in player's rounds, newest first, with role, team, outcome and every player", async () => {
    for (const s of [host, member]) {
      const res = await api(stack.url, '/api/history', undefined, s.cookie);
      expect(res.status).toBe(200);
      expect(res.body.nextCursor).toBeNull();
      expect(res.body.entries.map((e: { gameId: string; round: number }) => [e.gameId, e.round])).toEqual([
        [gameId, 2],
        [gameId, 1],
      ]);
      for (const entry of res.body.entries) {
        const view = resultsViews.get(`${s.label}:${entry.round}`)!;
        const me = view.players.find((p) => p.userId === s.userId)!;
        const results = view.game.voteResults!;
        expect(entry).toMatchObject({ roomCode: view.game.roomCode, role: me.originalRole, finalRole: me.currentRole, team: me.finalTeam });
        expect(entry.outcome).toBe(results.winners.length === 0 ? 'draw' : results.winners.includes(s.userId) ? 'won' : 'lost');
        expect(Date.parse(entry.finishedAt)).toBe(view.game.phaseStartedAt);
        expect(entry.players).toEqual(
          view.players.map((p) => ({
            userId: p.userId,
            displayName: p.displayName,
            seatPosition: p.seatPosition,
            isBot: p.isBot,
            originalRole: p.originalRole,
            finalRole: p.currentRole,
            team: p.finalTeam,
            isWinner: results.winners.includes(p.userId),
          })),
        );
      }
    }
  });

  it('pages with a cursor, and refuses a malformed one', async () => {
    const first = await api(stack.url, '/api/history?limit=1', undefined, member.cookie);
    expect(first.status).toBe(200);
    expect(first.body.entries.map((e: { round: number }) => e.round)).toEqual([2]);
    expect(typeof first.body.nextCursor).toBe('string');
    const second = await api(stack.url, `/api/history?limit=1&cursor=${first.body.nextCursor}`, undefined, member.cookie);
    expect(second.body.entries.map((e: { round: number }) => e.round)).toEqual([1]);
    expect(second.body.nextCursor).toBeNull();
    const bad = await api(stack.url, '/api/history?cursor=bm90LWEtY3Vyc29y', undefined, member.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'INVALID_INPUT', title: 'Error', message: 'Invalid history cursor' });
    const badLimit = await api(stack.url, '/api/history?limit=500', undefined, member.cookie);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.message).toContain('limit must be 50 or less');
  });

  it('answers each round with the exact results view the player saw, and its night replay', async () => {
    for (const s of [host, member]) {
      for (const round of [1, 2]) {
        const res = await api(stack.url, `/api/history/${gameId}/${round}`, undefined, s.cookie);
        expect(res.status).toBe(200);
        expect(res.body.entry).toMatchObject({ gameId, round });
        expect(res.body.view).toEqual(resultsViews.get(`${s.label}:${round}`));
        expect(res.body.view.me.userId).toBe(s.userId);
        const replay = nightReplay(replayInputOfView(res.body.view as GameView))!;
        expect(replay.consistent).toBe(true);
        expect(replay.steps).toHaveLength(res.body.view.game.nightLog.length);
      }
    }
  });

  it('refuses guests, signed-out callers and a user who was not in the game', async () => {
    const guestList = await api(stack.url, '/api/history', undefined, guest.cookie);
    expect(guestList.status).toBe(401);
    expect(guestList.body).toEqual({ code: 'SIGN_IN_REQUIRED', title: 'Error', message: 'Please sign in to see your game history' });
    expect((await api(stack.url, `/api/history/${gameId}/1`, undefined, guest.cookie)).status).toBe(401);
    const anonymous = await api(stack.url, '/api/history');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHENTICATED');
    expect((await api(stack.url, `/api/history/${gameId}/1`)).status).toBe(401);

    const outsiderList = await api(stack.url, '/api/history', undefined, outsiderCookie);
    expect(outsiderList.status).toBe(200);
    expect(outsiderList.body).toEqual({ entries: [], nextCursor: null });
    const notTheirs = await api(stack.url, `/api/history/${gameId}/1`, undefined, outsiderCookie);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toEqual({ code: 'HISTORY_NOT_FOUND', title: 'Error', message: 'This game is not in your history' });
    // a round that was never played answers the same, and a malformed address is 'Game not found'
    expect((await api(stack.url, `/api/history/${gameId}/3`, undefined, host.cookie)).body.code).toBe('HISTORY_NOT_FOUND');
    const malformed = await api(stack.url, '/api/history/not-a-game/1', undefined, host.cookie);
    expect([malformed.status, malformed.body.code]).toEqual([404, 'GAME_NOT_FOUND']);
  });

  it('goes with its game (retention deletes games; the history rows follow by their foreign keys)', async () => {
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const count = async () => Number((await db.query('SELECT count(*) AS n FROM game.finished_round_players WHERE game_id = $1', [gameId])).rows[0].n);
      // every human's rounds are recorded (the guest's too: only the REST routes are for accounts); bots have none
      expect(await count()).toBe(6);
      // what the retention sweep deletes (docs/architecture.md "Retention"): the game's log and the game
      await db.query('DELETE FROM game.game_log WHERE game_id = $1', [gameId]);
      await db.query('DELETE FROM game.games WHERE id = $1', [gameId]);
      expect(await count()).toBe(0);
      expect(Number((await db.query('SELECT count(*) AS n FROM game.finished_rounds WHERE game_id = $1', [gameId])).rows[0].n)).toBe(0);
      const after = await api(stack.url, '/api/history', undefined, host.cookie);
      expect(after.body).toEqual({ entries: [], nextCursor: null });
    } finally {
      await db.end();
    }
  });
});
