/**
 * Helpers of the every-role browser test (roles.e2e.spec.ts): the admin endpoint that deals a chosen role
 * to a player during role_deal, one scripted night action per role through its picker, and checks of the
 * night results, discussion and results views. Screenshots go to test-output/e2e-roles/.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@jest/globals';
import { api, type RunningStack } from '@nightfall/testing';
import type { Page } from 'playwright-core';
import { firstVisible, poll, textOf, tid, visible, type Player } from './support.js';

/** Where the screenshots of this test go (repository root test-output/e2e-roles). */
export const ROLE_SHOT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../test-output/e2e-roles');

/** Creates the screenshot folder and removes the PNGs of an earlier run. */
export function prepareRoleShots(): void {
  mkdirSync(ROLE_SHOT_DIR, { recursive: true });
  for (const f of readdirSync(ROLE_SHOT_DIR)) if (f.endsWith('.png')) rmSync(resolve(ROLE_SHOT_DIR, f));
}

/** 'Bad Guy Converter' -> 'bad-guy-converter'. */
export const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Saves a 390x844 screenshot (or the whole page) as test-output/e2e-roles/{name}.png. */
export async function rshot(page: Page, name: string, full = false): Promise<void> {
  await page.screenshot({ path: resolve(ROLE_SHOT_DIR, `${name}.png`), fullPage: full, animations: 'disabled', caret: 'hide' });
}

/** The signed-in super admin account (seeded by startTestStack): its session cookie and user id. */
export interface Admin {
  cookie: string;
  userId: string;
}

/**
 * Signs the seeded super admin in over REST: the role change is the super admin's alone (docs/rules.md
 * "Admin"; a plain admin gets 403 'Access Denied').
 */
export async function adminSession(stack: RunningStack): Promise<Admin> {
  const login = await api(stack.url, '/api/auth/login', { email: stack.superAdmin.email, password: stack.superAdmin.password });
  expect(login.status).toBe(200);
  const me = await api(stack.url, '/api/me', undefined, login.cookie);
  expect(me.status).toBe(200);
  return { cookie: login.cookie!, userId: me.body.id as string };
}

/** POST /api/games/{gameId}/admin/player-role: deals `role` to `playerId` (role_deal only). */
export async function assignRole(stack: RunningStack, admin: Admin, gameId: string, playerId: string, role: string): Promise<void> {
  const res = await api(stack.url, `/api/games/${gameId}/admin/player-role`, { userId: admin.userId, playerId, newRole: role }, admin.cookie);
  if (res.status !== 200) throw new Error(`admin player-role ${role} -> ${playerId}: ${res.status} ${JSON.stringify(res.body)}`);
  expect(res.body.notice).toEqual({ code: 'role_updated', params: {} });
}

/** The player's own user id, from its view of the game (GET /api/games/{id} with its cookies). */
export async function userIdOf(p: Player, gameId: string): Promise<string> {
  const res = await p.context.request.get(`/api/games/${gameId}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { view: { me: { userId: string } } };
  return body.view.me.userId;
}

/** What a round's script needs to know about the table. */
export interface Table {
  /** userId by display name (humans and bots). */
  ids: Record<string, string>;
  /** Screenshot name prefix of the round, e.g. 'R3'. */
  round: string;
}

const tile = (page: Page, userId: string) => page.getByTestId(`pick-player-${userId}`);
const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Action' });
const pressed = async (page: Page, id: string) => (await page.getByTestId(id).getAttribute('aria-pressed')) === 'true';

async function expectSubmit(page: Page, enabled: boolean, what: string): Promise<void> {
  const state = await poll(() => submitButton(page).isEnabled(), (e) => e === enabled, 5000, `'Submit Action' ${enabled ? 'enabled' : 'disabled'} (${what})`);
  expect(state).toBe(enabled);
}

/** Picks a player's tile and checks it is pressed. */
async function pickPlayer(page: Page, userId: string): Promise<void> {
  await tile(page, userId).click();
  expect(await tile(page, userId).getAttribute('aria-pressed')).toBe('true');
}

/** Player ids on the visible picker tiles, in order. */
async function tileIds(page: Page): Promise<string[]> {
  const ids = await page.locator('[data-testid^="pick-player-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.map((x) => x.slice('pick-player-'.length));
}

/**
 * One role's night script: the picker it must get and what to do there. `plan` names targets by display
 * name ('Bot 1', 'Ava'...). Returns the picker's test id. Screenshots: {round}-03-night-{role}-{label}.
 */
export type NightScript = (p: Player, t: Table, shotName: string) => Promise<string>;

/** Waits for a picker (test id) after any information screen, which is photographed and dismissed. */
async function reachPicker(p: Player, pickerId: string, shotName: string): Promise<void> {
  const page = p.page;
  for (let i = 0; i < 3; i++) {
    const screen = await firstVisible(page, [tid('night-info'), '[data-testid^="picker-"]', tid('night-no-action')]);
    if (screen === 'night-info') {
      await rshot(page, `${shotName}-info`);
      await page.getByTestId('night-info').getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('night-info').waitFor({ state: 'hidden' });
      continue;
    }
    expect(screen).toBe(pickerId);
    return;
  }
  throw new Error(`${p.label}: no ${pickerId}`);
}

/** Continue on an info or no-action screen (roles without a choice). */
async function continueOnly(p: Player, expected: 'night-info' | 'night-no-action', shotName: string, check?: (page: Page) => Promise<void>): Promise<string> {
  const page = p.page;
  const screen = await firstVisible(page, [tid('night-info'), tid('night-no-action'), '[data-testid^="picker-"]']);
  expect(screen).toBe(expected);
  await check?.(page);
  await rshot(page, shotName);
  await page.getByTestId(expected).getByRole('button', { name: 'Continue' }).click();
  return expected;
}

async function submit(p: Player, shotName: string): Promise<void> {
  await expectSubmit(p.page, true, shotName);
  await rshot(p.page, shotName);
  await submitButton(p.page).click();
}

/** The night scripts, by dealt role. */
export interface NightPlan {
  target?: string;
  target2?: string;
  /** Extra check on an information screen, before Continue. */
  check?: (page: Page) => Promise<void>;
}

export const NIGHT: Record<string, (plan: NightPlan) => NightScript> = {
  // Converter: sees its team, converts a non-bad-guy (never a teammate, never itself), or passes.
  'Bad Guy Converter': ({ target }) => async (p, t, name) => {
    await reachPicker(p, 'picker-convert_player', name);
    const page = p.page;
    await visible(page.getByTestId('converter-team'));
    expect(await tileIds(page)).not.toContain(t.ids[p.name]);
    await visible(page.getByRole('button', { name: 'Pass' }));
    await expectSubmit(page, false, 'no target');
    await pickPlayer(page, t.ids[target!]!);
    await submit(p, name);
    return 'picker-convert_player';
  },
  // Single Role Looker with a Converter dealt: three center cards plus the bad-guy pile; looks at the pile.
  'Single Role Looker': () => async (p, _t, name) => {
    await reachPicker(p, 'picker-view_center_card', name);
    const page = p.page;
    expect(await page.locator('[data-testid^="pick-center-"]').count()).toBe(3);
    await expectSubmit(page, false, 'nothing picked');
    await page.getByTestId('pick-pile').click();
    expect(await pressed(page, 'pick-pile')).toBe(true);
    await submit(p, name);
    return 'picker-view_center_card';
  },
  // Role Looker: the 0/2 counter and the third pick dropping the oldest, then the bad-guy pile mode.
  'Role Looker': ({ target }) => async (p, t, name) => {
    await reachPicker(p, 'picker-role-looker', name);
    const page = p.page;
    await expectSubmit(page, false, 'nothing picked');
    await page.getByTestId('looker-mode-center').click();
    expect(await textOf(page.getByTestId('pick-counter'), '0/2')).toBe('0/2');
    for (const i of [0, 1, 2]) await page.getByTestId(`pick-center-${i}`).click();
    expect(await textOf(page.getByTestId('pick-counter'), '2/2')).toBe('2/2');
    expect(await pressed(page, 'pick-center-0')).toBe(false);
    expect(await pressed(page, 'pick-center-2')).toBe(true);
    await expectSubmit(page, true, 'two center cards');
    await rshot(page, `${name}-center`);
    if (target) {
      await page.getByTestId('looker-mode-player').click();
      await expectSubmit(page, false, 'player mode, nobody picked');
      await pickPlayer(page, t.ids[target]!);
    } else {
      await page.getByTestId('looker-mode-pile').click();
      await visible(page.getByTestId('pick-pile'));
    }
    await submit(p, name);
    return 'picker-role-looker';
  },
  // Lone Bad Guy: the info screen says it is alone, then one center card (no pile without a Converter).
  'Bad Guy': () => async (p, _t, name) => {
    const page = p.page;
    const screen = await firstVisible(page, [tid('night-info')]);
    expect(screen).toBe('night-info');
    await visible(page.getByTestId('night-info-lone-wolf'));
    await reachPicker(p, 'picker-view_center_card', name);
    expect(await page.getByTestId('pick-pile').count()).toBe(0);
    await expectSubmit(page, false, 'nothing picked');
    await page.getByTestId('pick-center-1').click();
    await submit(p, name);
    return 'picker-view_center_card';
  },
  'Role Thief': ({ target }) => async (p, t, name) => {
    await reachPicker(p, 'picker-rob_player', name);
    expect(await tileIds(p.page)).not.toContain(t.ids[p.name]);
    await expectSubmit(p.page, false, 'nobody picked');
    await pickPlayer(p.page, t.ids[target!]!);
    await submit(p, name);
    return 'picker-rob_player';
  },
  // Random Role Taker: the first card is chosen by default, so Submit starts enabled; no pass.
  'Random Role Taker': () => async (p, _t, name) => {
    await reachPicker(p, 'picker-swap_center', name);
    const page = p.page;
    expect(await pressed(page, 'pick-center-0')).toBe(true);
    await expectSubmit(page, true, 'default card');
    expect(await page.getByRole('button', { name: 'Pass' }).count()).toBe(0);
    await page.getByTestId('pick-center-2').click();
    expect(await pressed(page, 'pick-center-2')).toBe(true);
    expect(await pressed(page, 'pick-center-0')).toBe(false);
    await submit(p, name);
    return 'picker-swap_center';
  },
  // Advanced Bad Guy: sees its team first, then views one other player; no center selector.
  'Advanced Bad Guy': ({ target }) => async (p, t, name) => {
    await reachPicker(p, 'picker-view_player', name);
    const page = p.page;
    expect(await page.locator('[data-testid^="pick-center-"]').count()).toBe(0);
    expect(await tileIds(page)).not.toContain(t.ids[p.name]);
    await expectSubmit(page, false, 'nobody picked');
    await pickPlayer(page, t.ids[target!]!);
    await submit(p, name);
    return 'picker-view_player';
  },
  'Stalker': ({ target }) => async (p, t, name) => {
    await reachPicker(p, 'picker-target_player', name);
    expect(await p.page.getByRole('button', { name: 'Pass' }).count()).toBe(0);
    await expectSubmit(p.page, false, 'nobody picked');
    await pickPlayer(p.page, t.ids[target!]!);
    await submit(p, name);
    return 'picker-target_player';
  },
  // Role Swapper: exactly two; Submit only at 2/2.
  'Role Swapper': ({ target, target2 }) => async (p, t, name) => {
    await reachPicker(p, 'picker-swap_players', name);
    const page = p.page;
    expect(await textOf(page.getByTestId('pick-counter'), '0/2')).toBe('0/2');
    await pickPlayer(page, t.ids[target!]!);
    expect(await textOf(page.getByTestId('pick-counter'), '1/2')).toBe('1/2');
    await expectSubmit(page, false, 'one player');
    await pickPlayer(page, t.ids[target2!]!);
    expect(await textOf(page.getByTestId('pick-counter'), '2/2')).toBe('2/2');
    await submit(p, name);
    return 'picker-swap_players';
  },
  // All Role Switcher: left or right, no pass.
  'Village Idiot': () => async (p, _t, name) => {
    await reachPicker(p, 'picker-shift_cards', name);
    const page = p.page;
    expect(await page.getByRole('button', { name: 'Pass' }).count()).toBe(0);
    await expectSubmit(page, false, 'no direction');
    await page.getByTestId('pick-direction-left').click();
    expect(await pressed(page, 'pick-direction-left')).toBe(true);
    await submit(p, name);
    return 'picker-shift_cards';
  },
  // Role Giver: needs both a center card and a player (itself allowed).
  'Role Giver': ({ target }) => async (p, t, name) => {
    await reachPicker(p, 'picker-view_and_swap', name);
    const page = p.page;
    expect(await tileIds(page)).toContain(t.ids[p.name]);
    await page.getByTestId('pick-center-1').click();
    await expectSubmit(page, false, 'center card only');
    await pickPlayer(page, t.ids[target!]!);
    await submit(p, name);
    return 'picker-view_and_swap';
  },
  // Item Giver: any player (itself included); the artifact is random and unknown.
  'Item Giver': ({ target }) => async (p, t, name) => {
    await reachPicker(p, 'picker-assign_artifact', name);
    const page = p.page;
    expect(await textOf(page.getByTestId('picker-note'))).toBe('The artifact is random and unknown to the giver.');
    expect(await tileIds(page)).toContain(t.ids[p.name]);
    await expectSubmit(page, false, 'nobody picked');
    await pickPlayer(page, t.ids[target!]!);
    await submit(p, name);
    return 'picker-assign_artifact';
  },
  // Tapper: only the two adjacent seats (wrapping), no pass.
  'Tapper': ({ target, target2 }) => async (p, t, name) => {
    await reachPicker(p, 'picker-tap_player', name);
    const page = p.page;
    expect((await tileIds(page)).sort()).toEqual([t.ids[target!]!, t.ids[target2!]!].sort());
    await visible(page.getByText('Seated on your left'));
    await visible(page.getByText('Seated on your right'));
    expect(await page.getByRole('button', { name: 'Pass' }).count()).toBe(0);
    await pickPlayer(page, t.ids[target!]!);
    await submit(p, name);
    return 'picker-tap_player';
  },
  // Paranormal Investigator: up to two in order (badges 1, 2), a third pick drops the oldest.
  'Paranormal Investigator': ({ target, target2 }) => async (p, t, name) => {
    await reachPicker(p, 'picker-investigate_players', name);
    const page = p.page;
    expect(await textOf(page.getByTestId('pick-counter'), '0/2')).toBe('0/2');
    await expectSubmit(page, false, 'nobody picked');
    const others = (await tileIds(page)).filter((id) => id !== t.ids[target!] && id !== t.ids[target2!]);
    await tile(page, others[0]!).click();
    await pickPlayer(page, t.ids[target!]!);
    await pickPlayer(page, t.ids[target2!]!);
    expect(await textOf(page.getByTestId('pick-counter'), '2/2')).toBe('2/2');
    expect(await tile(page, others[0]!).getAttribute('aria-pressed')).toBe('false');
    expect(await textOf(tile(page, t.ids[target!]!), /1$/)).toMatch(/1$/);
    await submit(p, name);
    return 'picker-investigate_players';
  },
  'Role Revealer': ({ target }) => async (p, t, name) => {
    await reachPicker(p, 'picker-reveal_player', name);
    expect(await tileIds(p.page)).not.toContain(t.ids[p.name]);
    await pickPlayer(p.page, t.ids[target!]!);
    await submit(p, name);
    return 'picker-reveal_player';
  },
  // Role Locker: any player, itself included (the tile says '(You)').
  'Role Locker': ({ target }) => async (p, t, name) => {
    await reachPicker(p, 'picker-protect_player', name);
    const page = p.page;
    expect(await tileIds(page)).toContain(t.ids[p.name]);
    await visible(tile(page, t.ids[p.name]!).getByText('(You)'));
    await pickPlayer(page, t.ids[target ?? p.name]!);
    await submit(p, name);
    return 'picker-protect_player';
  },
  // Protector: others only, no pass.
  'Protector': ({ target }) => async (p, t, name) => {
    await reachPicker(p, 'picker-protect_from_death', name);
    expect(await tileIds(p.page)).not.toContain(t.ids[p.name]);
    expect(await p.page.getByRole('button', { name: 'Pass' }).count()).toBe(0);
    await pickPlayer(p.page, t.ids[target!]!);
    await submit(p, name);
    return 'picker-protect_from_death';
  },
  // Role Copier: copies `target` (a Protector here), sees the copied card at once, then uses its picker.
  'Role Copier': ({ target, target2 }) => async (p, t, name) => {
    await reachPicker(p, 'picker-copy_role', name);
    const page = p.page;
    expect(await tileIds(page)).not.toContain(t.ids[p.name]);
    await pickPlayer(page, t.ids[target!]!);
    await submit(p, name);
    const discovery = await visible(page.getByTestId('copier-discovery'));
    expect(await textOf(discovery.getByTestId('immediate-result'), /^You copied /)).toMatch(new RegExp(`^You copied ${target}: Protector`));
    await reachPicker(p, 'picker-protect_from_death', `${name}-second`);
    await pickPlayer(page, t.ids[target2!]!);
    await submit(p, `${name}-second`);
    return 'picker-copy_role + picker-protect_from_death';
  },
  'Seer Knower': (plan) => (p, _t, name) =>
    continueOnly(p, 'night-info', name, async (page) => {
      await visible(page.getByTestId('night-info-section-role-lookers'));
      await plan.check?.(page);
    }),
  'Bad Guy Helper': (plan) => (p, _t, name) =>
    continueOnly(p, 'night-info', name, async (page) => {
      await visible(page.getByText('The Hidden Enemies are:'));
      await plan.check?.(page);
    }),
  'Mutual Knowers': (plan) => (p, _t, name) =>
    continueOnly(p, 'night-info', name, async (page) => {
      await visible(page.getByTestId('night-info-section-mutual-knowers'));
      await plan.check?.(page);
    }),
  'Self-Checker': () => (p, _t, name) =>
    continueOnly(p, 'night-no-action', name, async (page) => {
      await visible(page.getByText(/You will look at your own card at the end of the night/));
    }),
  'Isolated Bad Guy': () => (p, _t, name) =>
    continueOnly(p, 'night-no-action', name, async (page) => {
      await visible(page.getByText(/You do not wake up with the other Hidden Enemies/));
    }),
  // Roles without a night action (Revenge Voter, Self-Eliminator, Basic Good Guy).
  'No action': () => (p, _t, name) =>
    continueOnly(p, 'night-no-action', name, async (page) => {
      await visible(page.getByText('You have no night action. Continue and wait for the others.'));
    }),
  // A Bad Guy that is not alone: sees its fellow bad guys (the Isolated Bad Guy included), nothing to choose.
  'Bad Guy (team)': (plan) => (p, _t, name) =>
    continueOnly(p, 'night-info', name, async (page) => {
      await visible(page.getByTestId('night-info-bad-guys'));
      expect(await page.getByTestId('night-info-lone-wolf').count()).toBe(0);
      await plan.check?.(page);
    }),
};

/** After the night: waits until the player is on the waiting view or already in role_resolve. */
export async function afterNight(p: Player): Promise<void> {
  await firstVisible(p.page, [tid('action-submitted'), tid('phase-role_resolve')]);
}
