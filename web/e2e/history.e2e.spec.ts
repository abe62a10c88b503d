/**
 * Issue 13 item 6 "History and replay" (docs/architecture.md "History and replay", docs/rules.md "Night replay"),
 * in Debian's Chromium at 390x844 against the real built stack: the demo host plays a game with two bots whose
 * cards make a swap chain (the super admin pre-assigns Role Thief to the host, Role Swapper and Random Role Taker
 * to the bots), steps through the night replay on the results screen (cards moving between seats and the center),
 * plays it, then opens 'Game History' from the profile menu, the round's entry, and the same replay again. A
 * signed-out visitor of /history is asked to sign in.
 *
 * Screenshots: test-output/e2e-history/*.png (cleared at start).
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { GameView } from '@nightfall/game-rules';
import { api } from '@nightfall/testing';
import { addBots, createRoom, enterDiscussion, night, readyToVote, results, roleDeal, roleResolve, selectRoles, signIn, vote, waitForRoute } from './steps.js';
import { poll, textOf, useBrowserStack, visible, shotFolder } from './support.js';



const { prepare: prepareHistoryShots, shot } = shotFolder('e2e-history');

/** 6 cards for 3 players: the swap chain's three roles, a wolf and two quiet cards. */
const ROLES: Record<string, number> = { 'Role Thief': 1, 'Role Swapper': 1, 'Random Role Taker': 1, 'Bad Guy': 1, 'Basic Good Guy': 1, 'Self-Checker': 1 };

/** What the replay shows at one step: its caption, the moves listed, every seat's and center card. */
interface ReplayState {
  step: string;
  caption: string;
  moves: string[];
  seats: Record<string, string>;
  center: string[];
}

async function readReplay(page: Page): Promise<ReplayState> {
  const card = page.getByTestId('night-replay');
  const seats: Record<string, string> = {};
  for (const li of await card.locator('[data-testid^="replay-seat-"]').all()) {
    seats[((await li.getAttribute('data-testid')) ?? '').replace('replay-seat-', '')] = (await li.getAttribute('data-card')) ?? '';
  }
  const center: string[] = [];
  for (const li of await card.locator('[data-testid^="replay-center-"]').all()) center.push((await li.getAttribute('data-card')) ?? '');
  return {
    step: (await card.getByTestId('replay-caption').getAttribute('data-step')) ?? '',
    caption: (await card.getByTestId('replay-caption').innerText()).replace(/\s+/g, ' ').trim(),
    moves: (await card.getByTestId('replay-move').allInnerTexts()).map((s) => s.trim()),
    seats,
    center,
  };
}

/** Steps through the whole replay with Next; returns the state after each step (index 0: before the night). */
async function stepThrough(page: Page): Promise<ReplayState[]> {
  const card = await visible(page.getByTestId('night-replay'));
  await card.getByTestId('replay-first').click().catch(() => undefined);
  const states = [await readReplay(page)];
  expect(states[0]!.step).toBe('-1');
  for (let i = 0; i < 30 && (await card.getByTestId('replay-next').isEnabled()); i++) {
    await card.getByTestId('replay-next').click();
    await poll(() => card.getByTestId('replay-caption').getAttribute('data-step'), (s) => s === String(i), undefined, `replay step ${i}`);
    states.push(await readReplay(page));
  }
  return states;
}

describe('History and replay in the browser (Chromium, 390x844, real stack)', () => {
  const env = useBrowserStack({ prepare: prepareHistoryShots });

  it('replays the night on the results screen, then finds the game in /history and replays it again', async () => {
    const stack = env.stack;
    const h = await env.open('host', 'Demo Host');
    await signIn(h, stack.demoHost.email, stack.demoHost.password, null);
    const { gameId, roomCode } = await createRoom(h, null);
    await addBots(h, 2);
    await selectRoles(h, ROLES, 3);

    // the super admin pre-assigns the swap chain (docs/rules.md "Admin"): host = Role Thief, bots = Swapper, Random Role Taker
    const admin = await api(stack.url, '/api/auth/login', { email: stack.superAdmin.email, password: stack.superAdmin.password });
    const lobby = (await (await h.page.request.get(`/api/games/${gameId}`)).json()) as { view: GameView };
    const hostId = lobby.view.me!.userId;
    const bots = lobby.view.players.filter((p) => p.isBot).map((p) => p.userId);
    for (const [playerId, newRole] of [
      [hostId, 'Role Thief'],
      [bots[0]!, 'Role Swapper'],
      [bots[1]!, 'Random Role Taker'],
    ] as const) {
      const res = await api(stack.url, `/api/games/${gameId}/admin/player-role`, { playerId, newRole }, admin.cookie);
      expect([newRole, res.status]).toEqual([newRole, 200]);
    }
    await h.page.getByRole('button', { name: 'Start Game' }).click();
    await waitForRoute(h.page, 'game', gameId);

    // one human: every phase moves on as soon as the host acts
    await roleDeal(h, null);
    expect(h.role).toBe('Role Thief');
    await night(h, null);
    await roleResolve(h, null);
    await enterDiscussion(h, 3);
    await readyToVote(h, null);
    await vote(h, null);
    await results(h, null);

    // 1. The night replay on the results screen: before the night, every step, the last step = the final cards.
    const replay = await visible(h.page.getByTestId('night-replay'));
    await replay.scrollIntoViewIfNeeded();
    expect(await textOf(replay.getByTestId('replay-start'), 'Before the night: the cards as dealt')).toBe('Before the night: the cards as dealt');
    await shot(h.page, '01-results-replay-start');
    const states = await stepThrough(h.page);
    const finalView = ((await (await h.page.request.get(`/api/games/${gameId}`)).json()) as { view: GameView }).view;
    // before the night: the dealt cards
    expect(states[0]!.seats).toEqual(Object.fromEntries(finalView.players.map((p) => [p.userId, p.originalRole])));
    // after the last step: the final cards and center
    const last = states.at(-1)!;
    expect(last.seats).toEqual(Object.fromEntries(finalView.players.map((p) => [p.userId, p.currentRole])));
    expect(last.center).toEqual(finalView.game.centerCards);
    // the robbery: the host's card and the robbed bot's card change places
    const robIndex = states.findIndex((s) => / Role Thief /.test(` ${s.caption} `) && s.moves.length === 2);
    expect(robIndex).toBeGreaterThan(0);
    const rob = states[robIndex]!;
    expect(rob.caption).toContain('Demo Host');
    expect(rob.seats[hostId]).not.toBe(states[robIndex - 1]!.seats[hostId]);
    expect(rob.moves.some((m) => m.startsWith('Role Thief: Demo Host →'))).toBe(true);
    // the Random Role Taker always swaps with a center card: a card moves between a seat and the center
    const drunk = states.find((s) => s.moves.some((m) => / → Center \d$/.test(m)))!;
    expect(drunk.caption).toContain('Random Role Taker');
    expect(drunk.center).not.toEqual(states[states.indexOf(drunk) - 1]!.center);
    // screenshots of the robbery step and the center swap step (moved cards marked)
    await replay.getByTestId('replay-first').click();
    for (let i = 0; i < robIndex; i++) await replay.getByTestId('replay-next').click();
    expect(await replay.locator('[data-moved="true"]').count()).toBe(2);
    expect(await replay.getByTestId(`replay-seat-${hostId}`).getAttribute('aria-label')).toMatch(/^Demo Host: .+ \(moved\)$/);
    await replay.scrollIntoViewIfNeeded();
    await shot(h.page, '02-results-replay-rob');
    await replay.getByTestId('replay-first').click();
    for (let i = 0; i < states.indexOf(drunk); i++) await replay.getByTestId('replay-next').click();
    await replay.scrollIntoViewIfNeeded();
    await shot(h.page, '03-results-replay-center-swap');
    // Play runs to the last step by itself
    await replay.getByTestId('replay-first').click();
    await replay.getByTestId('replay-play').click();
    expect(await textOf(replay.getByTestId('replay-play'), 'Pause')).toBe('Pause');
    await poll(() => replay.getByTestId('replay-caption').getAttribute('data-step'), (s) => s === String(states.length - 2), 30_000, 'the replay to play to its last step');
    expect(await textOf(replay.getByTestId('replay-play'), 'Play')).toBe('Play');
    await shot(h.page, '04-results-replay-played', true);

    // 2. 'Game History' in the profile menu: the round with its date, room, outcome, role, team and players.
    await h.page.goto('/');
    await h.page.getByTestId('account-button').click();
    await visible(h.page.getByTestId('profile-modal'));
    await shot(h.page, '05-profile-menu');
    await h.page.getByTestId('game-history').click();
    await h.page.waitForURL((u) => u.pathname === '/history');
    const entry = await visible(h.page.getByTestId('history-entry'));
    expect(await h.page.getByTestId('history-entry').count()).toBe(1);
    expect(await entry.getAttribute('data-game')).toBe(gameId);
    expect(await entry.getAttribute('data-round')).toBe('1');
    expect(await textOf(entry.getByTestId('history-entry-room'), `Room ${roomCode} • round 1`)).toBe(`Room ${roomCode} • round 1`);
    const me = finalView.players.find((p) => p.userId === hostId)!;
    const results0 = finalView.game.voteResults!;
    const outcome = results0.winners.length === 0 ? 'draw' : results0.winners.includes(hostId) ? 'won' : 'lost';
    expect(await entry.getAttribute('data-outcome')).toBe(outcome);
    expect(await textOf(entry.getByTestId('history-entry-outcome'), /^(Won|Lost|Nobody won)$/)).toBe({ won: 'Won', lost: 'Lost', draw: 'Nobody won' }[outcome]);
    expect(await entry.getByTestId('history-entry-role').locator('[data-role]').first().getAttribute('data-role')).toBe('Role Thief');
    expect(me.originalRole).toBe('Role Thief');
    expect((await entry.getByTestId('history-entry-player').allInnerTexts()).map((s) => s.split('\n')[0]!.trim())).toEqual(finalView.players.map((p) => p.displayName));
    await shot(h.page, '06-history-list');

    // 3. The entry opens the same results and the same replay.
    await entry.getByTestId('history-entry-open').click();
    await h.page.waitForURL((u) => u.pathname === `/history/${gameId}/1`);
    await visible(h.page.getByTestId('history-results'));
    await visible(h.page.getByTestId('outcome-banner'));
    await visible(h.page.getByTestId('final-roles'));
    await shot(h.page, '07-history-replay-page');
    const again = await stepThrough(h.page);
    expect(again).toEqual(states);
    await h.page.getByTestId('night-replay').getByTestId('replay-first').click();
    for (let i = 0; i < robIndex; i++) await h.page.getByTestId('night-replay').getByTestId('replay-next').click();
    await h.page.getByTestId('night-replay').scrollIntoViewIfNeeded();
    await shot(h.page, '08-history-replay-rob');

    // 4. Signed out, /history asks to sign in; a round of another game is refused by the server.
    const visitor = await env.open('visitor', 'Visitor');
    await visitor.page.goto('/history');
    expect(await textOf(visitor.page.getByTestId('status-screen'), /Sign in to see the games you played\./)).toContain('Sign in to see the games you played.');
    await shot(visitor.page, '09-history-signed-out');
    await visitor.page.goto(`/history/${gameId}/1`);
    await visible(visitor.page.getByTestId('error-screen-message'));
    expect(await visitor.page.getByTestId('error-screen-message').getAttribute('data-code')).toBe('UNAUTHENTICATED');
    expect(h.errors).toEqual([]);
  }, 240_000);
});
