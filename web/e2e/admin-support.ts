/**
 * Page helpers for a browser test of the admin console (/admin/*, web/src/features/admin) and the profile
 * modal's Admin Controls. They drive the screens through visible buttons, texts and data-testids and wait
 * for the server's answer; none of them asserts a product rule, the test does. Screenshots go to
 * test-output/screenshots/admin-{name}.png.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { motionsDone, openProfileOn, toast } from './account-support.js';
import { poll, STEP_TIMEOUT, textOf, tid, visible } from './support.js';

/** Where the admin screenshots go (repository root test-output/screenshots, files admin-*.png). */
export const ADMIN_SHOT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../test-output/screenshots');

/** The two sizes the console is checked at. */
export const ADMIN_VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** The console's tabs (data-tab of `admin-page`) and their paths. */
export type AdminTabKey = 'users' | 'entitlements' | 'roles' | 'theme' | 'audit';
export const ADMIN_PATHS: Record<AdminTabKey, string> = {
  users: '/admin/users',
  entitlements: '/admin/entitlements',
  roles: '/admin/roles',
  theme: '/admin/theme',
  audit: '/admin/audit',
};

/** Creates the screenshot folder and removes the admin-*.png of an earlier run. */
export function prepareAdminShots(): void {
  mkdirSync(ADMIN_SHOT_DIR, { recursive: true });
  for (const f of readdirSync(ADMIN_SHOT_DIR)) if (f.startsWith('admin-') && f.endsWith('.png')) rmSync(resolve(ADMIN_SHOT_DIR, f));
}

/** Saves test-output/screenshots/admin-{name}.png once animations ended (`full`: the whole page). */
export async function adminShot(page: Page, name: string, full = false): Promise<void> {
  await motionsDone(page);
  await page.screenshot({ path: resolve(ADMIN_SHOT_DIR, `admin-${name}.png`), fullPage: full, animations: 'disabled', caret: 'hide' });
}

/** What an /admin route shows: the console, one of the users page's cards, the permission check, or elsewhere. */
export type AdminScreen = 'console' | 'auth-required' | 'access-denied' | 'checking' | 'left';

/** The screen an /admin route shows now (`left`: the app navigated away, e.g. to /auth or /). */
export async function adminScreen(page: Page): Promise<AdminScreen> {
  if (!new URL(page.url()).pathname.startsWith('/admin')) return 'left';
  return page.evaluate(() => {
    const has = (id: string) => !!document.querySelector(`[data-testid="${id}"]`);
    if (has('admin-page')) return 'console';
    if (has('admin-auth-required')) return 'auth-required';
    if (has('admin-access-denied')) return 'access-denied';
    return 'checking';
  });
}

/**
 * Opens `path` (default /admin) and waits until the permission check is over: returns the console, a card
 * of the users page, or 'left' with the path the app went to (/auth, /).
 */
export async function openAdmin(page: Page, path = '/admin'): Promise<{ screen: AdminScreen; path: string }> {
  await page.goto(path);
  const screen = await poll(() => adminScreen(page), (s) => s !== 'checking', STEP_TIMEOUT, `the admin route ${path} to decide`);
  if (screen === 'console') await visible(page.getByTestId('admin-tabs'));
  return { screen, path: new URL(page.url()).pathname };
}

/** Switches to a tab by clicking it and waits for its path and content. */
export async function adminTab(page: Page, tab: AdminTabKey): Promise<void> {
  await page.getByTestId(`admin-tab-${tab}`).click();
  await page.waitForURL((u) => u.pathname === ADMIN_PATHS[tab]);
  await poll(() => page.getByTestId('admin-page').getAttribute('data-tab'), (t) => t === tab, STEP_TIMEOUT, `tab ${tab}`);
}

/** True when the viewer is shown as a super admin (`data-super-admin` of the console). */
export async function isSuperAdminView(page: Page): Promise<boolean> {
  return (await page.getByTestId('admin-page').getAttribute('data-super-admin')) === 'true';
}

/** Signs in on /auth with e-mail and password (any account, host or not) and waits for home. */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await visible(page.getByTestId('auth-page'));
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill(password);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await visible(page.getByTestId('home-actions'));
}

/* ---------- Users tab ---------- */

/** Waits until the users table has loaded (no 'Loading users...') and returns the count shown. */
export async function usersLoaded(page: Page): Promise<number> {
  const table = await visible(page.getByTestId('users-table'));
  await poll(async () => (await table.textContent()) ?? '', (t) => !t.includes('Loading users...'), STEP_TIMEOUT, 'users to load');
  return Number((await page.getByTestId('users-count').getAttribute('data-total')) ?? '0');
}

/** Types into the users search box and waits for the debounced server answer (count `want` if given). */
export async function searchUsers(page: Page, text: string, want?: (count: number) => boolean): Promise<number> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/admin/users') && new URL(r.url()).searchParams.get('search') === (text.trim() || null));
  await page.getByTestId('users-search').fill(text);
  await answered;
  return poll(() => usersLoaded(page), (n) => (want ? want(n) : true), STEP_TIMEOUT, `users matching '${text}'`);
}

/** The users-table row of `email`. */
export function userRow(page: Page, email: string): Locator {
  return page.getByTestId('users-table').locator('tr.ant-table-row').filter({ has: page.locator(tid('user-email'), { hasText: email }) });
}

/** The texts of one user's row: admin status ('Admin' / 'User', + 'Super Admin'), Host Status badge, Last Login, actions. */
export async function userRowFacts(page: Page, email: string): Promise<{ admin: string; host: string; lastLogin: string; actions: string }> {
  const row = await visible(userRow(page, email));
  const text = async (id: string) => ((await row.getByTestId(id).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
  const actions = ((await row.locator('.nf-admin-actions').textContent()) ?? '').replace(/\s+/g, ' ').trim();
  return { admin: await text('user-admin-status'), host: await text('user-host-status'), lastLogin: await text('user-last-login'), actions };
}

/**
 * Make Admin / Remove Admin on `email`'s row: clicks the button, checks the confirmation names the e-mail,
 * confirms and returns the toast's title and text.
 */
export async function toggleAdmin(page: Page, email: string): Promise<{ dialog: string; toast: string }> {
  const row = await visible(userRow(page, email));
  await dismissToast(page);
  await row.locator(`${tid('make-admin')}, ${tid('remove-admin')}`).click();
  const confirm = await visible(page.locator('.ant-modal-confirm'));
  const dialog = ((await confirm.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  await confirmForResponse(page, 'confirm-toggle-admin', '/api/admin/toggle-admin');
  const notice = await visible(page.locator('.ant-notification-notice').last());
  return { dialog, toast: ((await notice.textContent()) ?? '').replace(/\s+/g, ' ').trim() };
}

/**
 * Clicks a confirmation dialog's OK button (`okTestId`) and waits for the answer to `path`. A click that
 * sent nothing after 5 s (the dialog still open and its button not loading, as when a click lands during
 * the dialog's opening animation) is made once more; antd disables the button while a request runs, so a
 * second click never sends a second request.
 */
async function confirmForResponse(page: Page, okTestId: string, path: string): Promise<void> {
  let sent = false;
  const onRequest = (r: { url(): string }) => {
    if (new URL(r.url()).pathname === path) sent = true;
  };
  page.on('request', onRequest);
  try {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === path, { timeout: STEP_TIMEOUT });
    const ok = await visible(page.getByTestId(okTestId));
    await ok.click();
    const first = await Promise.race([answer.then(() => true), new Promise<false>((res) => setTimeout(() => res(false), 5_000))]);
    if (first) return;
    if (!sent && (await ok.isVisible()) && !(await ok.getAttribute('class'))?.includes('ant-btn-loading')) await ok.click();
    await answer;
  } finally {
    page.off('request', onRequest);
  }
}

/** Hard Refresh: waits for the 'Checking your permissions...' round trip and the users to load again. */
export async function hardRefresh(page: Page): Promise<number> {
  const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
  await page.getByTestId('users-hard-refresh').click();
  await me;
  await visible(page.getByTestId('admin-users'));
  return usersLoaded(page);
}

/* ---------- Grant and revoke ---------- */

/**
 * Fills and sends the Grant Host Entitlement dialog, opened from the users toolbar, a user's row
 * (`from: {row: email}`) or the entitlements tab; returns the toast's title and text. On a failure the
 * dialog stays open (close it with {@link closeGrantDialog}).
 */
export async function grantHost(
  page: Page,
  o: { email: string; tier: 'permanent' | 'pass_48h'; from?: 'users' | 'entitlements' | { row: string } },
): Promise<{ title: string; text: string }> {
  const from = o.from ?? 'users';
  await dismissToast(page);
  if (from === 'users') await page.getByTestId('grant-host-open').click();
  else if (from === 'entitlements') await page.getByTestId('grant-entitlement-open').click();
  else await userRow(page, from.row).getByTestId('grant-host-row').click();
  const form = await visible(page.getByTestId('grant-form'));
  // a click during the dialog's zoom-in can be lost, and the default tier would then be granted (seen in a CI run:
  // 'Active (Permanent)' after a 48-hour grant): the tier is chosen once the dialog is drawn and read back before sending
  await motionsDone(page);
  await form.getByTestId('grant-email').fill(o.email);
  const label = o.tier === 'permanent' ? 'Permanent' : '48-Hour';
  const tier = form.getByTestId('grant-tier');
  await tier.getByText(label, { exact: true }).click();
  await poll(() => tier.getByRole('radio', { name: label }).isChecked(), (checked) => checked, STEP_TIMEOUT, `the ${label} tier chosen`);
  await page.getByTestId('grant-submit').click();
  return waitToast(page, [ADMIN_TOASTS.granted, ADMIN_TOASTS.grantFailed]);
}

/** Closes the grant dialog with Cancel. */
export async function closeGrantDialog(page: Page): Promise<void> {
  const form = page.getByTestId('grant-form');
  await page.locator('.ant-modal').filter({ has: form }).getByRole('button', { name: 'Cancel' }).click();
  await form.waitFor({ state: 'hidden' });
}

/** The validation message under the grant dialog's e-mail after sending it (e.g. 'Email is required'). */
export async function grantEmailError(page: Page, email: string): Promise<string> {
  await page.getByTestId('grant-host-open').or(page.getByTestId('grant-entitlement-open')).first().click();
  const form = await visible(page.getByTestId('grant-form'));
  await form.getByTestId('grant-email').fill(email);
  await page.getByTestId('grant-submit').click();
  return textOf(form.locator('.ant-form-item-explain-error').first());
}

/** Sets the entitlements filters and waits for the server's answer to them; returns the count shown. */
export async function filterEntitlements(page: Page, o: { status?: '' | 'active' | 'revoked' | 'expired'; search?: string }): Promise<number> {
  const labels = { '': 'All statuses', active: 'Active', revoked: 'Revoked', expired: 'Expired' } as const;
  const statusBox = page.getByTestId('entitlements-status');
  const searchBox = page.getByTestId('entitlements-search');
  await visible(searchBox);
  const shownLabel = ((await statusBox.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  const currentStatus = (Object.keys(labels) as (keyof typeof labels)[]).find((k) => labels[k] === shownLabel) ?? '';
  const status = o.status ?? currentStatus;
  const search = (o.search ?? (await searchBox.inputValue())).trim();
  const changed = status !== currentStatus || (o.search !== undefined && o.search !== (await searchBox.inputValue()));
  const answered = changed
    ? page.waitForResponse((r) => {
        const u = new URL(r.url());
        return u.pathname === '/api/admin/entitlements' && u.searchParams.get('status') === (status || null) && u.searchParams.get('search') === (search || null);
      })
    : null;
  if (status !== currentStatus) {
    await statusBox.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${labels[status]}$`) }).click();
  }
  if (o.search !== undefined) await searchBox.fill(o.search);
  await answered;
  const table = await visible(page.getByTestId('entitlements-table'));
  await poll(async () => (await table.textContent()) ?? '', (t) => !t.includes('Loading entitlements...'), STEP_TIMEOUT, 'entitlements to load');
  await page.waitForTimeout(50);
  return Number((await page.getByTestId('entitlements-count').getAttribute('data-total')) ?? '0');
}

/** The entitlements-table row of `email` (the first one when the user holds several). */
export function entitlementRow(page: Page, email: string): Locator {
  return page.getByTestId('entitlements-table').locator('tr.ant-table-row').filter({ hasText: email }).first();
}

/** Revokes `email`'s entitlement: returns the confirmation text and the toast title. */
export async function revokeEntitlement(page: Page, email: string): Promise<{ dialog: string; toast: string }> {
  await dismissToast(page);
  await entitlementRow(page, email).getByTestId('revoke-entitlement').click();
  const confirm = await visible(page.locator('.ant-modal-confirm'));
  const dialog = ((await confirm.locator('.ant-modal-confirm-title').textContent()) ?? '').trim();
  await page.getByTestId('confirm-revoke').click();
  return { dialog, toast: (await waitToast(page, [ADMIN_TOASTS.revoked, ADMIN_TOASTS.revokeFailed])).title };
}

/* ---------- Custom roles ---------- */

/** A custom role as the test fills the form. */
export interface RoleInput {
  baseName: string;
  team?: string;
  abilities?: string;
  nightOrder?: number | string;
  active?: boolean;
  /** Title per theme id (werewolf, russiagate, corporate, generic); missing ones are left empty. */
  titles: Partial<Record<'werewolf' | 'russiagate' | 'corporate' | 'generic', string>>;
  images?: Partial<Record<'werewolf' | 'russiagate' | 'corporate' | 'generic', string>>;
}

/** Fills the role form (create or edit mode) without sending it. */
export async function fillRoleForm(page: Page, role: RoleInput): Promise<void> {
  const form = await visible(page.getByTestId('role-form'));
  await form.getByTestId('role-base-name').fill(role.baseName);
  if (role.team !== undefined) {
    const team = form.getByTestId('role-team').locator('input').or(form.locator(`input${tid('role-team')}`)).first();
    await team.fill(role.team);
    await page.keyboard.press('Escape');
  }
  if (role.abilities !== undefined) await form.getByTestId('role-abilities').fill(role.abilities);
  if (role.nightOrder !== undefined) await form.getByTestId('role-night-order').locator('input').or(form.locator(`input${tid('role-night-order')}`)).first().fill(String(role.nightOrder));
  if (role.active !== undefined) {
    const sw = form.getByTestId('role-active');
    if ((await sw.getAttribute('aria-checked')) !== String(role.active)) await sw.click();
  }
  for (const theme of ['werewolf', 'russiagate', 'corporate', 'generic'] as const) {
    await form.getByTestId(`role-theme-tab-${theme}`).click();
    await form.getByTestId(`role-title-${theme}`).fill(role.titles[theme] ?? '');
    if (role.images?.[theme] !== undefined) await form.getByTestId(`role-image-${theme}`).fill(role.images[theme]!);
  }
}

/**
 * Sends the role form and returns the toast (title and description): 'Role created successfully', 'Role
 * updated successfully', a validation toast ('Base name is required', 'All theme titles are required') or a
 * failure.
 */
export async function submitRoleForm(page: Page): Promise<{ title: string; text: string }> {
  await dismissToast(page);
  await page.getByTestId('role-submit').click();
  return waitToast(page, [
    ADMIN_TOASTS.roleCreated,
    ADMIN_TOASTS.roleUpdated,
    ADMIN_TOASTS.baseNameRequired,
    ADMIN_TOASTS.titlesRequired,
    ADMIN_TOASTS.createRoleFailed,
    ADMIN_TOASTS.updateRoleFailed,
  ]);
}

/** Closes the toast shown now, if any (so the next one can be told apart). */
export async function dismissToast(page: Page): Promise<void> {
  for (const btn of await page.locator('.ant-notification-notice-close').all()) await btn.click({ timeout: 2000 }).catch(() => undefined);
  await poll(() => page.locator('.ant-notification-notice').count(), (n) => n === 0, STEP_TIMEOUT, 'toasts to close');
}

/** The form's mode: 'create' ('Create New Role') or 'edit' ('Edit Role'). */
export async function roleFormMode(page: Page): Promise<'create' | 'edit'> {
  return ((await page.getByTestId('role-form-card').getAttribute('data-mode')) ?? 'create') as 'create' | 'edit';
}

/** Waits for the 'Existing Custom Roles' list to load; returns each item's texts. */
export async function customRoles(page: Page): Promise<{ name: string; team: string; active: string; nightOrder: string }[]> {
  const card = await visible(page.getByTestId('role-list-card'));
  await poll(async () => (await card.textContent()) ?? '', (t) => !t.includes('Loading roles...'), STEP_TIMEOUT, 'roles to load');
  const items = await card.getByTestId('role-item').all();
  const out = [];
  for (const item of items) {
    const t = async (id: string) => ((await item.getByTestId(id).textContent()) ?? '').trim();
    out.push({ name: await t('role-item-name'), team: await t('role-item-team'), active: await t('role-item-active'), nightOrder: await t('role-item-night-order') });
  }
  return out;
}

/** The list item of the role named `name`. */
export function roleItem(page: Page, name: string): Locator {
  return page.getByTestId('role-item').filter({ has: page.getByTestId('role-item-name').getByText(name, { exact: true }) });
}

/** Clicks edit on a role and waits for 'Edit Role'. */
export async function editRole(page: Page, name: string): Promise<void> {
  await roleItem(page, name).getByTestId('role-edit').click();
  await poll(() => roleFormMode(page), (m) => m === 'edit', STEP_TIMEOUT, 'edit mode');
}

/** Deletes a role: returns the confirmation title (Delete role "{name}"?) and the toast title. */
export async function deleteRole(page: Page, name: string): Promise<{ dialog: string; toast: string }> {
  await dismissToast(page);
  await roleItem(page, name).getByTestId('role-delete').click();
  const confirm = await visible(page.locator('.ant-modal-confirm'));
  const dialog = ((await confirm.locator('.ant-modal-confirm-title').textContent()) ?? '').trim();
  await page.getByTestId('confirm-delete-role').click();
  return { dialog, toast: (await waitToast(page, [ADMIN_TOASTS.roleDeleted, ADMIN_TOASTS.deleteRoleFailed])).title };
}

/* ---------- Audit log ---------- */

/** The audit rows shown (newest first): when, admin, action, target (the desktop layout, md and wider). */
export async function auditRows(page: Page): Promise<{ when: string; actor: string; action: string; target: string }[]> {
  const table = await visible(page.getByTestId('audit-table'));
  await poll(async () => (await table.textContent()) ?? '', (t) => !t.includes('Loading audit log...'), STEP_TIMEOUT, 'audit log to load');
  return table.locator('tr.ant-table-row').evaluateAll((rows) =>
    rows.map((r) => {
      const c = Array.from(r.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim());
      return { when: c[0] ?? '', actor: c[1] ?? '', action: c[2] ?? '', target: c[3] ?? '' };
    }),
  );
}

/* ---------- Profile modal: Admin Controls ---------- */

/** Opens home, waits for its actions (the user is known) and opens the profile modal from the account button. */
export async function openProfileModal(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await visible(page.getByTestId('home-actions'));
  await openProfileOn(page);
}

/** Opens (or closes) the profile modal's Admin Controls section; returns the localStorage value after. */
export async function setAdminControls(page: Page, open: boolean): Promise<string | null> {
  const section = await visible(page.getByTestId('admin-controls'));
  if ((await section.getAttribute('data-open')) !== String(open)) await section.getByTestId('admin-controls-toggle').click();
  await poll(() => section.getAttribute('data-open'), (v) => v === String(open), STEP_TIMEOUT, `Admin Controls ${open ? 'open' : 'closed'}`);
  return page.evaluate(() => window.localStorage.getItem('showAdminControls'));
}

/** Clicks 'Debug Status' and returns the JSON the dialog shows (the console log is the test's to read). */
export async function debugStatus(page: Page): Promise<unknown> {
  await setAdminControls(page, true);
  await page.getByTestId('debug-status-button').click();
  const json = await visible(page.getByTestId('debug-status-json'));
  const parsed = JSON.parse((await json.textContent()) ?? 'null') as unknown;
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await json.waitFor({ state: 'detached' });
  return parsed;
}

/** 'Admin Panel' in the profile modal: goes to /admin (shown as the Users tab). */
export async function adminPanelFromProfile(page: Page): Promise<void> {
  await setAdminControls(page, true);
  await page.getByTestId('admin-panel-button').click();
  await page.waitForURL((u) => u.pathname.startsWith('/admin'));
  await visible(page.getByTestId('admin-page'));
}

/* ---------- Toasts and sizes ---------- */

/** The title of the (single) toast once one is shown. */
export async function toastTitle(page: Page): Promise<string> {
  const notice = await visible(page.locator('.ant-notification-notice').last());
  return ((await notice.locator('.ant-notification-notice-title').textContent()) ?? '').trim();
}

/**
 * Waits for a toast whose title is one of `titles` (an earlier toast, e.g. a 2 s users-page one, is
 * skipped) and returns its title and description.
 */
export async function waitToast(page: Page, titles: readonly string[]): Promise<{ title: string; text: string }> {
  const read = () =>
    page.evaluate((want) => {
      for (const n of Array.from(document.querySelectorAll('.ant-notification-notice')).reverse()) {
        const title = (n.querySelector('.ant-notification-notice-title')?.textContent ?? '').trim();
        if (want.includes(title)) return { title, text: (n.querySelector('.ant-notification-notice-description')?.textContent ?? '').trim() };
      }
      return null;
    }, [...titles]);
  const found = await poll(read, (v) => v !== null, STEP_TIMEOUT, `a toast titled ${titles.join(' / ')}`);
  return found!;
}

/** Toast titles of the console (spec 001 section 8). */
export const ADMIN_TOASTS = {
  granted: 'Host entitlement granted successfully',
  grantFailed: 'Failed to grant entitlement',
  revoked: 'Entitlement revoked successfully',
  revokeFailed: 'Failed to revoke entitlement',
  toggleFailed: 'Failed to toggle admin status',
  roleCreated: 'Role created successfully',
  roleUpdated: 'Role updated successfully',
  roleDeleted: 'Role deleted successfully',
  createRoleFailed: 'Failed to create role',
  updateRoleFailed: 'Failed to update role',
  deleteRoleFailed: 'Failed to delete role',
  baseNameRequired: 'Base name is required',
  titlesRequired: 'All theme titles are required',
  accessDenied: 'Access Denied',
  authRequired: 'Authentication Required',
} as const;

/** Waits for the toast titled `title` and returns its description (re-exported from account-support). */
export const toastText = toast;

/** True when the page scrolls sideways as a whole (the tables may scroll inside themselves, the page may not). */
export async function pageOverflowsX(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** Resizes a context's pages to the desktop (1280x800) or phone (390x844) size. */
export async function useViewport(context: BrowserContext, size: keyof typeof ADMIN_VIEWPORTS): Promise<void> {
  for (const p of context.pages()) await p.setViewportSize(ADMIN_VIEWPORTS[size]);
}
