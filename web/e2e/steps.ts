/**
 * What a player does on each screen of Nightfall, as a real user would: through visible buttons, texts
 * and data-testids. Each step asserts what it sees and (when `shots` is given) saves a screenshot.
 */
import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { firstVisible, poll, shot, textOf, tid, visible, type Player } from './support.js';

/** Screenshot name prefix (e.g. '03-job_choice'), or null for no screenshots. */
type Shot = string | null;

const snap = async (p: Player, name: Shot, suffix = '', full = false) => {
  if (name) await shot(p.page, `${name}${suffix}-${p.label}`, full);
};

/**
 * After a player acted. The `first` to act (the phase cannot move on before the others act) must see the
 * waiting view `waitingId`, whose '{n} of {m} players ...' count `countId` shows somebody still missing,
 * and it is photographed. Later players may already be in the next phase (`nextId`).
 */
async function afterActing(p: Player, first: boolean, waitingId: string, countId: string, nextId: string, name: Shot, suffix: string): Promise<void> {
  if (!first) {
    p.mark(await firstVisible(p.page, [tid(waitingId), tid(nextId)]));
    return;
  }
  await visible(p.page.getByTestId(waitingId));
  const count = await textOf(p.page.getByTestId(countId), /^\d+ of \d+ players/);
  const [done, total] = count.split(' of ').map((x) => parseInt(x, 10)) as [number, number];
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(total);
  p.mark(waitingId);
  await snap(p, name, suffix);
}

/** Path of the page without origin. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits for the URL /{kind}/{gameId} (kind lobby or game) and returns the gameId. */
export async function waitForRoute(page: Page, kind: 'lobby' | 'game', gameId?: string): Promise<string> {
  const re = new RegExp(`^/${kind}/${gameId ?? '([^/]+)'}$`);
  await page.waitForURL((u) => re.test(u.pathname), { waitUntil: 'commit' });
  const m = new RegExp(`^/${kind}/([^/]+)$`).exec(pathOf(page));
  return m![1]!;
}

/** Signs in with email and password on /auth and lands on the home page. */
export async function signIn(p: Player, email: string, password: string, name: Shot): Promise<void> {
  const { page } = p;
  await page.goto('/auth');
  await visible(page.getByTestId('auth-page'));
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill(password);
  await snap(p, name);
  await page.getByTestId('signin-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await visible(page.getByTestId('home-page'));
  expect(await textOf(page.getByTestId('home-create-game'), 'Create Game')).toBe('Create Game');
}

/** Host: 'Create Game' on the home page; returns the new game's id and room code. */
export async function createRoom(p: Player, name: Shot): Promise<{ gameId: string; roomCode: string }> {
  const { page } = p;
  if (pathOf(page) !== '/') await page.goto('/');
  await page.getByRole('button', { name: 'Create Game' }).click();
  const gameId = await waitForRoute(page, 'lobby');
  await visible(page.getByTestId('phase-lobby'));
  const roomCode = await textOf(page.getByTestId('room-code'), /^[A-Z0-9]{6}$/);
  expect(roomCode).toMatch(/^[A-Z0-9]{6}$/);
  expect(await textOf(page.getByTestId('connection-indicator'), 'Connected')).toBe('Connected');
  await snap(p, name);
  return { gameId, roomCode };
}

/** Guest: Join Game form on the home page (display name + room code) into the lobby of `gameId`. */
export async function joinRoom(p: Player, roomCode: string, gameId: string, name: Shot): Promise<void> {
  const { page } = p;
  await page.goto('/');
  await page.getByTestId('home-join-game').click();
  await visible(page.getByTestId('join-form'));
  await page.getByTestId('join-display-name').fill(p.name);
  await page.getByTestId('join-room-code').fill(roomCode.toLowerCase());
  expect(await page.getByTestId('join-room-code').inputValue()).toBe(roomCode);
  await snap(p, name);
  await page.getByTestId('join-submit').click();
  await waitForRoute(page, 'lobby', gameId);
  await visible(page.getByTestId('phase-lobby'));
  expect(await textOf(page.getByTestId('room-code'), roomCode)).toBe(roomCode);
  await visible(page.getByTestId('waiting-for-host'));
  const mine = await visible(page.getByTestId('player-list').locator('li').filter({ hasText: p.name }));
  expect(await textOf(mine, /You/)).toMatch(new RegExp(`${p.name}\\s*You`));
}

/** Number of rows in the lobby player list once it equals `n`. */
export async function lobbyPlayerCount(page: Page, n: number): Promise<number> {
  return poll(() => page.getByTestId('player-list').locator('li').count(), (c) => c === n, undefined, `${n} players in the lobby list`);
}

/** Host: 'Add Bot Player' `count` times, waiting for each bot to appear. */
export async function addBots(host: Player, count: number): Promise<void> {
  const { page } = host;
  for (let i = 0; i < count; i++) {
    const before = await page.getByTestId('player-list').locator('li').count();
    await page.getByRole('button', { name: 'Add Bot Player' }).click();
    expect(await lobbyPlayerCount(page, before + 1)).toBe(before + 1);
  }
}

/**
 * Host: taps the role toggles until the selection is exactly `target` (role -> copies; others 0). A tap
 * adds one copy up to the cap, at the cap it removes all copies (spec 000 section 5). Waits for the
 * server-confirmed '{n} roles selected, {n} needed for {m} players'.
 */
export async function selectRoles(host: Player, target: Record<string, number>, players: number): Promise<void> {
  const { page } = host;
  const toggles = page.locator('[data-testid^="role-toggle-"]');
  const ids = await toggles.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  for (const role of Object.keys(target)) expect(ids).toContain(`role-toggle-${role}`);
  for (const id of ids) {
    const role = id.slice('role-toggle-'.length);
    const want = target[role] ?? 0;
    const toggle = page.getByTestId(id);
    for (let taps = 0; taps < 6; taps++) {
      const count = Number(await toggle.getAttribute('data-count'));
      if (count === want) break;
      await toggle.click();
      await poll(async () => Number(await toggle.getAttribute('data-count')), (c) => c !== count, undefined, `${id} to change from ${count}`);
    }
    expect(Number(await toggle.getAttribute('data-count'))).toBe(want);
  }
  const total = Object.values(target).reduce((a, b) => a + b, 0);
  expect(total).toBe(players + 3);
  expect(await textOf(page.getByTestId('role-count'), `${total} / ${total}`)).toBe(`${total} / ${total}`);
  const confirmed = `${total} roles selected, ${total} needed for ${players} players`;
  expect(await textOf(page.getByText(/roles selected, \d+ needed for/), confirmed)).toBe(confirmed);
}

/** role_deal: reads the dealt role, checks the card, taps 'I Understand My Role' (see {@link afterActing}). */
export async function roleDeal(p: Player, name: Shot, first = false): Promise<void> {
  const { page } = p;
  await visible(page.getByTestId('phase-role_deal'));
  expect(await textOf(page.getByTestId('phase-name'), 'Role Deal')).toBe('Role Deal');
  const card = await visible(page.getByTestId('role-card'));
  p.role = (await card.getAttribute('data-role')) ?? undefined;
  expect(p.role).toBeTruthy();
  expect(await textOf(page.getByTestId('role-card-name'))).not.toBe('');
  await visible(page.getByText('Keep it secret!'));
  await snap(p, name);
  await page.getByRole('button', { name: 'I Understand My Role' }).click();
  if (first) await visible(page.getByText('Role Understood'));
  await afterActing(p, first, 'role-understood', 'ready-list-count', 'phase-job_choice', name, '-understood');
}

/** Player tiles of the visible picker (other players, in seat order). */
const playerTiles = (page: Page) => page.locator('[data-testid^="pick-player-"]');

/**
 * job_choice ('Night Phase'): dismisses an information screen with Continue, then uses the picker the
 * role gets (one player, two players, two center cards, one center card) and 'Submit Action', or presses
 * Continue when the role has no choice. Records what was used in `p.night`.
 */
export async function night(p: Player, name: Shot, first = false): Promise<void> {
  const { page } = p;
  const section = await visible(page.getByTestId('phase-job_choice'));
  expect(await textOf(page.getByTestId('phase-name'), 'Night Phase')).toBe('Night Phase');
  await visible(section.getByRole('heading', { name: 'Night Phase' }));
  const used: string[] = [];
  let submitted = false;
  for (let step = 0; step < 4 && !submitted; step++) {
    const screen = await firstVisible(page, [tid('night-info'), tid('night-no-action'), '[data-testid^="picker-"]', tid('action-submitted'), tid('phase-role_resolve')]);
    if (screen === 'action-submitted' || screen === 'phase-role_resolve') break;
    p.mark(screen);
    if (screen === 'night-info') {
      used.push('info');
      await snap(p, name, '-info');
      const info = page.getByTestId('night-info');
      await info.getByRole('button', { name: 'Continue' }).click();
      await info.waitFor({ state: 'hidden' });
      continue;
    }
    if (screen === 'night-no-action') {
      used.push('continue');
      await visible(page.getByText(/Continue and wait for the others\./));
      await snap(p, name);
      await page.getByTestId('night-no-action').getByRole('button', { name: 'Continue' }).click();
      break;
    }
    const submit = page.getByRole('button', { name: 'Submit Action' });
    // 'Submit Action' is enabled only for a valid action; only the center swap starts with one (card 1).
    expect(await submit.isEnabled()).toBe(screen === 'picker-swap_center');
    switch (screen) {
      case 'picker-role-looker': {
        // Two center cards: the third pick drops the oldest, the counter stays at 2/2.
        used.push('two center cards');
        await page.getByTestId('looker-mode-center').click();
        expect(await textOf(page.getByTestId('pick-counter'), '0/2')).toBe('0/2');
        await page.getByTestId('pick-center-0').click();
        await page.getByTestId('pick-center-1').click();
        await page.getByTestId('pick-center-2').click();
        expect(await textOf(page.getByTestId('pick-counter'), '2/2')).toBe('2/2');
        expect(await page.getByTestId('pick-center-0').getAttribute('aria-pressed')).toBe('false');
        expect(await page.getByTestId('pick-center-2').getAttribute('aria-pressed')).toBe('true');
        break;
      }
      case 'picker-rob_player': {
        used.push('one player');
        await visible(page.getByText('Choose a player to swap your card with. You will see your new role.'));
        await playerTiles(page).first().click();
        expect(await playerTiles(page).first().getAttribute('aria-pressed')).toBe('true');
        break;
      }
      case 'picker-swap_players': {
        used.push('two players');
        expect(await textOf(page.getByTestId('pick-counter'), '0/2')).toBe('0/2');
        await playerTiles(page).nth(0).click();
        expect(await textOf(page.getByTestId('pick-counter'), '1/2')).toBe('1/2');
        expect(await submit.isDisabled()).toBe(true);
        await playerTiles(page).nth(1).click();
        expect(await textOf(page.getByTestId('pick-counter'), '2/2')).toBe('2/2');
        break;
      }
      case 'picker-swap_center': {
        // Defaults to the first card; pick the last one.
        used.push('one center card (swap)');
        expect(await page.getByTestId('pick-center-0').getAttribute('aria-pressed')).toBe('true');
        await page.getByTestId('pick-center-2').click();
        expect(await page.getByTestId('pick-center-2').getAttribute('aria-pressed')).toBe('true');
        break;
      }
      case 'picker-view_center_card': {
        used.push('one center card (look)');
        await page.getByTestId('pick-center-1').click();
        break;
      }
      default:
        throw new Error(`${p.label} (${p.role}): unexpected night screen ${screen}`);
    }
    await poll(() => submit.isEnabled(), (e) => e, undefined, `'Submit Action' enabled (${screen})`);
    expect(await submit.isEnabled()).toBe(true);
    await snap(p, name);
    await submit.click();
    submitted = true;
  }
  p.night = used.join(' + ') || 'none';
  if (first) await visible(page.getByText('Action Submitted', { exact: true }));
  await afterActing(p, first, 'action-submitted', 'submit-status-count', 'phase-role_resolve', name, '-submitted');
}

/** role_resolve ('Night Results'): the action result is shown; 'Got it!'. */
export async function roleResolve(p: Player, name: Shot, first = false): Promise<string> {
  const { page } = p;
  await visible(page.getByTestId('phase-role_resolve'));
  expect(await textOf(page.getByTestId('phase-name'), 'Night Results')).toBe('Night Results');
  const result = await textOf(page.getByTestId('action-result'));
  expect(result.length).toBeGreaterThan(0);
  if (p.role === 'Self-Checker') await visible(page.getByTestId('self-check'));
  await snap(p, name);
  await page.getByRole('button', { name: 'Got it!' }).click();
  await afterActing(p, first, 'resolve-ready', 'resolve-ready-count', 'phase-discussion', name, '-ready');
  return result;
}

/** discussion: waits for the view ('Discussion', chat, players grid, roles in game). */
export async function enterDiscussion(p: Player, players: number): Promise<void> {
  const { page } = p;
  await visible(page.getByTestId('phase-discussion'));
  expect(await textOf(page.getByTestId('phase-name'), 'Discussion')).toBe('Discussion');
  await visible(page.getByTestId('chat'));
  expect(await page.getByTestId('players-grid').locator('.nf-row').count()).toBe(players);
  expect(await textOf(page.getByTestId('center-count'), '3 center cards')).toBe('3 center cards');
}

/** Sends a chat message from the discussion view. */
export async function sendChat(p: Player, text: string): Promise<void> {
  const { page } = p;
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  expect(await poll(() => input.inputValue(), (v) => v === '', undefined, 'the chat input to clear')).toBe('');
  await seesChat(p, p.name, text);
}

/** Waits until the chat log shows `text` from `from`. */
export async function seesChat(p: Player, from: string, text: string): Promise<void> {
  const msg = p.page.getByTestId('chat-message').filter({ hasText: text });
  await visible(msg);
  expect(await textOf(msg, new RegExp(`^${from}`))).toBe(`${from}${text}`);
}

/** 'I'm Ready to Vote' (see {@link afterActing}). */
export async function readyToVote(p: Player, name: Shot = null, first = false): Promise<void> {
  const { page } = p;
  await page.getByRole('button', { name: "I'm Ready to Vote" }).click();
  if (first) await visible(page.getByText('Waiting for the others...'));
  await afterActing(p, first, 'vote-ready-waiting', 'vote-ready-count', 'phase-vote', name, '-ready');
}

/** vote: picks a player, checks 'Vote for {name}', votes. Returns the chosen name. */
export async function vote(p: Player, name: Shot, pick: (names: string[]) => number = () => 0, first = false): Promise<string> {
  const { page } = p;
  await visible(page.getByTestId('phase-vote'));
  expect(await textOf(page.getByTestId('phase-name'), 'Voting')).toBe('Voting');
  const button = page.getByTestId('submit-vote');
  expect(await textOf(button, 'Select a player to vote')).toBe('Select a player to vote');
  expect(await button.isDisabled()).toBe(true);
  const options = page.locator('[data-testid^="vote-option-"]');
  const names = (await options.locator('.nf-option-label').allTextContents()).map((s) => s.trim());
  expect(names).not.toContain(p.name);
  const index = pick(names);
  const target = names[index]!;
  await options.nth(index).click();
  expect(await textOf(button, `Vote for ${target}`)).toBe(`Vote for ${target}`);
  await snap(p, name);
  await page.getByRole('button', { name: `Vote for ${target}` }).click();
  if (first) expect(await textOf(page.getByTestId('my-vote'), target)).toBe(target);
  await afterActing(p, first, 'vote-cast', 'vote-status-count', 'phase-results', name, '-cast');
  return target;
}

/** results: the Victory/Defeat banner and its label; returns e.g. 'Victory: Your team won!'. */
export async function results(p: Player, name: Shot): Promise<string> {
  const { page } = p;
  await visible(page.getByTestId('phase-results'));
  const banner = await visible(page.getByTestId('outcome-banner'));
  expect(await textOf(page.getByTestId('phase-name'), 'Results')).toBe('Results');
  const title = await textOf(banner.locator('.nf-banner-title'), /^(Victory|Defeat)$/);
  expect(title).toMatch(/^(Victory|Defeat)$/);
  const label = await textOf(page.getByTestId('outcome-text'));
  expect(['Your team won!', 'Your team lost.', 'You won by being eliminated!']).toContain(label);
  expect(title === 'Victory').toBe((await banner.getAttribute('data-won')) === 'true');
  await visible(page.getByTestId('final-roles'));
  await visible(page.getByTestId('vote-summary'));
  await visible(page.getByTestId('night-log'));
  await snap(p, name);
  await snap(p, name, '-full', true);
  return `${title}: ${label}`;
}

/**
 * 'Verify deal' on the results screen (docs/rules.md "Verifiable deal"): the fingerprint is shown, the
 * check runs in the browser; returns whether it said the deal matches, and each check's outcome.
 */
export async function verifyDeal(p: Player, name: Shot): Promise<{ ok: boolean; checks: Record<string, boolean> }> {
  const { page } = p;
  const card = await visible(page.getByTestId('verify-deal'));
  expect(await textOf(card.getByTestId('deal-commitment'), /^Fingerprint: [0-9a-f]{64}$/)).toMatch(/^Fingerprint: [0-9a-f]{64}$/);
  await card.getByTestId('verify-deal-button').click();
  const result = await visible(card.getByTestId('verify-deal-result'));
  const checks: Record<string, boolean> = {};
  for (const li of await result.locator('[data-testid^="verify-check-"]').all()) {
    checks[((await li.getAttribute('data-testid')) ?? '').replace('verify-check-', '')] = (await li.getAttribute('data-ok')) === 'true';
  }
  const ok = ((await result.getAttribute('class')) ?? '').includes('ant-alert-success');
  await card.scrollIntoViewIfNeeded();
  await snap(p, name, '-verify');
  return { ok, checks };
}

/** 'Play Again'; the first to press it sees 'Waiting for others...' and '1 of N players ready'. */
export async function playAgain(p: Player, name: Shot, first = false): Promise<void> {
  const { page } = p;
  await page.getByRole('button', { name: 'Play Again' }).click();
  if (first) {
    expect(await textOf(page.getByTestId('play-again'), 'Waiting for others...')).toBe('Waiting for others...');
    expect(await textOf(page.getByTestId('play-again-list-count'), /^1 of \d+ players ready$/)).toMatch(/^1 of \d+ players ready$/);
    await snap(p, name, '-play-again');
  }
}

/** Back in the lobby of the same game after everybody pressed 'Play Again'. */
export async function backInLobby(p: Player, gameId: string, name: Shot): Promise<void> {
  await waitForRoute(p.page, 'lobby', gameId);
  await visible(p.page.getByTestId('phase-lobby'));
  await snap(p, name);
}
