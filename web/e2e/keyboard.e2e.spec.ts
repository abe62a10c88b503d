/**
 * Issue 13 item 7 "a whole game is playable with the keyboard alone" (docs/architecture.md "Accessibility"), in
 * Debian's Chromium at 390x844 against the real built stack: the demo host and a guest play a whole game with two
 * bots, from the sign-in form to Play Again, and every one of their interactions goes through `page.keyboard`
 * (Tab / Shift+Tab to move, Enter / Space to press, arrow keys in the Role Looker's mode switch, typing in the
 * fields): never a mouse click. The seeded super admin deals them the Role Looker and the Role Thief over REST
 * (docs/rules.md "Admin"), so the night always has a radio group and player tiles. Opening a URL (the sign-in page, the home page) is the address bar's job. A few
 * controls are checked for a visible focus indicator (an outline or a box shadow) while they hold the keyboard
 * focus.
 *
 * Screenshots: test-output/e2e-keyboard/*.png (cleared at start), each with the focused control on screen.
 * Run: `npm run test:e2e -- keyboard.e2e` in web/ (after `nx run-many -t build`).
 */
import { describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { adminSession, assignRole, userIdOf } from './roles-support.js';
import { lobbyPlayerCount, waitForRoute } from './steps.js';
import { type Player, firstVisible, poll, textOf, tid, useBrowserStack, visible, shotFolder } from './support.js';



const { prepare: prepareShots, shot } = shotFolder('e2e-keyboard');

/** A 390x844 screenshot of a player's page as test-output/e2e-keyboard/{name}-{label}.png. */
const keyShot = (p: Player, name: string) => shot(p.page, `${name}-${p.label}`);

/** A short description of the focused element, for failure messages. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing (body)';
    const attr = (n: string) => (el.getAttribute(n) ? ` ${n}="${el.getAttribute(n)}"` : '');
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${attr('data-testid')}${attr('role')}${attr('aria-label')}${attr('type')}>${text ? ` "${text}"` : ''}`;
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` holds the keyboard focus (`document.activeElement`), at most
 * `max` times.
 * @throws Error naming the target and the element focused last when it never gets the focus
 */
export async function tabTo(page: Page, target: Locator, { max = 120, back = false }: { max?: number; back?: boolean } = {}): Promise<void> {
  // attached, not visible: a styled radio group's inputs are visually hidden and still take the focus
  await target.waitFor({ state: 'attached' });
  for (let i = 0; ; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    if (i >= max) throw new Error(`tabTo: ${target.toString()} not focused after ${max} ${back ? 'Shift+Tab' : 'Tab'} presses; focused: ${await describeFocus(page)}`);
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
}

/** Tabs to `target` and presses `key` (Enter by default) on it. */
async function press(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter', opts?: { back?: boolean }): Promise<void> {
  await tabTo(page, target, opts);
  await page.keyboard.press(key);
}

/**
 * The focus indicator of the focused element: its outline ('outline solid 2px rgb(...)') or box shadow, or ''
 * when it has none. A focused radio input hidden inside a styled item (antd's Segmented) is judged by its item.
 */
function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused) return '';
    const el = (focused.matches('input[type="radio"]') ? focused.closest('label') : null) ?? focused;
    const s = getComputedStyle(el);
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) return `outline ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
    if (s.boxShadow && s.boxShadow !== 'none') return `box-shadow ${s.boxShadow}`;
    return '';
  });
}

/** The app's page background (web/src/styles.css), against which a focus indicator must stand out. */
const PAGE_BACKGROUND: [number, number, number] = [0x0b, 0x0f, 0x1a];

/** WCAG 2.1 contrast ratio of two sRGB colours. */
function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const lum = (c: [number, number, number]) =>
    c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Asserts the focused element shows a focus indicator whose colour has at least 3:1 contrast with the page
 * background (WCAG 2.1 1.4.11 non-text contrast); returns it.
 */
async function expectVisibleFocus(page: Page, what: string): Promise<string> {
  const ring = await focusRing(page);
  if (!ring) throw new Error(`no visible focus on ${what}: ${await describeFocus(page)}`);
  const m = /rgba?\((\d+), (\d+), (\d+)/.exec(ring);
  if (!m) throw new Error(`focus indicator of ${what} without a colour: ${ring}`);
  const ratio = contrastRatio([Number(m[1]), Number(m[2]), Number(m[3])], PAGE_BACKGROUND);
  if (ratio < 3) throw new Error(`focus indicator of ${what} too faint (${ratio.toFixed(2)}:1): ${ring} on ${await describeFocus(page)}`);
  return ring;
}

/** 7 roles for 4 players; pickers of every kind: two center cards (Role Looker), one player, two players, a center card. */
const ROLES: Record<string, number> = { 'Bad Guy': 2, 'Role Looker': 1, 'Role Thief': 1, 'Role Swapper': 1, 'Random Role Taker': 1, 'Self-Checker': 1 };

/** Host, keyboard: Space on each role toggle until the selection is exactly `target`, walking the toggles forward. */
async function selectRolesByKeyboard(h: Player, target: Record<string, number>): Promise<void> {
  const { page } = h;
  const ids = await page.locator('[data-testid^="role-toggle-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  for (const id of ids) {
    const want = target[id.slice('role-toggle-'.length)] ?? 0;
    const toggle = page.getByTestId(id);
    for (let taps = 0; taps < 6; taps++) {
      const count = Number(await toggle.getAttribute('data-count'));
      if (count === want) break;
      await press(page, toggle, 'Space');
      await poll(async () => Number(await toggle.getAttribute('data-count')), (c) => c !== count, undefined, `${id} to change from ${count}`);
    }
    expect(Number(await toggle.getAttribute('data-count'))).toBe(want);
  }
}

/** The night by keyboard: Continue on information screens, the picker's tiles with Space / Enter, Submit Action. */
async function nightByKeyboard(p: Player, shots: boolean): Promise<string> {
  const { page } = p;
  await visible(page.getByTestId('phase-job_choice'));
  const used: string[] = [];
  for (let step = 0; step < 4; step++) {
    const screen = await firstVisible(page, [tid('night-info'), tid('night-no-action'), '[data-testid^="picker-"]', tid('action-submitted'), tid('phase-role_resolve')]);
    if (screen === 'action-submitted' || screen === 'phase-role_resolve') break;
    if (screen === 'night-info') {
      used.push('info');
      const info = page.getByTestId('night-info');
      await press(page, info.getByRole('button', { name: 'Continue' }));
      await info.waitFor({ state: 'hidden' });
      continue;
    }
    if (screen === 'night-no-action') {
      used.push('continue');
      await press(page, page.getByTestId('night-no-action').getByRole('button', { name: 'Continue' }));
      break;
    }
    const tiles = page.locator('[data-testid^="pick-player-"]');
    switch (screen) {
      case 'picker-role-looker': {
        // The mode switch is a radio group: Tab reaches the checked mode, the arrow keys move to 'Two center cards'.
        used.push('mode by arrows + two center cards');
        const modes = page.getByTestId('picker-role-looker').getByRole('radio');
        await tabTo(page, modes.and(page.locator(':checked')));
        await expectVisibleFocus(page, 'the Role Looker mode switch');
        if (shots) await keyShot(p, '05-night-mode-switch-focus');
        for (let i = 0; i < 3 && (await page.getByTestId('pick-counter').count()) === 0; i++) await page.keyboard.press('ArrowRight');
        expect(await textOf(page.getByTestId('pick-counter'), '0/2')).toBe('0/2');
        await press(page, page.getByTestId('pick-center-0'), 'Space');
        await press(page, page.getByTestId('pick-center-2'), 'Enter');
        expect(await textOf(page.getByTestId('pick-counter'), '2/2')).toBe('2/2');
        expect(await page.getByTestId('pick-center-2').getAttribute('aria-pressed')).toBe('true');
        break;
      }
      case 'picker-rob_player':
      case 'picker-view_center_card':
      case 'picker-swap_center': {
        const tile = screen === 'picker-rob_player' ? tiles.first() : page.getByTestId('pick-center-1');
        used.push(screen === 'picker-rob_player' ? 'one player' : 'one center card');
        await press(page, tile, 'Space');
        expect(await tile.getAttribute('aria-pressed')).toBe('true');
        await expectVisibleFocus(page, `a tile of ${screen}`);
        if (shots) await keyShot(p, '05-night-tile-focus');
        break;
      }
      case 'picker-swap_players': {
        used.push('two players');
        await press(page, tiles.nth(0), 'Space');
        await press(page, tiles.nth(1), 'Enter');
        expect(await textOf(page.getByTestId('pick-counter'), '2/2')).toBe('2/2');
        await expectVisibleFocus(page, 'a player tile');
        if (shots) await keyShot(p, '05-night-tile-focus');
        break;
      }
      default:
        throw new Error(`${p.label} (${p.role}): unexpected night screen ${screen}`);
    }
    const submit = page.getByRole('button', { name: 'Submit Action' });
    await poll(() => submit.isEnabled(), (e) => e, undefined, `'Submit Action' enabled (${screen})`);
    await press(page, submit);
    break;
  }
  await firstVisible(page, [tid('action-submitted'), tid('phase-role_resolve')]);
  return used.join(' + ') || 'none';
}

describe('a whole game with the keyboard alone (Chromium, 390x844, real stack)', () => {
  const env = useBrowserStack({ prepare: prepareShots });

  it('host and guest play from sign-in to Play Again with Tab, Enter, Space, arrows and typing only; focus is visible', async () => {
    const h = await env.open('host', 'Demo Host');
    const g = await env.open('guest', 'Ava');
    const all = [h, g];

    // 1. The host signs in: email, Tab, password, Enter.
    await h.page.goto('/auth');
    await visible(h.page.getByTestId('auth-page'));
    await tabTo(h.page, h.page.getByTestId('signin-email'));
    await h.page.keyboard.type(env.stack.demoHost.email);
    await tabTo(h.page, h.page.getByTestId('signin-password'));
    await h.page.keyboard.type(env.stack.demoHost.password);
    await keyShot(h, '01-signin');
    await h.page.keyboard.press('Enter');
    await h.page.waitForURL((u) => u.pathname === '/');

    // 2. Create Game (its focus ring checked).
    const create = h.page.getByTestId('home-create-game');
    await tabTo(h.page, create);
    const ring = await expectVisibleFocus(h.page, 'Create Game');
    await keyShot(h, '02-home-create-focus');
    await h.page.keyboard.press('Enter');
    const gameId = await waitForRoute(h.page, 'lobby');
    const roomCode = await textOf(h.page.getByTestId('room-code'), /^[A-Z0-9]{6}$/);

    // 3. The guest joins by code from the home page's form.
    await g.page.goto('/');
    await press(g.page, g.page.getByTestId('home-join-game'));
    await tabTo(g.page, g.page.getByTestId('join-display-name'));
    await g.page.keyboard.type('Ava');
    await tabTo(g.page, g.page.getByTestId('join-room-code'));
    await g.page.keyboard.type(roomCode.toLowerCase());
    await keyShot(g, '03-join');
    await press(g.page, g.page.getByTestId('join-submit'));
    await waitForRoute(g.page, 'lobby', gameId);
    expect(await lobbyPlayerCount(h.page, 2)).toBe(2);

    // 4. Two bots (Enter twice on the focused button), 'Suggest roles', then the roles set toggle by toggle with Space.
    const addBot = h.page.getByTestId('add-bot');
    await press(h.page, addBot);
    expect(await lobbyPlayerCount(h.page, 3)).toBe(3);
    await press(h.page, addBot);
    expect(await lobbyPlayerCount(h.page, 4)).toBe(4);
    await press(h.page, h.page.getByTestId('suggest-roles'));
    expect(await textOf(h.page.getByTestId('role-count'), '7 / 7')).toBe('7 / 7');
    await selectRolesByKeyboard(h, ROLES);
    expect(await textOf(h.page.getByTestId('role-count'), '7 / 7')).toBe('7 / 7');
    await expectVisibleFocus(h.page, 'a role toggle');
    await keyShot(h, '04-lobby-role-toggle-focus');
    // Start is disabled (so not focusable) until the server has the last toggle's selection
    await poll(() => h.page.getByTestId('start-game').isEnabled(), (on) => on, undefined, 'Start enabled (the roles confirmed)');
    await press(h.page, h.page.getByTestId('start-game'));
    await Promise.all(all.map((p) => waitForRoute(p.page, 'game', gameId)));

    // 5. role_deal: the seeded super admin (over REST, not a player) deals the host the Role Looker and the guest the
    // Role Thief, so that the night always has the mode switch and player tiles; then 'I Understand My Role'.
    const admin = await adminSession(env.stack);
    const dealt: Record<string, string> = { host: 'Role Looker', guest: 'Role Thief' };
    // (a change makes every human confirm again: docs/rules.md "Admin"; so both changes come first)
    for (const p of all) {
      await visible(p.page.getByTestId('role-card'));
      await assignRole(env.stack, admin, gameId, await userIdOf(p, gameId), dealt[p.label]!);
    }
    for (const p of all) {
      p.role = await poll(async () => (await p.page.getByTestId('role-card').getAttribute('data-role')) ?? '', (r) => r === dealt[p.label], undefined, `${p.label}'s card`);
    }
    // the host confirms and sees it before the guest does: the guest's confirmation ends role_deal, and on a busy
    // machine the host's 'understood' view could then be replaced before it was ever seen
    for (const p of all) {
      await press(p.page, p.page.getByRole('button', { name: 'I Understand My Role' }));
      if (p === h) {
        await visible(h.page.getByTestId('role-understood'));
        await keyShot(h, '05-role-deal-understood');
      }
    }

    // 6. The night: every picker by keyboard.
    const nights: string[] = [];
    for (const p of all) nights.push(await nightByKeyboard(p, true));
    expect(nights).toEqual(['mode by arrows + two center cards', 'one player']);

    // 7. role_resolve: 'Got it!'.
    for (const p of all) {
      await visible(p.page.getByTestId('phase-role_resolve'));
      await press(p.page, p.page.getByRole('button', { name: 'Got it!' }));
    }

    // 8. Discussion: a chat line typed and sent with Enter, seen by the other; 'I'm Ready to Vote'.
    for (const p of all) await visible(p.page.getByTestId('phase-discussion'));
    await tabTo(h.page, h.page.getByTestId('chat-input'));
    await h.page.keyboard.type('Typed without a mouse.');
    await h.page.keyboard.press('Enter');
    await visible(g.page.getByTestId('chat-message').filter({ hasText: 'Typed without a mouse.' }));
    await keyShot(h, '06-discussion-chat');
    // the game menu opens from the keyboard and closes with Escape, focus back on its button
    const menu = h.page.getByTestId('game-menu');
    await press(h.page, menu, 'Enter', { back: true });
    await visible(h.page.getByTestId('menu-return-home'));
    await keyShot(h, '07-game-menu-open');
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('menu-return-home').waitFor({ state: 'hidden' });
    for (const p of all) {
      const ready = p.page.getByRole('button', { name: "I'm Ready to Vote" });
      await tabTo(p.page, ready);
      await expectVisibleFocus(p.page, "I'm Ready to Vote");
      await p.page.keyboard.press('Enter');
    }

    // 9. Vote: a player tile with Space, then 'Vote for {name}' with Enter.
    for (const p of all) {
      await visible(p.page.getByTestId('phase-vote'));
      const option = p.page.locator('[data-testid^="vote-option-"]').first();
      await press(p.page, option, 'Space');
      expect(await option.getAttribute('aria-pressed')).toBe('true');
      await expectVisibleFocus(p.page, 'a vote option');
      if (p === h) await keyShot(h, '08-vote-option-focus');
      await press(p.page, p.page.getByTestId('submit-vote'));
    }

    // 10. Results, then Play Again back to the lobby.
    for (const p of all) await visible(p.page.getByTestId('outcome-banner'));
    await keyShot(h, '09-results');
    for (const p of all) await press(p.page, p.page.getByRole('button', { name: 'Play Again' }));
    for (const p of all) await waitForRoute(p.page, 'lobby', gameId);
    await keyShot(h, '10-lobby-again');
    expect(all.flatMap((p) => p.errors)).toEqual([]);
    console.log(`keyboard game ${gameId}: ${all.map((p, i) => `${p.label} ${p.role} night: ${nights[i]}`).join('; ')}; Create Game focus: ${ring}`);
  });
});
