/**
 * Issue 13 item 3 (docs/rules.md "Seat hold and autopilot", "Kick and leave") in Debian's Chromium at 390x844
 * against the real built stack, with seats held 8 s (game-engine SEAT_HOLD_S):
 * - in the lobby the host removes a guest after a confirmation: the guest sees 'Removed from the room' and
 *   cannot join again with the code; another guest leaves with 'Leave Room' and is back home;
 * - mid-night a player closes the tab: the others see 'Away, seat held 0:0N' on the seat, then 'Autopilot'
 *   once the hold ran out, and the night ends with the autopilot's move; the player opens the game again,
 *   takes the seat back (no autopilot mark) and the game is played to the results by everyone.
 *
 * Screenshots: test-output/e2e-seats/*.png (cleared at start).
 * Run: `npm run test:e2e -- seats.e2e` in web/ (after `nx run-many -t build`).
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { addBots, createRoom, joinRoom, lobbyPlayerCount, night, readyToVote, results, roleDeal, roleResolve, signIn, vote, waitForRoute } from './steps.js';
import { poll, textOf, useBrowserStack, visible, type Player, shotFolder } from './support.js';



const { prepare: prepareShots, shot: seatShot } = shotFolder('e2e-seats');

/** The lobby row of the player named `name` in `page`'s player list. */
const lobbyRow = (page: Page, name: string) => page.getByTestId('player-list').locator('li').filter({ hasText: name });

describe('seat hold, autopilot, kick and leave (Chromium, 390x844, real stack)', () => {
  const env = useBrowserStack({ prepare: prepareShots, stack: { engineEnv: { SEAT_HOLD_S: '8' } } });

  it('the host removes a guest, a guest leaves, and a player who closes the tab mid-night is held, autopiloted and back for the results', async () => {
    const host = await env.open('host', 'Demo Host');
    const ava = await env.open('ava', 'Ava');
    const ben = await env.open('ben', 'Ben');
    const cat = await env.open('cat', 'Cat');
    const dan = await env.open('dan', 'Dan');
    await signIn(host, env.stack.demoHost.email, env.stack.demoHost.password, null);
    const { gameId, roomCode } = await createRoom(host, null);
    for (const g of [ava, ben, cat, dan]) await joinRoom(g, roomCode, gameId, null);
    await lobbyPlayerCount(host.page, 5);

    // 1. Kick: a confirmation first; the removed guest is told and cannot come back with the code.
    await lobbyRow(host.page, 'Cat').locator('[data-testid^="kick-"]').click();
    await visible(host.page.getByText('Remove Cat?'));
    await visible(host.page.getByText('They leave the room and cannot join it again.'));
    await seatShot(host.page, '01-kick-confirm-host');
    await host.page.locator('[data-testid^="kick-confirm-"]').click();
    await lobbyPlayerCount(host.page, 4);
    expect(await textOf(cat.page.getByTestId('removed-message'), 'The host removed you from this room.')).toBe('The host removed you from this room.');
    await seatShot(cat.page, '02-kicked-cat');
    await cat.page.goto('/');
    await cat.page.getByTestId('home-join-game').click();
    await cat.page.getByTestId('join-display-name').fill('Cat');
    await cat.page.getByTestId('join-room-code').fill(roomCode);
    await cat.page.getByTestId('join-submit').click();
    await visible(cat.page.getByText('The host removed you from this room').first());
    await seatShot(cat.page, '03-rejoin-refused-cat');
    expect(new URL(cat.page.url()).pathname).not.toContain('/lobby/');

    // 2. Leave: Dan leaves from the lobby and is home again; the host's list closes up.
    await dan.page.getByTestId('leave-room').click();
    await dan.page.getByTestId('leave-room-confirm').click();
    await dan.page.waitForURL((u) => u.pathname === '/');
    await lobbyPlayerCount(host.page, 3);

    // 3. A game of 3 humans and 2 bots.
    await addBots(host, 2);
    await host.page.getByTestId('suggest-roles').click();
    await poll(() => host.page.getByTestId('role-count').textContent(), (t) => t === '8 / 8', undefined, 'the suggested 8 roles');
    await host.page.getByTestId('start-game').click();
    for (const p of [host, ava, ben]) await waitForRoute(p.page, 'game', gameId);
    for (const p of [host, ava, ben]) await roleDeal(p, null);

    // 4. Mid-night: the host and Ava act, then Ben closes his tab.
    await night(host, null, true);
    await night(ava, null);
    await visible(ava.page.getByTestId('action-submitted'));
    await ben.page.close();
    const held = await visible(host.page.locator('[data-testid^="seat-held-"]'), 10_000);
    expect(await textOf(held, /Away, seat held 0:0\d/)).toMatch(/^Away, seat held 0:0\d$/);
    await seatShot(host.page, '04-seat-held-host');
    // the hold runs out: the autopilot plays Ben's night and the night ends; the host reads the result, and
    // the ready list shows Ben's seat on autopilot (ready at once)
    await visible(host.page.getByTestId('phase-role_resolve'), 20_000);
    await roleResolve(host, null);
    expect(await textOf(host.page.locator('[data-testid^="seat-autopilot-"]'), 'Autopilot')).toBe('Autopilot');
    await seatShot(host.page, '05-autopilot-host');

    // 5. Ben comes back: the seat is his again, with the autopilot's night result.
    ben.page = await ben.context.newPage();
    await ben.page.goto(`/game/${gameId}`);
    await visible(ben.page.getByTestId('phase-role_resolve'));
    expect((await textOf(ben.page.getByTestId('action-result'))).length).toBeGreaterThan(0);
    await poll(() => host.page.locator('[data-testid^="seat-autopilot-"]').count(), (n) => n === 0, undefined, 'the autopilot mark gone');
    await seatShot(ben.page, '06-back-ben');

    // 6. Everyone plays on to the results.
    await roleResolve(ava, null);
    for (const p of [host, ava, ben]) await visible(p.page.getByTestId('phase-discussion'));
    for (const p of [host, ava, ben]) await readyToVote(p);
    for (const p of [host, ava, ben]) await vote(p, null);
    for (const p of [host, ava, ben]) await results(p, null);
    await seatShot(ben.page, '07-results-ben');
    for (const p of [host, ava, ben, cat, dan] as Player[]) expect(p.errors).toEqual([]);
  }, 240_000);
});
