/**
 * Issue 13 item 2 (docs/rules.md "Spectators") in Debian's Chromium at 390x844 against the real built stack: a
 * guest presses Watch on the join form, sees the lobby read only with the watching banner while the players see
 * '1 spectator', then watches a whole game of the host, a guest and two bots: each phase's public screen (who is
 * done, the timers, the chat without an input) and at the results every card, the night replay and Verify deal.
 * Every frame the spectator's socket received is read back: before the results none carries a card, an action,
 * a result, the seed or the center; at the results they are all there.
 *
 * Screenshots: test-output/e2e-spectators/*.png (cleared at start).
 * Run: `npm run test:e2e -- spectators.e2e` in web/ (after `nx run-many -t build`).
 */
import { describe, expect, it } from '@jest/globals';
import type { GameView } from '@nightfall/game-rules';
import { addBots, createRoom, joinRoom, lobbyPlayerCount, night, readyToVote, results, roleDeal, roleResolve, signIn, vote, waitForRoute } from './steps.js';
import { poll, textOf, useBrowserStack, visible, shotFolder } from './support.js';



const { prepare: prepareShots, shot: watchShot } = shotFolder('e2e-spectators');

describe('spectators (Chromium, 390x844, real stack)', () => {
  const env = useBrowserStack({ prepare: prepareShots });

  it('a spectator watches a whole game from the lobby to the results and receives no secret before them', async () => {
    const host = await env.open('host', 'Demo Host');
    const ava = await env.open('ava', 'Ava');
    const sam = await env.open('sam', 'Sam');
    // every frame the spectator's sockets receive, for the secrets check at the end
    const frames: string[] = [];
    sam.page.on('websocket', (ws) => ws.on('framereceived', (f) => typeof f.payload === 'string' && frames.push(f.payload)));

    await signIn(host, env.stack.demoHost.email, env.stack.demoHost.password, null);
    const { gameId, roomCode } = await createRoom(host, null);
    await joinRoom(ava, roomCode, gameId, null);

    // Watch from the join form
    await sam.page.goto('/');
    await sam.page.getByTestId('home-join-game').click();
    await sam.page.getByTestId('join-display-name').fill('Sam');
    await sam.page.getByTestId('join-room-code').fill(roomCode);
    await sam.page.getByTestId('join-watch').click();
    await waitForRoute(sam.page, 'lobby', gameId);
    await visible(sam.page.getByTestId('spectator-banner'));
    expect(await textOf(sam.page.getByTestId('spectator-banner'), /^You are watching/)).toMatch(/Stop Watching$/);
    expect(await sam.page.getByTestId('start-game').count()).toBe(0);
    expect(await textOf(host.page.getByTestId('spectator-count'), '1 spectator')).toBe('1 spectator');
    await lobbyPlayerCount(sam.page, 2);
    await watchShot(sam.page, '01-lobby-sam');

    // the host starts a game of 2 humans and 2 bots
    await addBots(host, 2);
    await host.page.getByTestId('suggest-roles').click();
    await poll(() => host.page.getByTestId('role-count').textContent(), (t) => t === '7 / 7', undefined, 'the suggested 7 roles');
    await host.page.getByTestId('start-game').click();
    await waitForRoute(sam.page, 'game', gameId);
    await visible(sam.page.locator('[data-testid="spectator-game"][data-phase="role_deal"]'));
    expect(await sam.page.getByTestId('role-card').count()).toBe(0);
    await watchShot(sam.page, '02-role-deal-sam');

    for (const p of [host, ava]) await waitForRoute(p.page, 'game', gameId);
    for (const p of [host, ava]) await roleDeal(p, null);
    await visible(sam.page.locator('[data-testid="spectator-game"][data-phase="job_choice"]'));
    await watchShot(sam.page, '03-night-sam');
    await night(host, null, true);
    await night(ava, null);
    for (const p of [host, ava]) await roleResolve(p, null);
    await visible(sam.page.locator('[data-testid="spectator-game"][data-phase="discussion"]'));
    // the chat is read, never written
    expect(await sam.page.getByTestId('chat-input').count()).toBe(0);
    await watchShot(sam.page, '04-discussion-sam');
    for (const p of [host, ava]) await readyToVote(p);
    for (const p of [host, ava]) await vote(p, null);
    for (const p of [host, ava]) await results(p, null);
    await visible(sam.page.locator('[data-testid="spectator-game"][data-phase="results"]'));
    await visible(sam.page.getByTestId('final-roles'));
    await watchShot(sam.page, '05-results-sam', true);

    // the secrets: nothing before the results, everything at them
    const views = frames
      .map((f) => {
        try {
          return JSON.parse(f) as { view?: GameView };
        } catch {
          return {};
        }
      })
      .flatMap((m) => (m.view ? [m.view] : []));
    const before = views.filter((v) => v.game.phase !== 'results');
    const after = views.filter((v) => v.game.phase === 'results');
    expect(before.length).toBeGreaterThan(5);
    expect(after.length).toBeGreaterThan(0);
    for (const v of before) {
      expect(v.me).toBeNull();
      expect(v.spectating).toBe(true);
      expect(v.game.seed).toBeNull();
      expect(v.game.centerCards).toBeNull();
      expect(v.game.nightLog).toBeNull();
      for (const p of v.players) expect(p.originalRole ?? p.currentRole ?? p.voteTarget).toBeUndefined();
    }
    for (const f of frames) if (!f.includes('"phase":"results"')) expect(f).not.toMatch(/"(actionResult|actionData|nightInfo|immediateResult)"/);
    const last = after[after.length - 1]!;
    expect(last.game.seed).toMatch(/^[0-9a-f]+$/);
    expect(last.players.every((p) => typeof p.originalRole === 'string')).toBe(true);

    // stop watching: back home
    await sam.page.getByTestId('stop-watching').click();
    await sam.page.waitForURL((u) => u.pathname === '/');
    for (const p of [host, ava, sam]) expect(p.errors).toEqual([]);
  }, 240_000);
});
