/**
 * Custom roles and the super admin in a game (docs/rules.md "Custom roles" and "Admin"; spec 000 section 2,
 * spec 001 "Custom Role Creator"): roles made over the admin REST API appear in the lobby under their team
 * (villager with the good team, werewolf with the bad team, another label in a group of its own) with the
 * generic theme's title and image (or the initials badge), their information modal and cap 1; the super
 * admin, seated as a player, pre-assigns roles from the lobby's admin panel (toasts 'Role Updated' and
 * 'Error'), changes a dealt role in role_deal, and sees every card and action in role_resolve and
 * discussion, which the host never sees; custom role holders continue through the night; the results
 * show the custom roles. Phone size (390x844); screenshots in test-output/screenshots/custom-roles-*.png.
 */
import { describe, expect, it } from '@jest/globals';
import { dismissToasts, toast } from './account-support.js';
import {
  adminPanelRole,
  createCustomRole,
  customShot,
  joinSignedIn,
  myUserId,
  pickAdminRole,
  prepareCustomShots,
  roleBody,
  signInAny,
  superAdminCookie,
  waitAdminRole,
} from './custom-roles-support.js';
import { addBots, createRoom, selectRoles, signIn, waitForRoute } from './steps.js';
import { poll, textOf, useBrowserStack, visible } from './support.js';

const env = useBrowserStack({ prepare: prepareCustomShots });

/** A small picture for the werewolf role's generic variant (a data URL: no network needed). */
const HOWLER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2a0d12"/><circle cx="40" cy="22" r="12" fill="#fde68a"/><path d="M8 58 L22 30 L30 42 L38 28 L56 58 Z" fill="#ef4444"/></svg>',
)}`;

describe('custom roles and the in-game admin (browser)', () => {
  it('shows custom roles from the lobby to the results, and the admin panel and views to the super admin only', async () => {
    const { stack } = env;
    const cookie = await superAdminCookie(stack);
    const lamp = await createCustomRole(stack, cookie, roleBody('Lamplighter', { team: 'villager', nightOrder: 2, genericTitle: 'Lamp Keeper', abilities: 'Lights the lamps at dusk and watches who walks by.' }));
    const howl = await createCustomRole(stack, cookie, roleBody('Grave Howler', { team: 'werewolf', genericImage: HOWLER_IMAGE }));
    const oracle = await createCustomRole(stack, cookie, roleBody('Moon Oracle', { team: 'vampire', nightOrder: 5 }));
    const retired = await createCustomRole(stack, cookie, roleBody('Retired Role', { team: 'villager', isActive: false }));

    // The demo host creates the room; the super admin joins as a signed-in player; one bot.
    const h = await env.open('host', 'Demo Host');
    await signIn(h, stack.demoHost.email, stack.demoHost.password, null);
    const { gameId, roomCode } = await createRoom(h, null);
    const s = await env.open('super', 'Test Super Admin');
    await signInAny(s, stack.superAdmin.email, stack.superAdmin.password);
    await joinSignedIn(s, roomCode, gameId);
    await addBots(h, 1);
    const hostId = await myUserId(h, gameId);
    const superId = await myUserId(s, gameId);
    const snap = (await (await h.context.request.get(`/api/games/${gameId}`)).json()) as { view: { players: Array<{ userId: string; isBot: boolean }> } };
    const botId = snap.view.players.find((p) => p.isBot)!.userId;

    // Lobby, host: the custom roles in their groups, with title and picture; the inactive one is absent.
    const hp = h.page;
    const toggle = (id: string) => hp.getByTestId(`role-toggle-${id}`);
    await visible(hp.getByTestId('role-group-team:good').getByTestId(`role-toggle-${lamp}`));
    await visible(hp.getByTestId('role-group-team:bad').getByTestId(`role-toggle-${howl}`));
    const vampires = await visible(hp.getByTestId('role-group-label:vampire'));
    expect(await textOf(vampires.locator('.nf-team-heading'))).toBe('vampire');
    await visible(vampires.getByTestId(`role-toggle-${oracle}`));
    expect(await hp.getByTestId(`role-toggle-${retired}`).count()).toBe(0);
    expect(await textOf(toggle(lamp).locator('.nf-option-label'))).toBe('Lamp Keeper');
    expect(await textOf(toggle(oracle).locator('.nf-option-label'))).toBe('Moon Oracle');
    const lampImage = toggle(lamp).getByTestId('role-image');
    expect(await lampImage.getAttribute('data-placeholder')).toBe('true');
    expect(await textOf(lampImage)).toBe('LK');
    expect(await toggle(howl).getByTestId('role-image').getAttribute('src')).toBe(HOWLER_IMAGE);

    // The information modal: abilities, night order, the team's win condition; a label's team.
    await hp.getByTestId(`role-info-${lamp}`).click();
    let modal = await visible(hp.getByTestId('role-info-modal'));
    expect(await modal.getAttribute('data-role')).toBe(lamp);
    expect(await textOf(modal.getByTestId('role-info-description'))).toBe('Lights the lamps at dusk and watches who walks by.');
    expect(await textOf(modal.getByTestId('role-info-order'))).toBe('acts in position #2 during the night phase');
    expect(await textOf(modal.getByTestId('role-info-team'))).toBe('Team: Good Team');
    expect(await textOf(modal.getByTestId('role-info-win'))).toMatch(/^Win condition: You win with the Good Team/);
    await customShot(hp, 'role-info-host');
    await hp.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await hp.getByTestId(`role-info-${oracle}`).click();
    modal = await visible(hp.getByTestId('role-info-modal'));
    expect(await textOf(modal.getByTestId('role-info-team'))).toBe('Team: vampire (plays with the Good Team)');
    await hp.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    // Cap 1: a second tap removes it. Then the six cards of three players.
    await toggle(lamp).click();
    await poll(() => toggle(lamp).getAttribute('data-count'), (c) => c === '1', undefined, 'the custom role selected');
    await toggle(lamp).click();
    await poll(() => toggle(lamp).getAttribute('data-count'), (c) => c === '0', undefined, 'the custom role removed at its cap');
    await selectRoles(h, { [lamp]: 1, [howl]: 1, [oracle]: 1, 'Bad Guy': 1, 'Basic Good Guy': 1, 'Role Looker': 1 }, 3);
    await dismissToasts(hp).catch(() => undefined);
    await toggle(lamp).scrollIntoViewIfNeeded();
    await hp.evaluate(() => window.scrollBy(0, 120));
    await customShot(hp, 'lobby-host');
    await customShot(hp, 'lobby-host-full', true);

    // The super admin: the read-only selection with the custom titles, and the admin panel.
    const sp = s.page;
    await visible(sp.getByTestId(`role-selected-${oracle}`));
    expect(await textOf(sp.getByTestId(`role-selected-${lamp}`).locator('.nf-option-label'))).toBe('Lamp Keeper');
    const panel = await visible(sp.getByTestId('admin-role-panel'));
    expect(await hp.getByTestId('admin-role-panel').count()).toBe(0);
    await waitAdminRole(sp, hostId, '');
    await pickAdminRole(sp, hostId, lamp);
    expect(await toast(sp, 'Role Updated')).not.toContain('Failed');
    await waitAdminRole(sp, hostId, lamp);
    await dismissToasts(sp);
    await pickAdminRole(sp, superId, oracle);
    await waitAdminRole(sp, superId, oracle);
    await dismissToasts(sp);
    // A card selected once cannot be pre-assigned twice: the server's refusal is the toast.
    await pickAdminRole(sp, botId, lamp);
    expect(await toast(sp, 'Error')).toBe('Failed to update player role');
    await waitAdminRole(sp, botId, '');
    await dismissToasts(sp);
    await pickAdminRole(sp, botId, 'Bad Guy');
    await waitAdminRole(sp, botId, 'Bad Guy');
    await dismissToasts(sp);
    await pickAdminRole(sp, botId, '');
    await waitAdminRole(sp, botId, '');
    await dismissToasts(sp);
    await panel.scrollIntoViewIfNeeded();
    await customShot(sp, 'lobby-admin-panel');

    // role_deal: the pre-assigned custom cards; the super admin changes the bot's dealt card.
    await hp.getByRole('button', { name: 'Start Game' }).click();
    await waitForRoute(hp, 'game', gameId);
    await waitForRoute(sp, 'game', gameId);
    await visible(hp.getByTestId('phase-role_deal'));
    await visible(sp.getByTestId('phase-role_deal'));
    expect(await hp.getByTestId('role-card').getAttribute('data-role')).toBe(lamp);
    expect(await textOf(hp.getByTestId('role-card-name'))).toBe('Lamp Keeper');
    expect(await hp.getByTestId('role-card').getByTestId('role-image').getAttribute('data-placeholder')).toBe('true');
    await visible(hp.getByTestId('how-to-play'));
    expect(await sp.getByTestId('role-card').getAttribute('data-role')).toBe(oracle);
    expect(await hp.getByTestId('admin-role-panel').count()).toBe(0);
    expect(await (await visible(sp.getByTestId('admin-role-panel'))).getAttribute('data-phase')).toBe('role_deal');
    if ((await adminPanelRole(sp, botId)) === howl) {
      // the deal already gave the bot that card (picking the shown value changes nothing): swap it away first
      await pickAdminRole(sp, botId, 'Bad Guy');
      expect(await toast(sp, 'Role Updated')).not.toContain('Failed');
      await waitAdminRole(sp, botId, 'Bad Guy');
      await dismissToasts(sp);
    }
    await pickAdminRole(sp, botId, howl);
    expect(await toast(sp, 'Role Updated')).not.toContain('Failed');
    await waitAdminRole(sp, botId, howl);
    await dismissToasts(sp);
    await customShot(hp, 'role-deal-host');
    await customShot(sp, 'role-deal-super', true);
    for (const p of [h, s]) await p.page.getByRole('button', { name: 'I Understand My Role' }).click();

    // job_choice: a custom role holder gets the information screen with Continue.
    for (const [p, order] of [[h, 2], [s, 5]] as const) {
      await visible(p.page.getByTestId('phase-job_choice'));
      await visible(p.page.getByTestId('night-no-action'));
      expect(await textOf(p.page.getByTestId('night-no-action-text'))).toBe(`Your role acts in position #${order} of the night, with nothing to choose here. Continue and wait for the others.`);
      if (p === h) await customShot(hp, 'night-host');
      await p.page.getByTestId('night-no-action').getByRole('button', { name: 'Continue' }).click();
    }

    // role_resolve: the admin's cards (center, every player's roles and actions); never the host's.
    for (const p of [h, s]) await visible(p.page.getByTestId('phase-role_resolve'));
    const cards = await visible(sp.getByTestId('admin-cards'));
    expect(await cards.locator('[data-testid^="admin-center-"][data-role]').count()).toBe(3);
    expect(await sp.getByTestId(`admin-player-${botId}`).getAttribute('data-current-role')).toBe(howl);
    expect(await sp.getByTestId(`admin-player-${hostId}`).getAttribute('data-original-role')).toBe(lamp);
    expect(await textOf(sp.getByTestId(`admin-player-${hostId}`).getByTestId('admin-player-actions'))).toContain('No action taken.');
    expect(await hp.getByTestId('admin-cards').count()).toBe(0);
    await cards.scrollIntoViewIfNeeded();
    await customShot(sp, 'resolve-admin');
    await customShot(sp, 'resolve-admin-full', true);
    for (const p of [h, s]) await p.page.getByRole('button', { name: 'Got it!' }).click();

    // discussion: roles in game with the custom night orders; the admin's cards again.
    for (const p of [h, s]) await visible(p.page.getByTestId('phase-discussion'));
    const chip = hp.getByTestId(`role-in-game-${lamp}`);
    expect(await chip.getAttribute('data-order')).toBe('2');
    expect(await textOf(chip.locator('.nf-role-chip-name'))).toBe('Lamp Keeper');
    expect(await textOf(chip.getByTestId('night-order'))).toBe('Night #2');
    await visible(sp.getByTestId('admin-cards'));
    expect(await hp.getByTestId('admin-cards').count()).toBe(0);
    await hp.getByTestId('roles-in-game').scrollIntoViewIfNeeded();
    await customShot(hp, 'discussion-host');
    for (const p of [h, s]) await p.page.getByRole('button', { name: "I'm Ready to Vote" }).click();

    // vote: both humans vote for the bot (the custom werewolf).
    for (const p of [h, s]) {
      await visible(p.page.getByTestId('phase-vote'));
      await p.page.getByTestId(`vote-option-${botId}`).click();
      await p.page.getByRole('button', { name: 'Vote for Bot 1' }).click();
    }

    // results: the custom roles in the night log, the eliminated player and the final roles.
    for (const p of [h, s]) await visible(p.page.getByTestId('outcome-banner'), 30_000);
    expect(await hp.locator(`[data-testid="night-log-entry"][data-role="${lamp}"]`).count()).toBe(1);
    expect(await hp.locator(`[data-testid="night-log-entry"][data-role="${oracle}"]`).count()).toBe(1);
    await visible(hp.locator(`[data-testid="no-night-action-role"][data-role="${howl}"]`));
    expect(await textOf(hp.getByTestId('eliminated-players'))).toContain('Grave Howler');
    expect(await textOf(hp.getByTestId(`final-role-${hostId}`))).toContain('Lamp Keeper');
    expect(await hp.getByTestId(`final-role-${botId}`).getByTestId('role-image').first().getAttribute('src')).toBe(HOWLER_IMAGE);
    expect(await textOf(hp.getByTestId('outcome-text'))).toBe('Your team won!');
    await hp.getByTestId('night-log').scrollIntoViewIfNeeded();
    await customShot(hp, 'results-host');
    await customShot(hp, 'results-host-full', true);

    for (const p of [h, s]) expect(p.errors).toEqual([]);
  });
});
