/**
 * Issue 13 "the table experience", items 1, 9 and 10 (docs/architecture.md "Table experience"), in Debian's
 * Chromium at 390x844 against the real built stack:
 * - the host's lobby shows the invite link `<origin>/join/{code}`, its QR code and Copy Link (the clipboard
 *   holds the link afterwards); Share only where `navigator.share` exists;
 * - `/join/{code}` in a fresh browser context lands on the join form with the code filled in; the guest joins
 *   with a name and sees the lobby (and with her guest session live, the link takes her straight back); a
 *   signed-in user opening the link lands straight in the lobby;
 * - with 3 players + 2 bots the role count is wrong ('Need exactly 8 roles for 5 players' beside the 'Suggest
 *   roles' button); one tap fixes it, the suggestion follows a bot leaving and coming back, and the game starts;
 * - the game page keeps the screen on (a wake lock, asked again after the page was hidden, released on leaving),
 *   a phase change vibrates 50 ms, and the game menu's vibration switch is kept in localStorage;
 * - the manifest is served and parses, the service worker and the offline page are served, and the service
 *   worker answers a navigation without network with 'You are offline' and a Retry button.
 *
 * Screenshots: test-output/e2e-table/*.png (cleared at start).
 * Run: `npm run test:e2e -- table.e2e` in web/ (after `nx run-many -t build`).
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { signInAny } from './custom-roles-support.js';
import { addBots, createRoom, lobbyPlayerCount, pathOf, roleDeal, signIn, waitForRoute } from './steps.js';
import { type Player, openGameMenu, poll, textOf, useBrowserStack, visible, shotFolder } from './support.js';



const { prepare: prepareTableShots, shot: tableShot } = shotFolder('e2e-table');

/** What the fakes of {@link fakeDeviceApis} recorded in a page. */
interface DeviceLog {
  wakeRequests: number;
  wakeReleases: number;
  buzz: number[];
  shared: { title?: string; text?: string; url?: string }[];
}

/**
 * Replaces, in every page the context opens from now on, the Screen Wake Lock API, `navigator.vibrate` and
 * `navigator.share` with recorders (window.__device): headless Chromium has no screen to keep on, no motor and
 * no share sheet. A fake lock is released by the browser when the page is hidden, as a real one is.
 */
async function fakeDeviceApis(p: Player): Promise<void> {
  await p.context.addInitScript(() => {
    const log = { wakeRequests: 0, wakeReleases: 0, buzz: [] as number[], shared: [] as unknown[] };
    (window as unknown as { __device: typeof log }).__device = log;
    const wakeLock = {
      request: () => {
        log.wakeRequests++;
        const sentinel = {
          type: 'screen',
          released: false,
          release: () => {
            if (!sentinel.released) log.wakeReleases++;
            sentinel.released = true;
            return Promise.resolve();
          },
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        };
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') sentinel.released = true;
        });
        return Promise.resolve(sentinel);
      },
    };
    Object.defineProperty(Navigator.prototype, 'wakeLock', { configurable: true, get: () => wakeLock });
    Object.defineProperty(Navigator.prototype, 'vibrate', {
      configurable: true,
      value: (pattern: number) => {
        log.buzz.push(Number(pattern));
        return true;
      },
    });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: unknown) => {
        log.shared.push(data);
        return Promise.resolve();
      },
    });
  });
}

/** What the device fakes recorded so far in `page`. */
const deviceLog = (page: Page) => page.evaluate(() => (window as unknown as { __device: DeviceLog }).__device);

/** Pretends the page was hidden then shown again (switching apps on a phone): visibilityState and its event. */
async function hideAndShow(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    }
    delete (document as unknown as { visibilityState?: string }).visibilityState;
  });
}

/** The selection count and the host's confirmed summary once they say `selected` of `required` for `players`. */
/**
 * Routes a page's /ws through Playwright (before the page opens it): `hold()` keeps the server's frames back,
 * `release()` sends the kept ones on in order and lets the next ones through, as a slow network would.
 */
async function serverFrames(page: Page): Promise<{ hold(): void; release(): void }> {
  let holding = false;
  const kept: Array<string | Buffer> = [];
  let toPage: ((m: string | Buffer) => void) | null = null;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    toPage = (m) => ws.send(m);
    server.onMessage((m) => (holding ? kept.push(m) : ws.send(m)));
  });
  return {
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const m of kept.splice(0)) toPage?.(m);
    },
  };
}

async function rolesConfirmed(page: Page, selected: number, required: number, players: number): Promise<void> {
  expect(await textOf(page.getByTestId('role-count'), `${selected} / ${required}`)).toBe(`${selected} / ${required}`);
  const summary = `${selected} roles selected, ${required} needed for ${players} players`;
  expect(await textOf(page.getByText(/roles selected, \d+ needed for/), summary)).toBe(summary);
}

describe('the table experience (Chromium, 390x844, real stack)', () => {
  const env = useBrowserStack({ prepare: prepareTableShots });

  it('invite link and QR code, /join/{code} for a guest and a signed-in user, Suggest roles for 3 players + 2 bots, Start Game', async () => {
    const h = await env.open('host', 'Demo Host');
    await fakeDeviceApis(h);
    const hostFrames = await serverFrames(h.page);
    await signIn(h, env.stack.demoHost.email, env.stack.demoHost.password, null);
    const { gameId, roomCode } = await createRoom(h, null);
    const origin = await h.page.evaluate(() => window.location.origin);
    const link = `${origin}/join/${roomCode}`;

    // 1. The invite: link, QR code (drawn on a canvas, not blank), Copy Link puts the link on the clipboard.
    const invite = await visible(h.page.getByTestId('invite-card'));
    expect(await textOf(invite.getByTestId('invite-link'), link)).toBe(link);
    // The stack runs on 127.0.0.1: the card says that phones need the computer's network address.
    expect(await textOf(invite.getByTestId('invite-loopback'), /works on this computer only/)).toMatch(/^This address works on this computer only/);
    const qr = await visible(h.page.getByTestId('invite-qr').locator('canvas'));
    const dark = await qr.evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 64) n++;
      return n / (data.length / 4);
    });
    expect(dark).toBeGreaterThan(0.2);
    expect(dark).toBeLessThan(0.8);
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await h.page.getByTestId('invite-copy').click();
    await visible(h.page.getByText('Link copied'));
    expect(await h.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // Share (the Web Share API, faked here: headless Chromium has no share sheet) hands out the same link.
    await h.page.getByTestId('invite-share').click();
    const shared = await poll(() => deviceLog(h.page), (d) => d.shared.length === 1, undefined, 'a share');
    expect(shared.shared[0]).toEqual({ title: 'Nightfall', text: `Join my Nightfall game: room ${roomCode}`, url: link });
    await tableShot(h.page, '01-lobby-invite-host');

    // 2. A guest opens the link in a fresh context: the join form with the code filled in, then the lobby.
    const guest = await env.open('guest', 'Ava');
    await guest.page.goto(`/join/${roomCode}`);
    await visible(guest.page.getByTestId('join-form'));
    expect(await textOf(guest.page.getByTestId('join-invited'), `You are invited to room ${roomCode}`)).toBe(`You are invited to room ${roomCode}`);
    expect(await guest.page.getByTestId('join-room-code').inputValue()).toBe(roomCode);
    // Without the Web Share API (desktop Chromium) there is no Share button.
    expect(await guest.page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await guest.page.getByTestId('join-display-name').fill('Ava');
    await tableShot(guest.page, '02-join-link-guest');
    await guest.page.getByTestId('join-submit').click();
    await waitForRoute(guest.page, 'lobby', gameId);
    await visible(guest.page.getByTestId('waiting-for-host'));
    await visible(guest.page.getByTestId('player-list').locator('li').filter({ hasText: 'Ava' }));
    await visible(guest.page.getByTestId('invite-copy'));
    expect(await guest.page.getByTestId('invite-share').count()).toBe(0);
    await tableShot(guest.page, '03-lobby-guest');
    // Her guest session is live now: the link takes her straight back to the lobby, no form.
    await guest.page.goto(`/join/${roomCode}`);
    await waitForRoute(guest.page, 'lobby', gameId);
    await visible(guest.page.getByTestId('waiting-for-host'));
    expect(await guest.page.getByTestId('join-form').count()).toBe(0);

    // 3. A signed-in user opens the link: straight into the lobby, no form to fill.
    const member = await env.open('member', 'Admin');
    await signInAny(member, env.stack.admin.email, env.stack.admin.password);
    await member.page.goto(`/join/${roomCode.toLowerCase()}`);
    await waitForRoute(member.page, 'lobby', gameId);
    await visible(member.page.getByTestId('waiting-for-host'));
    expect(await member.page.getByTestId('join-form').count()).toBe(0);
    expect(await lobbyPlayerCount(h.page, 3)).toBe(3);

    // 4. Two bots: 6 roles for 5 players. The warning says so beside 'Suggest roles'; one tap fixes it.
    await addBots(h, 2);
    const warning = await visible(h.page.getByTestId('role-count-warning'));
    expect(await textOf(warning, /Need exactly/)).toContain('Need exactly 8 roles for 5 players');
    await rolesConfirmed(h.page, 6, 8, 5);
    await tableShot(h.page, '04-lobby-wrong-count-host');
    // The tap shows 8 / 8 at once; Start waits until the server has the new list (it starts with its own): here the
    // server's answer is held back, as on a slow network, and Start stays disabled until it arrives.
    hostFrames.hold();
    await h.page.getByTestId('suggest-roles-fix').click();
    expect(await textOf(h.page.getByTestId('role-count'), '8 / 8')).toBe('8 / 8');
    expect(await h.page.getByTestId('start-game').isDisabled()).toBe(true);
    hostFrames.release();
    await rolesConfirmed(h.page, 8, 8, 5);
    await poll(() => h.page.getByTestId('start-game').isEnabled(), (on) => on, undefined, 'Start enabled once the server has the roles');
    await h.page.getByTestId('role-count-warning').waitFor({ state: 'detached' });
    await visible(h.page.getByTestId('suggest-kept'));
    expect(await textOf(guest.page.getByTestId('waiting-for-host'), /5 players • 8 roles selected/)).toContain('5 players • 8 roles selected');
    expect(await h.page.getByTestId('role-toggle-Bad Guy').getAttribute('data-count')).toBe('2');
    await tableShot(h.page, '05-lobby-suggested-host', true);

    // The suggestion follows the table: a bot leaves (7 for 4), a bot comes back (8 for 5).
    const botRows = h.page.locator('[data-testid^="remove-bot-"]');
    await botRows.first().click();
    expect(await lobbyPlayerCount(h.page, 4)).toBe(4);
    await rolesConfirmed(h.page, 7, 7, 4);
    await addBots(h, 1);
    await rolesConfirmed(h.page, 8, 8, 5);

    // 5. Start Game: no 'Need exactly' toast, everybody goes to the game.
    await h.page.getByRole('button', { name: 'Start Game' }).click();
    for (const p of [h, guest, member]) await waitForRoute(p.page, 'game', gameId);
    await visible(h.page.getByTestId('phase-role_deal'));
    expect(await h.page.getByText(/Need exactly/).count()).toBe(0);

    // 6. The screen stays on: a wake lock on the game page, asked again after the page was hidden and shown.
    expect((await poll(() => deviceLog(h.page), (d) => d.wakeRequests === 1, undefined, 'a wake lock')).wakeReleases).toBe(0);
    await hideAndShow(h.page);
    expect((await poll(() => deviceLog(h.page), (d) => d.wakeRequests === 2, undefined, 'the wake lock again')).wakeReleases).toBe(0);

    // 7. A phase change buzzes 50 ms (the first phase a page shows does not).
    expect((await deviceLog(h.page)).buzz).toEqual([]);
    await roleDeal(h, null, true);
    await Promise.all([guest, member].map((p) => roleDeal(p, null)));
    await visible(h.page.getByTestId('phase-job_choice'));
    expect((await poll(() => deviceLog(h.page), (d) => d.buzz.length > 0, undefined, 'a buzz')).buzz).toEqual([50]);

    // 8. The game menu's vibration switch, kept in localStorage; leaving the game releases the wake lock.
    await openGameMenu(h.page);
    const vibrate = await visible(h.page.getByTestId('menu-vibrate'));
    expect(await vibrate.getAttribute('data-on')).toBe('true');
    await tableShot(h.page, '06-game-menu-host');
    await vibrate.click();
    expect(await poll(() => h.page.evaluate(() => window.localStorage.getItem('nightfall.vibrate')), (v) => v === 'off')).toBe('off');
    await openGameMenu(h.page);
    expect(await visible(h.page.getByTestId('menu-vibrate')).then((l) => l.getAttribute('data-on'))).toBe('false');
    await h.page.getByTestId('menu-return-home').click();
    await h.page.waitForURL((u) => u.pathname === '/');
    expect((await poll(() => deviceLog(h.page), (d) => d.wakeReleases === 1, undefined, 'the wake lock released')).wakeRequests).toBe(2);

    expect([h, guest, member].flatMap((p) => p.errors)).toEqual([]);
  });

  it('serves the manifest, the service worker and the offline page; offline, a navigation shows the offline page', async () => {
    const base = env.stack.url;
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`);
      return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
    };
    const index = await get('/');
    expect(index.body).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.type).toMatch(/json/);
    const m = JSON.parse(manifest.body) as { name: string; display: string; theme_color: string; icons: { src: string; type: string }[] };
    expect(m.name).toBe('Nightfall');
    expect(m.display).toBe('standalone');
    expect(m.theme_color).toBe('#0b0f1a');
    for (const icon of m.icons) {
      const res = await fetch(`${base}${icon.src}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(icon.type);
    }
    const sw = await get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.type).toMatch(/javascript/);
    expect(sw.body).toContain("addEventListener('fetch'");
    const offline = await get('/offline.html');
    expect(offline.status).toBe(200);
    expect(offline.body).toContain('You are offline');
    const joinRoute = await get('/join/ABC123');
    expect(joinRoute.status).toBe(200);
    expect(joinRoute.body).toBe(index.body);

    // The service worker (production build) takes control, then answers a navigation without network.
    const v = await env.open('visitor', 'Visitor');
    await v.page.goto('/');
    await visible(v.page.getByTestId('home-page'));
    await poll(() => v.page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.state ?? 'none')), (s) => s === 'activated', undefined, 'the service worker');
    await poll(() => v.page.evaluate(() => navigator.serviceWorker.controller !== null), (c) => c, undefined, 'the service worker to control the page');
    await v.context.setOffline(true);
    await v.page.goto('/join/ABC123');
    await visible(v.page.getByTestId('offline-page'));
    await visible(v.page.getByRole('heading', { name: 'You are offline' }));
    await visible(v.page.getByRole('button', { name: 'Retry' }));
    expect(pathOf(v.page)).toBe('/join/ABC123');
    await tableShot(v.page, '07-offline-visitor');
    // Back online, Retry loads the address asked for: the join form with its code.
    await v.context.setOffline(false);
    await v.page.getByRole('button', { name: 'Retry' }).click();
    await visible(v.page.getByTestId('join-form'));
    expect(await v.page.getByTestId('join-room-code').inputValue()).toBe('ABC123');
    expect(v.errors).toEqual([]);
  });
});
