/**
 * Issue "Playable end to end" (Done-when): a whole Nightfall game in Debian's Chromium, three humans in
 * three browser contexts (separate cookies) at 390x844 plus two bots, against the real built stack
 * (identity, billing, game-engine, gateway serving web/dist; PostgreSQL and NATS). Also: a reload in the
 * middle of a game, the 404 page and the join form's validation texts.
 *
 * Screenshots of every phase for every player land in test-output/e2e/ (NN-phase-player.png).
 * Run: `npm run test:e2e -w @nightfall/web` (after `nx run-many -t build`).
 */
import { describe, expect, it } from '@jest/globals';
import {
  addBots,
  backInLobby,
  createRoom,
  enterDiscussion,
  joinRoom,
  lobbyPlayerCount,
  night,
  pathOf,
  playAgain,
  readyToVote,
  results,
  verifyDeal,
  roleDeal,
  roleResolve,
  seesChat,
  selectRoles,
  sendChat,
  signIn,
  vote,
  waitForRoute,
} from './steps.js';
import { type Player, poll, prepareShotDir, shot, textOf, useBrowserStack, visible } from './support.js';

/**
 * The 8 roles of the 5-player game (players + 3). Every role with a choice is in: Role Looker (two
 * center cards), Role Thief (one player), Role Swapper (two players), Random Role Taker (a center card)
 * and Bad Guy (a center card when it is the only one dealt); Self-Checker, a second Bad Guy and a Basic
 * Good Guy get Continue screens. With 5 of 8 cards dealt, over the rounds every human meets the pickers.
 */
const FULL_GAME_ROLES: Record<string, number> = {
  'Bad Guy': 2,
  'Role Looker': 1,
  'Role Thief': 1,
  'Role Swapper': 1,
  'Random Role Taker': 1,
  'Self-Checker': 1,
  'Basic Good Guy': 1,
};

/** 6 roles for the 3-player reload game. */
const RELOAD_GAME_ROLES: Record<string, number> = { 'Bad Guy': 1, 'Role Looker': 1, 'Role Thief': 1, 'Role Swapper': 1, 'Self-Checker': 1, 'Basic Good Guy': 1 };

const all = <T>(players: Player[], fn: (p: Player) => Promise<T>) => Promise.all(players.map(fn));

/**
 * One step for everybody: `first` acts alone and must see the step's waiting view (nobody else has acted,
 * so the phase cannot move on), then the others act together.
 */
async function firstThenRest<T>(first: Player, rest: Player[], fn: (p: Player, isFirst: boolean) => Promise<T>): Promise<T[]> {
  const a = await fn(first, true);
  return [a, ...(await Promise.all(rest.map((p) => fn(p, false))))];
}

describe('Nightfall in the browser (Chromium, 390x844, real stack)', () => {
  const env = useBrowserStack({ prepare: prepareShotDir });
  const open = env.open;
  let hostPromise: Promise<Player> | null = null;

  /** The demo host, signed in once on /auth (screenshot 00-signin-host). */
  const host = () =>
    (hostPromise ??= (async () => {
      const h = await open('host', 'Demo Host');
      await signIn(h, env.stack.demoHost.email, env.stack.demoHost.password, '00-signin');
      return h;
    })());

  it('plays a whole game: host signs in and creates, two guests join by code, 2 bots, every phase, Play Again', async () => {
    const t0 = Date.now();
    const times: string[] = [];
    const lap = (what: string) => times.push(`${what} ${((Date.now() - t0) / 1000).toFixed(1)}s`);

    // 1. The demo host signs in with a password and creates a room.
    const h = await host();
    const { gameId, roomCode } = await createRoom(h, null);
    h.name = (await textOf(h.page.getByTestId('host-name'), /^Host: .+/)).replace(/^Host: /, '');
    expect(h.name).toBe('Demo Host');
    lap('signed in + room');

    // 2. Two guests join by room code from the home page's join form, each in its own context.
    const guests = await Promise.all([open('guest1', 'Ava'), open('guest2', 'Ben')]);
    // Ben's page gets the results with a tampered seed (its socket frames pass through Playwright), so its
    // 'Verify deal' must fail while the others' succeeds (docs/rules.md "Verifiable deal").
    await guests[1]!.page.routeWebSocket(/\/ws$/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => ws.send(typeof m === 'string' && m.includes('"phase":"results"') ? m.replace(/"seed":"([0-9a-f])/, (_, c: string) => `"seed":"${c === '0' ? '1' : '0'}`) : m));
    });
    await all(guests, (g) => joinRoom(g, roomCode, gameId, '00-join'));
    expect(await lobbyPlayerCount(h.page, 3)).toBe(3);
    const humans = [h, ...guests];
    lap('guests joined');

    // 3. Two bots, exactly 8 roles, Start Game: everyone goes to /game/{id}.
    await addBots(h, 2);
    await selectRoles(h, FULL_GAME_ROLES, 5);
    for (const g of guests) {
      expect(await lobbyPlayerCount(g.page, 5)).toBe(5);
      const waiting = await textOf(g.page.getByTestId('waiting-for-host'), /5 players • 8 roles selected/);
      expect(waiting).toBe('Waiting for host to start the game5 players • 8 roles selected');
      expect(await g.page.getByTestId('role-selected-Bad Guy').getAttribute('data-count')).toBe('2');
    }
    await all(humans, (p) => shot(p.page, `01-lobby-${p.label}`));
    await shot(h.page, '01-lobby-full-host', true);
    await h.page.getByRole('button', { name: 'Start Game' }).click();
    await all(humans, (p) => waitForRoute(p.page, 'game', gameId));
    // the lobby's last toast ('Bot Added', 5 s) does not follow the host into the game, over the phase's header
    await h.page.locator('.ant-notification-notice').first().waitFor({ state: 'detached', timeout: 1500 });
    lap('lobby done');

    // 4. Every phase: the host acts first and sees the waiting view, then both guests act together.
    await firstThenRest(h, guests, (p, first) => roleDeal(p, '02-role_deal', first));
    lap('role_deal');
    await firstThenRest(h, guests, (p, first) => night(p, '03-job_choice', first));
    lap('job_choice');
    await firstThenRest(h, guests, (p, first) => roleResolve(p, '04-role_resolve', first));
    lap('role_resolve');

    await all(humans, (p) => enterDiscussion(p, 5));
    lap('in discussion');
    for (const p of humans) expect(await textOf(p.page.getByTestId('room-code'), roomCode)).toBe(roomCode);
    const message = 'I looked at a card. Who else was awake?';
    await sendChat(h, message);
    lap('chat sent');
    await all(guests, (g) => seesChat(g, h.name, message));
    // a reply: each view carries only its own line, which every page appends below the first (docs/hot-path.md "Chat lines once")
    const reply = 'Not me. I slept all night.';
    await sendChat(guests[0]!, reply);
    await all(humans, (p) => seesChat(p, guests[0]!.name, reply));
    for (const p of humans) expect(await p.page.getByTestId('chat-message').allInnerTexts()).toEqual([`${h.name}\n${message}`, `${guests[0]!.name}\n${reply}`]);
    await all(humans, (p) => shot(p.page, `05-discussion-${p.label}`));
    await firstThenRest(h, guests, (p, first) => readyToVote(p, '05-discussion', first));
    lap('discussion');

    const votes = await firstThenRest(h, guests, (p, first) => vote(p, '06-vote', (names) => humans.indexOf(p) % names.length, first));
    lap('vote');
    const outcomes = await all(humans, (p) => results(p, '07-results'));
    lap('results');
    const verified = await all(humans, (p) => verifyDeal(p, '07-results'));
    expect(verified[0]).toEqual({ ok: true, checks: { commitment: true, 'committed-earlier': true, seats: true, center: true } });
    expect(verified[1]!.ok).toBe(true);
    expect(verified[2]!.ok).toBe(false);
    expect(verified[2]!.checks.commitment).toBe(false);
    lap('deal verified');

    // 5. Play Again for all three: back to the lobby of the same game, roles and players kept.
    await firstThenRest(h, guests, (p, first) => playAgain(p, '07-results', first));
    await all(humans, (p) => backInLobby(p, gameId, '08-lobby-again'));
    expect(await lobbyPlayerCount(h.page, 5)).toBe(5);
    expect(await textOf(h.page.getByTestId('role-count'), '8 / 8')).toBe('8 / 8');
    for (const p of humans) expect(await textOf(p.page.getByTestId('room-code'), roomCode)).toBe(roomCode);
    lap('play again');

    expect(humans.flatMap((p) => p.errors)).toEqual([]);
    console.log(
      [
        `full game ${gameId} (${roomCode})`,
        ...humans.map((p, i) => `  ${p.label} ${p.name}: ${p.role}; night: ${p.night}; voted ${votes[i]}; ${outcomes[i]}`),
        `  timings: ${times.join(', ')}`,
        ...humans.map((p) => `  ${p.label} steps: ${p.trace.join(' ')}`),
      ].join('\n'),
    );
  });

  it('a reload during discussion returns the player to the same seat, view and room, Connected', async () => {
    const h = await host();
    const { gameId, roomCode } = await createRoom(h, null);
    const cleo = await open('guest3', 'Cleo');
    await joinRoom(cleo, roomCode, gameId, null);
    await addBots(h, 1);
    await selectRoles(h, RELOAD_GAME_ROLES, 3);
    await h.page.getByRole('button', { name: 'Start Game' }).click();
    const both = [h, cleo];
    await all(both, (p) => waitForRoute(p.page, 'game', gameId));
    await firstThenRest(h, [cleo], (p, first) => roleDeal(p, null, first));
    await firstThenRest(h, [cleo], (p, first) => night(p, null, first));
    await firstThenRest(h, [cleo], (p, first) => roleResolve(p, null, first));
    await all(both, (p) => enterDiscussion(p, 3));
    await sendChat(cleo, 'Brb, reloading');

    const page = cleo.page;
    const seats = async () => (await page.getByTestId('players-grid').locator('.nf-row-name').allTextContents()).map((t) => t.trim());
    const before = await seats();
    const mySeat = before.findIndex((t) => t.includes('(You)'));
    expect(before[mySeat]).toBe('Cleo (You)');
    const url = page.url();
    await shot(page, '10-reload-before-guest3');

    await page.reload();
    await visible(page.getByTestId('phase-discussion'));
    expect(page.url()).toBe(url);
    expect(pathOf(page)).toBe(`/game/${gameId}`);
    expect(await page.getByTestId('game-page').getAttribute('data-phase')).toBe('discussion');
    expect(await textOf(page.getByTestId('room-code'), roomCode)).toBe(roomCode);
    const indicator = page.getByTestId('connection-indicator');
    expect(await textOf(indicator, 'Connected')).toBe('Connected');
    expect(await indicator.getAttribute('data-state')).toBe('connected');
    const after = await poll(seats, (s) => s.length === before.length, undefined, 'the players grid after the reload');
    expect(after).toEqual(before);
    expect(after.findIndex((t) => t.includes('(You)'))).toBe(mySeat);
    await seesChat(cleo, 'Cleo', 'Brb, reloading');
    await visible(page.getByRole('button', { name: "I'm Ready to Vote" }));
    await shot(page, '11-reload-after-guest3');

    // The game goes on from the reloaded page.
    await firstThenRest(h, [cleo], (p, first) => readyToVote(p, null, first));
    await visible(page.getByTestId('phase-vote'));
    expect(both.flatMap((p) => p.errors)).toEqual([]);
  });

  it("shows 'Page Not Found' for an unknown path and the join form's validation texts", async () => {
    const v = await open('visitor', 'Visitor');
    const page = v.page;
    await page.goto('/no/such/page');
    await visible(page.getByTestId('not-found-page'));
    await visible(page.getByRole('heading', { name: 'Page Not Found' }));
    await visible(page.getByText('The page you are looking for does not exist.'));
    await shot(page, '20-not-found-visitor');

    await page.getByTestId('not-found-home').click();
    await page.waitForURL((u) => u.pathname === '/');
    await visible(page.getByTestId('home-page'));
    await page.getByRole('button', { name: 'Join Game' }).click();
    await visible(page.getByTestId('join-form'));
    await page.getByTestId('join-submit').click();
    await visible(page.getByText('Please enter your display name'));
    await visible(page.getByText('Please enter a room code'));
    expect(pathOf(page)).toBe('/');
    await shot(page, '21-join-validation-visitor');

    // Blank (spaces only) still fails; a filled field clears its message.
    await page.getByTestId('join-display-name').fill('   ');
    await page.getByTestId('join-room-code').fill('ab 12');
    expect(await page.getByTestId('join-room-code').inputValue()).toBe('AB12');
    await page.getByTestId('join-submit').click();
    await visible(page.getByText('Please enter your display name'));
    await page.getByText('Please enter a room code').waitFor({ state: 'detached' });
    expect(v.errors).toEqual([]);
  });
});
