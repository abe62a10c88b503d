/**
 * Accessibility (issue 13 item 7): axe-core (through @axe-core/playwright) on every main screen of a real
 * game at 390x844, WCAG 2 A and AA rules; no serious or critical violation is allowed. Each screen also
 * needs one level-one heading, and the phase changes are announced in a live region.
 */
import { describe, expect, it } from '@jest/globals';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { addBots, createRoom, enterDiscussion, joinRoom, night, readyToVote, results, roleDeal, roleResolve, selectRoles, signIn, vote, waitForRoute } from './steps.js';
import { type Player, useBrowserStack, visible } from './support.js';

/** The serious and critical violations of a screen, as `rule: target (summary)` lines. */
async function violations(page: Page): Promise<string[]> {
  // a toast fading in or out blends its text into the page behind it: axe would measure a contrast no one reads.
  // So the scan waits until every finite animation (antd's motion) has ended, and when a toast was caught moving
  // all the same (one that arrived or began to close during the scan), it scans again once the motion is over; a
  // toast whose settled colours fail is found on every scan.
  const settled = () =>
    page
      .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 5000 })
      .catch(() => undefined);
  const scan = () => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const onMovingToast = (r: Awaited<ReturnType<typeof scan>>) =>
    r.violations.some((v) => (v.impact === 'serious' || v.impact === 'critical') && v.nodes.some((n) => n.target.join(' ').includes('ant-notification')));
  await settled();
  let res = await scan();
  for (let again = 0; again < 3 && onMovingToast(res); again++) {
    await page.waitForTimeout(600);
    await settled();
    res = await scan();
  }
  return res.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(' ')} (${(n.failureSummary ?? '').split('\n')[1]?.trim() ?? ''})`));
}

describe('accessibility of every main screen (axe-core in Chromium, real stack)', () => {
  // no screenshots here, so test-output/e2e (full-game.e2e.spec.ts's) is left alone
  const env = useBrowserStack();
  const found: Record<string, string[]> = {};
  /** Checks one screen: axe, and exactly one h1. */
  const check = async (p: Player, screen: string) => {
    found[screen] = await violations(p.page);
    const h1 = await p.page.locator('h1').count();
    if (h1 !== 1) found[screen]!.push(`page-has-one-h1: ${h1} level-one headings`);
  };

  it('home, sign-in, lobby, every game phase, results, profile and themes have no serious or critical violation', async () => {
    const guest = await env.open('a11y-guest', 'Gail');
    await guest.page.goto('/');
    await visible(guest.page.getByTestId('home-join-game'));
    await check(guest, 'home');
    await guest.page.getByTestId('home-join-game').click();
    await visible(guest.page.getByTestId('join-form'));
    await check(guest, 'join form');
    await guest.page.goto('/auth');
    await visible(guest.page.locator('form').first());
    await check(guest, 'auth');

    const host = await env.open('a11y-host', 'Demo Host');
    await signIn(host, env.stack.demoHost.email, env.stack.demoHost.password, null);
    const { gameId, roomCode } = await createRoom(host, null);
    await joinRoom(guest, roomCode, gameId, null);
    await addBots(host, 3);
    await selectRoles(host, { 'Bad Guy': 2, 'Role Looker': 1, 'Role Thief': 1, 'Role Swapper': 1, 'Self-Checker': 1, 'Basic Good Guy': 2 }, 5);
    await check(host, 'lobby (host)');
    await check(guest, 'lobby (guest)');
    await host.page.getByRole('button', { name: 'Start Game' }).click();
    await waitForRoute(host.page, 'game', gameId);
    await waitForRoute(guest.page, 'game', gameId);
    await visible(host.page.getByTestId('phase-role_deal'));
    await check(host, 'role_deal');
    const live = host.page.locator('[aria-live="polite"][data-testid="phase-announcer"]');
    expect(await live.textContent()).toMatch(/\S/);
    for (const p of [host, guest]) await roleDeal(p, null);
    await visible(host.page.getByTestId('phase-job_choice'));
    await check(host, 'job_choice');
    for (const p of [host, guest]) await night(p, null);
    await visible(host.page.getByTestId('phase-role_resolve'));
    await check(host, 'role_resolve');
    for (const p of [host, guest]) await roleResolve(p, null);
    for (const p of [host, guest]) await enterDiscussion(p, 5);
    await check(host, 'discussion');
    for (const p of [host, guest]) await readyToVote(p);
    await visible(host.page.getByTestId('phase-vote'));
    await check(host, 'vote');
    for (const p of [host, guest]) await vote(p, null);
    for (const p of [host, guest]) await results(p, null);
    await check(host, 'results');
    await host.page.goto('/profile');
    await visible(host.page.getByTestId('profile-page'));
    await check(host, 'profile');
    await host.page.goto('/themes');
    await visible(host.page.locator('main'));
    await check(host, 'themes');

    const bad = Object.entries(found).filter(([, v]) => v.length > 0);
    if (bad.length) console.log(bad.map(([s, v]) => `${s}:\n  ${v.join('\n  ')}`).join('\n'));
    expect(Object.fromEntries(bad)).toEqual({});
  }, 300_000);
});
