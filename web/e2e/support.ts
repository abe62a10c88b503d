/**
 * Helpers of the browser end-to-end tests: Debian's Chromium through playwright-core, one browser
 * context per player (separate cookies and storage) at phone size, screenshots and polling waits.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from '@jest/globals';
import { startTestStack, type RunningStack } from '@nightfall/testing';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Where the screenshots go (repository root test-output/e2e). */
export const SHOT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../test-output/e2e');

/** Phone viewport every player uses. */
export const VIEWPORT = { width: 390, height: 844 };

/** Default wait for one UI condition (the server answers in milliseconds; CI machines are slow). */
export const STEP_TIMEOUT = 20_000;

/** Launches Debian's Chromium headless (never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Creates the screenshot folder and removes the PNGs of an earlier run. */
export function prepareShotDir(): void {
  mkdirSync(SHOT_DIR, { recursive: true });
  for (const f of readdirSync(SHOT_DIR)) if (f.endsWith('.png')) rmSync(resolve(SHOT_DIR, f));
}

/** One human at the table: a browser context of its own with one page. */
export interface Player {
  /** Short label used in screenshot names: host, guest1... */
  label: string;
  /** Display name in the game. */
  name: string;
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors (must stay empty). */
  errors: string[];
  /** Role dealt in the current round (read from the role card). */
  role?: string;
  /** Picker (or screen) used in the night of the current round. */
  night?: string;
  /** Step marks with seconds since the player was opened (printed when a test wants them). */
  trace: string[];
  /** Adds a step mark to `trace`. */
  mark(what: string): void;
}

/**
 * Opens a new context + page at phone size for a player. `locale` is the browser's language
 * (`navigator.languages`; the app picks its own from it, docs/architecture.md "Locales"): en-US by default.
 */
export async function newPlayer(browser: Browser, baseURL: string, label: string, name: string, locale = 'en-US'): Promise<Player> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, deviceScaleFactor: 1, isMobile: false, hasTouch: false, locale });
  context.setDefaultTimeout(STEP_TIMEOUT);
  context.setDefaultNavigationTimeout(STEP_TIMEOUT);
  const page = await context.newPage();
  const t0 = Date.now();
  const player: Player = {
    label,
    name,
    context,
    page,
    errors: [],
    trace: [],
    mark(what) {
      this.trace.push(`${what}@${((Date.now() - t0) / 1000).toFixed(1)}`);
    },
  };
  page.on('pageerror', (err) => player.errors.push(`${label}: ${err.message}`));
  return player;
}

/** A test file's own screenshot folder, `test-output/{dir}`: see {@link shotFolder}. */
export interface ShotFolder {
  /** Creates the folder and removes its old .png files (for `useBrowserStack({ prepare })`). */
  prepare: () => void;
  /** A viewport screenshot (390x844; the whole page with `full`) as test-output/{dir}/{name}.png. */
  shot: (page: Page, name: string, full?: boolean) => Promise<void>;
}

/** The screenshot folder test-output/{dir} of one test file (e.g. 'e2e-seats'). */
export function shotFolder(dir: string): ShotFolder {
  const folder = resolve(SHOT_DIR, '..', dir);
  return {
    prepare() {
      mkdirSync(folder, { recursive: true });
      for (const f of readdirSync(folder)) if (f.endsWith('.png')) rmSync(resolve(folder, f));
    },
    async shot(page, name, full = false) {
      await page.screenshot({ path: resolve(folder, `${name}.png`), fullPage: full, animations: 'disabled', caret: 'hide' });
    },
  };
}

/** Saves a viewport screenshot (390x844) as test-output/e2e/{name}.png; `full` captures the whole page. */
export async function shot(page: Page, name: string, full = false): Promise<void> {
  const t = Date.now();
  await page.screenshot({ path: resolve(SHOT_DIR, `${name}.png`), fullPage: full, animations: 'disabled', caret: 'hide' });
  const ms = Date.now() - t;
  if (ms > 2000) console.warn(`slow screenshot ${name}: ${ms} ms`);
}

/** Waits until `locator` is visible. */
export async function visible(locator: Locator, timeout = STEP_TIMEOUT): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/**
 * Polls `read` until `accept` holds for its value and returns that value.
 * @throws Error after `timeout` ms, naming `what` and the last value seen (so a stall fails where it is)
 */
export async function poll<T>(read: () => Promise<T>, accept: (v: T) => boolean, timeout = STEP_TIMEOUT, what = 'condition'): Promise<T> {
  const until = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await read();
      last = value;
      if (accept(value)) return value;
    } catch (err) {
      last = `(error: ${(err as Error).message.split('\n')[0]})`;
    }
    if (Date.now() > until) throw new Error(`timed out after ${timeout} ms waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The trimmed, whitespace-collapsed text of a locator once it matches `want`. @throws on timeout */
export async function textOf(locator: Locator, want: RegExp | string = /./, timeout = STEP_TIMEOUT): Promise<string> {
  const norm = async () => ((await locator.first().textContent({ timeout: 1000 })) ?? '').replace(/\s+/g, ' ').trim();
  const ok = (t: string) => (typeof want === 'string' ? t === want : want.test(t));
  return poll(norm, ok, timeout, `text ${String(want)} of ${locator.toString()}`);
}

/**
 * Polls until one of `selectors` is visible and returns its data-testid (or the selector): the screens a
 * player may see next are checked together, so their order does not matter. The check runs inside the
 * page in one go, so an element vanishing between "visible?" and "which one?" cannot stall it.
 * @throws Error when none becomes visible within `timeout`
 */
export async function firstVisible(page: Page, selectors: string[], timeout = STEP_TIMEOUT): Promise<string> {
  const find = () =>
    page.evaluate((sels) => {
      for (const sel of sels) {
        for (const el of Array.from(document.querySelectorAll(sel))) {
          const box = el.getBoundingClientRect();
          if (box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden') return el.getAttribute('data-testid') ?? sel;
        }
      }
      return null;
    }, selectors);
  const found = await poll(find, (v) => v !== null, timeout, `one of ${selectors.join(', ')}`);
  return found!;
}

/**
 * Opens the game menu (header, top right). A toast still shown covers the header on a phone-sized page, and the
 * pointer resting on it keeps it open (antd pauses it on hover), so toasts are closed first.
 */
export async function openGameMenu(page: Page): Promise<void> {
  await page.locator('.ant-notification-notice-close').evaluateAll((els) => els.forEach((e) => (e as HTMLElement).click()));
  await page.getByTestId('game-menu').click();
}

/** Selector of a data-testid (exact). */
export const tid = (id: string) => `[data-testid="${id}"]`;

/** Hooks of `useBrowserStack`: `prepare` before start, `ready` once the stack is up, `done` after teardown. */
export interface BrowserStackOptions {
  /** Options of the stack besides `web` (e.g. `engineEnv`). */
  stack?: Omit<NonNullable<Parameters<typeof startTestStack>[0]>, 'web'>;
  prepare?: () => void;
  ready?: (stack: RunningStack) => Promise<void>;
  done?: () => void;
}

/** The real stack (serving web/dist) and one Chromium shared by a test file. */
export interface BrowserStack {
  readonly stack: RunningStack;
  readonly browser: Browser;
  /** Opens a player (own context, phone size, browser language `locale`, en-US by default); closed in afterAll. */
  open(label: string, name: string, locale?: string): Promise<Player>;
}

/**
 * Registers beforeAll/afterAll that start the stack and Chromium for this file, and close every
 * player context, the browser, the stack and its database afterwards.
 */
export function useBrowserStack(o: BrowserStackOptions = {}): BrowserStack {
  let stack: RunningStack | undefined;
  let browser: Browser | undefined;
  const opened: Player[] = [];
  const need = <T>(v: T | undefined, what: string): T => {
    if (!v) throw new Error(`${what} is not started (did beforeAll fail?)`);
    return v;
  };
  beforeAll(async () => {
    o.prepare?.();
    [stack, browser] = await Promise.all([startTestStack({ ...o.stack, web: true }), launchChromium()]);
    await o.ready?.(stack);
  }, 120_000);
  afterAll(async () => {
    for (const p of opened) await p.context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await stack?.stop();
    await stack?.dropDatabase();
    o.done?.();
  });
  return {
    get stack() {
      return need(stack, 'the stack');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    async open(label, name, locale) {
      const p = await newPlayer(need(browser, 'the browser'), need(stack, 'the stack').url, label, name, locale);
      opened.push(p);
      return p;
    },
  };
}
