/**
 * Helpers of the custom-role and in-game admin browser test (custom-roles.e2e.spec.ts): custom roles made
 * over the admin REST API as the seeded super admin, signing in and joining as a signed-in player, the
 * super admin's role panel (an antd Select) and screenshots in test-output/screenshots/custom-roles-*.png.
 * None of them asserts a product rule; the test does.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { api, type RunningStack } from '@nightfall/testing';
import { motionsDone } from './account-support.js';
import { poll, visible, type Player } from './support.js';
import { waitForRoute } from './steps.js';

/** Where the screenshots go (repository root test-output/screenshots, files custom-roles-*.png). */
export const CUSTOM_SHOT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../test-output/screenshots');

/** Creates the screenshot folder and removes the `{prefix}*.png` of an earlier run (custom-roles-*.png by default). */
export function prepareCustomShots(prefix = 'custom-roles-'): void {
  mkdirSync(CUSTOM_SHOT_DIR, { recursive: true });
  for (const f of readdirSync(CUSTOM_SHOT_DIR)) if (f.startsWith(prefix) && f.endsWith('.png')) rmSync(resolve(CUSTOM_SHOT_DIR, f));
}

/** Saves test-output/screenshots/custom-roles-{name}.png once animations ended (`full`: the whole page). */
export async function customShot(page: Page, name: string, full = false): Promise<void> {
  await motionsDone(page);
  await page.screenshot({ path: resolve(CUSTOM_SHOT_DIR, `custom-roles-${name}.png`), fullPage: full, animations: 'disabled', caret: 'hide' });
}

/** The four theme ids of the Custom Role Creator (spec 001). */
export const THEMES = ['werewolf', 'russiagate', 'corporate', 'generic'] as const;

/** A custom role as POST /api/admin/custom-roles takes it. */
export interface CustomRoleBody {
  baseName: string;
  team: string;
  abilities: string;
  nightOrder: number;
  isActive: boolean;
  themeVariants: Record<string, { title: string; imageUrl: string }>;
}

/** A body with a title in every theme (`generic` as given, the others '{base} ({theme})'). */
export function roleBody(baseName: string, o: { team: string; nightOrder?: number; isActive?: boolean; genericTitle?: string; genericImage?: string; abilities?: string }): CustomRoleBody {
  const themeVariants: CustomRoleBody['themeVariants'] = {};
  for (const t of THEMES) themeVariants[t] = { title: `${baseName} (${t})`, imageUrl: '' };
  themeVariants.generic = { title: o.genericTitle ?? baseName, imageUrl: o.genericImage ?? '' };
  return { baseName, team: o.team, abilities: o.abilities ?? `${baseName} watches the night.`, nightOrder: o.nightOrder ?? 0, isActive: o.isActive ?? true, themeVariants };
}

/** Signs the seeded super admin in over REST: its session cookie. */
export async function superAdminCookie(stack: RunningStack): Promise<string> {
  const login = await api(stack.url, '/api/auth/login', { email: stack.superAdmin.email, password: stack.superAdmin.password });
  if (login.status !== 200 || !login.cookie) throw new Error(`super admin login: ${login.status} ${JSON.stringify(login.body)}`);
  return login.cookie;
}

/** POST /api/admin/custom-roles as the super admin; returns the card id (`custom:<id>`). */
export async function createCustomRole(stack: RunningStack, cookie: string, body: CustomRoleBody): Promise<string> {
  const res = await api(stack.url, '/api/admin/custom-roles', body, cookie);
  if (res.status !== 201) throw new Error(`create custom role ${body.baseName}: ${res.status} ${JSON.stringify(res.body)}`);
  return `custom:${(res.body as { id: string }).id}`;
}

/** Signs in on /auth with email and password and waits for the home page (any home state). */
export async function signInAny(p: Player, email: string, password: string): Promise<void> {
  const { page } = p;
  await page.goto('/auth');
  await visible(page.getByTestId('auth-page'));
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill(password);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await visible(page.getByTestId('home-page'));
  await visible(page.getByTestId('home-actions'));
}

/** A signed-in player joins by room code from the home page (no display name field: 'Playing as'). */
export async function joinSignedIn(p: Player, roomCode: string, gameId: string): Promise<void> {
  const { page } = p;
  await page.goto('/');
  await page.getByTestId('home-join-game').click();
  await visible(page.getByTestId('join-form'));
  await visible(page.getByTestId('playing-as'));
  await page.getByTestId('join-room-code').fill(roomCode);
  await page.getByTestId('join-submit').click();
  await waitForRoute(page, 'lobby', gameId);
  await visible(page.getByTestId('phase-lobby'));
}

/** The role shown for `playerId` in the admin panel (`data-role`: '' for Random). */
export function adminPanelRole(page: Page, playerId: string): Promise<string> {
  return page
    .getByTestId(`admin-role-row-${playerId}`)
    .getAttribute('data-role')
    .then((r) => r ?? '');
}

/** Number of select dropdowns open (or still closing) on the page. */
const openDropdowns = (page: Page) => page.locator('.ant-select-dropdown:visible').count();

/**
 * Picks `role` ('' = Random) for `playerId` in the super admin's panel: opens that row's Select once no
 * other dropdown is open (or closing), clicks the option and waits for the dropdown to close.
 */
export async function pickAdminRole(page: Page, playerId: string, role: string): Promise<void> {
  const row = await visible(page.getByTestId(`admin-role-row-${playerId}`));
  await poll(() => openDropdowns(page), (n) => n === 0, undefined, 'no select dropdown open');
  await row.locator('.ant-select').click();
  await poll(() => openDropdowns(page), (n) => n === 1, undefined, `the role dropdown of ${playerId} to open`);
  const option = page.locator('.ant-select-dropdown:visible').getByTestId(role === '' ? 'admin-role-option-random' : `admin-role-option-${role}`);
  await visible(option);
  await option.click();
  await poll(() => openDropdowns(page), (n) => n === 0, undefined, 'the role dropdown to close');
}

/** Waits until the admin panel shows `role` for `playerId` (the server's view). */
export function waitAdminRole(page: Page, playerId: string, role: string): Promise<string> {
  return poll(() => adminPanelRole(page, playerId), (r) => r === role, undefined, `the admin panel to show ${role || 'Random'} for ${playerId}`);
}

/** The user id of a player from the game snapshot its own browser loads. */
export async function myUserId(p: Player, gameId: string): Promise<string> {
  const snap = (await (await p.context.request.get(`/api/games/${gameId}`)).json()) as { view: { me: { userId: string } | null } };
  if (!snap.view.me) throw new Error(`${p.label} is not a player of ${gameId}`);
  return snap.view.me.userId;
}
