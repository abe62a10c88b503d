/**
 * Theme packs in the browser (spec 001 sections 2-5, spec 000 sections 2, 7 and 8; docs/themes.md): the
 * demo host uploads the corporate sample pack (over 1.5 MB: compressed in a Web Worker with a progress
 * bar), sees the storage panel change, reloads (the pack is still there: OPFS), makes it the preferred
 * theme and creates a room. At role_deal the pack is offered: a signed-in player (the admin account)
 * downloads it and sees the themed role names and 'Lunch Break Phase', a guest declines and keeps the
 * generic texts; the signed-in player saves the theme to the account, then sets it as the global default
 * in Theme Settings, and a new visitor's home shows its title. Phone size (390x844); screenshots in
 * test-output/screenshots/themes-*.png.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { GENERIC_THEME, readThemeZip, themeRoleName, type Theme } from '@nightfall/themes';
import type { RoleName } from '@nightfall/game-rules';
import { toast } from './account-support.js';
import { CUSTOM_SHOT_DIR, joinSignedIn, prepareCustomShots, signInAny } from './custom-roles-support.js';
import { createRoom, joinRoom, selectRoles, signIn } from './steps.js';
import { poll, textOf, useBrowserStack, visible, type Player } from './support.js';

const env = useBrowserStack({ prepare: () => prepareCustomShots('themes-') });
const CORPORATE_ZIP = fileURLToPath(new URL('../../libs/themes/samples/corporate-lunch.zip', import.meta.url));
/** A phone-size screenshot in test-output/screenshots/themes-<name>.png. */
const shot = (p: Player, name: string) => p.page.screenshot({ path: `${CUSTOM_SHOT_DIR}/themes-${name}.png` }).then(() => undefined);

/** The phase name in the game header once it reads `want`. */
const phaseName = (p: Player, want: string) => textOf(p.page.getByTestId('phase-name'), want);

describe('theme packs (browser)', () => {
  it('uploads, shares, downloads or declines, saves, and sets the default theme', async () => {
    const { stack } = env;
    const corporate: Theme = (await readThemeZip(readFileSync(CORPORATE_ZIP), 'corporate-lunch.zip')).theme;
    expect(corporate.text.nightPhase).toBe('Lunch Break Phase');

    // The host uploads the pack on /themes: compression progress, then the storage panel counts it.
    const h = await env.open('host', 'Demo Host');
    await signIn(h, stack.demoHost.email, stack.demoHost.password, null);
    const hp = h.page;
    await hp.goto('/themes');
    expect(await textOf(hp.getByTestId('theme-storage-count'), '0')).toBe('0');
    await hp.getByTestId('theme-upload-input').setInputFiles(CORPORATE_ZIP);
    const progress = await visible(hp.getByTestId('theme-upload-progress'));
    const total = Number(await poll(() => progress.getAttribute('data-total'), (t) => Number(t) > 0, undefined, 'compression total'));
    expect(total).toBeGreaterThanOrEqual(30);
    await shot(h, 'upload-progress');
    const banner = await visible(hp.getByTestId('theme-upload-banner'), 60_000);
    expect(await poll(() => banner.getAttribute('data-state'), (s) => s === 'success' || s === 'failure', 60_000, 'upload banner')).toBe('success');
    expect(await textOf(hp.getByTestId('theme-storage-count'), '1')).toBe('1');
    await visible(hp.locator('[data-testid="theme-pack-item"][data-pack-id="corporate-lunch"]'));
    await shot(h, 'uploaded');

    // Still there after a reload (the origin-private file system).
    await hp.reload();
    await visible(hp.locator('[data-testid="theme-pack-item"][data-pack-id="corporate-lunch"]'));
    expect(await textOf(hp.getByTestId('theme-storage-count'), '1')).toBe('1');

    // Theme Settings: the pack becomes the host's preference (optimistic; 'Theme Preference Saved').
    await hp.goto('/admin/theme');
    await visible(hp.getByTestId('admin-theme'));
    await hp.getByTestId('theme-preference-corporate-lunch').click();
    await toast(hp, 'Theme Preference Saved');
    await hp.goto('/');
    expect(await textOf(hp.getByTestId('home-title'), corporate.text.homeTitle)).toBe(corporate.text.homeTitle);
    await shot(h, 'host-home');

    // A room with the host, a signed-in player (the admin account) and a guest.
    const { gameId, roomCode } = await createRoom(h, null);
    const a = await env.open('admin', 'Test Admin');
    await signInAny(a, stack.admin.email, stack.admin.password);
    await joinSignedIn(a, roomCode, gameId);
    const g = await env.open('guest', 'Guest Gina');
    await joinRoom(g, roomCode, gameId, null);
    await selectRoles(h, { 'Bad Guy': 1, 'Role Looker': 1, 'Role Thief': 1, 'Basic Good Guy': 2, 'Self-Checker': 1 }, 3);
    await hp.getByTestId('start-game').click();

    // role_deal: the offer reaches both other players with the pack's name and size; never the host.
    for (const p of [a, g]) {
      const dialog = await visible(p.page.getByTestId('theme-offer'));
      expect(await textOf(dialog.getByTestId('theme-offer-name'))).toBe(corporate.name);
      expect(await textOf(dialog.getByTestId('theme-offer-size'))).toMatch(/^Size: \d+\.\d\d MB$/);
    }
    await shot(a, 'offer');
    expect(await hp.getByTestId('theme-offer').count()).toBe(0);

    // The admin account downloads: the role card now has the corporate name of the dealt role.
    await a.page.getByTestId('theme-offer-accept').click();
    expect(await toast(a.page, 'Theme Downloaded')).toContain(corporate.name);
    const aRole = (await (await visible(a.page.getByTestId('role-card'))).getAttribute('data-role')) as RoleName;
    const themedName = themeRoleName(corporate, aRole);
    expect(await textOf(a.page.getByTestId('role-card-name'), themedName)).toBe(themedName);
    await shot(a, 'downloaded');

    // The guest declines: the generic name stays.
    await g.page.getByTestId('theme-offer-decline').click();
    expect(await toast(g.page, 'Theme Declined')).toContain("You'll continue using your current theme.");
    const gRole = (await (await visible(g.page.getByTestId('role-card'))).getAttribute('data-role')) as RoleName;
    const genericName = themeRoleName(GENERIC_THEME, gRole);
    expect(await textOf(g.page.getByTestId('role-card-name'), genericName)).toBe(genericName);

    // The signed-in player saves the host's theme to the account.
    await a.page.getByTestId('save-this-theme').click();
    expect(await toast(a.page, 'Theme Saved')).toContain('Theme copied to your account and will be used for games you host!');

    // Night: 'Lunch Break Phase' for the themed screens, 'Night Phase' for the guest who declined.
    for (const p of [h, a, g]) await p.page.getByTestId('ready-role').click();
    expect(await phaseName(a, 'Lunch Break Phase')).toBe('Lunch Break Phase');
    expect(await phaseName(h, 'Lunch Break Phase')).toBe('Lunch Break Phase');
    expect(await phaseName(g, 'Night Phase')).toBe('Night Phase');
    await shot(a, 'night-themed');
    await shot(g, 'night-generic');

    // The admin makes the theme the default for new users; a new visitor's home shows its title.
    await a.page.goto('/admin/theme');
    await visible(a.page.getByTestId('theme-default'));
    await a.page.getByTestId('theme-default-corporate-lunch').click();
    await toast(a.page, 'Theme Updated');
    await shot(a, 'admin-default');
    const v = await env.open('visitor', 'New Visitor');
    await v.page.goto('/');
    expect(await textOf(v.page.getByTestId('home-title'), corporate.text.homeTitle, 30_000)).toBe(corporate.text.homeTitle);
    expect(await v.page.getByTestId('home-page').getAttribute('data-theme-id')).toBe('corporate-lunch');
    await shot(v, 'visitor-home');
  });
});
