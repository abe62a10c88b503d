/**
 * The admin console in Chromium on the real stack (spec 001 "Admin panel", "Entitlements page", "User
 * Management", "Custom Role Creator"), at 1280x800 and 390x844 with screenshots in
 * test-output/screenshots/admin-*.png.
 */
import { expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { useBrowserStack } from './support.js';
import * as A from './admin-support.js';

const errors: string[] = [];
const t = useBrowserStack({ prepare: () => A.prepareAdminShots() });

async function open(size: keyof typeof A.ADMIN_VIEWPORTS, who?: { email: string; password: string }): Promise<Page> {
  const ctx = await t.browser.newContext({ baseURL: t.stack.url, viewport: A.ADMIN_VIEWPORTS[size], locale: 'en-US' });
  ctx.setDefaultTimeout(20_000);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(`${size}: ${e.message}`));
  if (who) await A.signInAs(page, who.email, who.password);
  return page;
}

for (const size of ['desktop', 'phone'] as const) {
  test(`the super admin runs the console at ${size}: search, grant a 48-hour pass, revoke it, make and remove an admin, a custom role`, async () => {
    const s = t.stack;
    const page = await open(size, s.superAdmin);
    await A.openProfileModal(page);
    await A.adminPanelFromProfile(page);
    expect(new URL(page.url()).pathname).toBe('/admin/users');
    expect(await A.isSuperAdminView(page)).toBe(true);
    expect(await A.usersLoaded(page)).toBeGreaterThanOrEqual(3);
    expect(await A.pageOverflowsX(page)).toBe(false);
    await A.adminShot(page, `${size}-users`);

    // search on the server
    expect(await A.searchUsers(page, 'demo@', (n) => n === 1)).toBe(1);
    await A.searchUsers(page, '');

    // a 48-hour pass for the plain admin, shown with the time left
    const grant = await A.grantHost(page, { email: s.admin.email, tier: 'pass_48h', from: 'users' });
    expect(grant.title).toBe('Host entitlement granted successfully');
    await A.searchUsers(page, s.admin.email, (n) => n === 1);
    expect((await A.userRowFacts(page, s.admin.email)).host).toMatch(/^Active \(Pass\) - 4[78]h \d+m left$/);

    // revoke it after the confirmation
    await A.adminTab(page, 'entitlements');
    expect(await A.filterEntitlements(page, { status: 'active', search: s.admin.email })).toBeGreaterThanOrEqual(1);
    const revoke = await A.revokeEntitlement(page, s.admin.email);
    expect(revoke.dialog).toContain('Are you sure you want to revoke this entitlement?');
    expect(revoke.toast).toContain('Entitlement revoked successfully');
    await A.adminShot(page, `${size}-entitlements`);

    // make the demo host an admin, then remove it
    await A.adminTab(page, 'users');
    await A.searchUsers(page, s.demoHost.email, (n) => n === 1);
    const made = await A.toggleAdmin(page, s.demoHost.email);
    expect(made.dialog).toContain(s.demoHost.email);
    expect(made.toast).toContain(`${s.demoHost.email} is now an admin`);
    expect((await A.userRowFacts(page, s.demoHost.email)).admin).toContain('Admin');
    const removed = await A.toggleAdmin(page, s.demoHost.email);
    expect(removed.toast).toContain(`${s.demoHost.email} is no longer an admin`);
    expect((await A.userRowFacts(page, s.demoHost.email)).admin).toContain('User');

    // a custom role: validation, create, list
    await A.adminTab(page, 'roles');
    await A.fillRoleForm(page, { baseName: `Lamplighter ${size}`, team: 'villager', abilities: 'Keeps the lamps lit.', nightOrder: '0', titles: { werewolf: 'Lamplighter' } });
    const invalid = await A.submitRoleForm(page);
    expect(invalid.title).toBe('All theme titles are required');
    const titles = { werewolf: 'Lamplighter', russiagate: 'Lamplighter', corporate: 'Facilities', generic: 'Lamplighter' };
    await A.fillRoleForm(page, { baseName: `Lamplighter ${size}`, team: 'villager', abilities: 'Keeps the lamps lit.', nightOrder: '0', titles });
    expect((await A.submitRoleForm(page)).title).toBe('Role created successfully');
    expect((await A.customRoles(page)).map((r) => r.name)).toContain(`Lamplighter ${size}`);
    await A.adminShot(page, `${size}-roles`, true);

    // the audit log shows what was done
    await A.adminTab(page, 'audit');
    if (size === 'desktop') {
      // (on a phone the table folds its columns into the first cell)
      const actions = (await A.auditRows(page)).map((r) => r.action).join(' ');
      expect(actions).toMatch(/custom_role\.create/);
      expect(actions).toMatch(/admin\.(grant|remove)/);
    }
    await A.adminShot(page, `${size}-audit`);
    await page.context().close();
  });

  test(`a plain admin sees 'Super Admin Only' and cannot open the role creator at ${size}`, async () => {
    const s = t.stack;
    const admin = await open(size, s.admin);
    await A.openAdmin(admin, '/admin/users');
    expect(await A.usersLoaded(admin)).toBeGreaterThanOrEqual(3);
    expect((await A.userRowFacts(admin, s.demoHost.email)).actions).toContain('Super Admin Only');
    await A.adminShot(admin, `${size}-users-limited`);
    const roles = await A.openAdmin(admin, '/admin/roles');
    expect(roles.path).toBe('/');
    expect(await A.toastTitle(admin)).toBe('Access Denied');
    await admin.context().close();

    const host = await open(size, s.demoHost);
    expect((await A.openAdmin(host, '/admin/users')).screen).toBe('access-denied');
    await host.context().close();
    const nobody = await open(size);
    expect((await A.openAdmin(nobody, '/admin/entitlements')).path).toBe('/auth');
    await nobody.context().close();
  });
}

test('no page errors', () => expect(errors).toEqual([]));
