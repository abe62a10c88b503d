/**
 * Helpers of the account browser test (account.e2e.spec.ts): its screenshot folder, the development
 * outbox that holds the magic-link e-mails, the toast and a few account-screen steps.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { poll, STEP_TIMEOUT, textOf, visible, type Player } from './support.js';
import type { identityV1 } from '@nightfall/contracts';

/** Where the account screenshots go (repository root test-output/e2e-account). */
export const ACCOUNT_SHOT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../test-output/e2e-account');

/** Creates the screenshot folder and removes the PNGs of an earlier run. */
export function prepareAccountShots(): void {
  mkdirSync(ACCOUNT_SHOT_DIR, { recursive: true });
  for (const f of readdirSync(ACCOUNT_SHOT_DIR)) if (f.endsWith('.png')) rmSync(resolve(ACCOUNT_SHOT_DIR, f));
}

/** Waits (up to 3 s) until no antd enter/leave motion runs, so modals and toasts are fully drawn. */
export async function motionsDone(page: Page): Promise<void> {
  const running = () => page.evaluate(() => document.querySelectorAll('[class*="-appear-active"],[class*="-enter-active"],[class*="-leave-active"],[class*="-appear-start"],[class*="-enter-start"]').length);
  await poll(running, (n) => n === 0, 3000, 'animations to end').catch(() => undefined);
}

/** Saves a 390x844 viewport screenshot as test-output/e2e-account/{name}.png once animations ended. */
export async function accountShot(page: Page, name: string): Promise<void> {
  await motionsDone(page);
  await page.screenshot({ path: resolve(ACCOUNT_SHOT_DIR, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

/** One e-mail of GET /api/dev/outbox (development only): identity's outbox message, as the gateway returns it. */
export type OutboxMail = identityV1.OutboxMessage;

/** Reads the development outbox of the stack at `baseURL`. @throws on a non-OK answer */
export async function readOutbox(baseURL: string): Promise<OutboxMail[]> {
  const res = await fetch(`${baseURL}/api/dev/outbox`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/dev/outbox: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as OutboxMail[] | { mails?: OutboxMail[]; items?: OutboxMail[] };
  return Array.isArray(body) ? body : (body.mails ?? body.items ?? []);
}

/**
 * Waits for a new e-mail to `to` (one whose id is not in `seen`) and returns its link as a path
 * ('/auth/callback?token=...') so it opens on the test stack whatever origin the mail was written for.
 * @throws Error after STEP_TIMEOUT with the last outbox seen
 */
export async function magicLinkFor(baseURL: string, to: string, seen: ReadonlySet<string> = new Set()): Promise<{ mail: OutboxMail; path: string }> {
  const fresh = (mails: OutboxMail[]) => mails.filter((m) => m.to.toLowerCase() === to.toLowerCase() && !seen.has(m.id));
  const mails = await poll(() => readOutbox(baseURL), (list) => fresh(list).length > 0, STEP_TIMEOUT, `an e-mail to ${to} in the dev outbox`);
  const mail = fresh(mails).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]!;
  const url = new URL(mail.link, baseURL);
  expect(url.pathname).toBe('/auth/callback');
  expect(url.searchParams.get('token')).toBeTruthy();
  return { mail, path: `${url.pathname}${url.search}` };
}

/** Ids of every e-mail in the outbox now (to tell later ones apart). */
export async function outboxIds(baseURL: string): Promise<Set<string>> {
  return new Set((await readOutbox(baseURL)).map((m) => m.id));
}

/** Waits for the (single) toast to show `title` and returns its description text. */
export async function toast(page: Page, title: string): Promise<string> {
  const notice = page.locator('.ant-notification-notice').filter({ hasText: title }).last();
  await visible(notice);
  expect(await page.locator('.ant-notification-notice:visible').count()).toBeLessThanOrEqual(1);
  const text = ((await notice.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  return text.slice(text.indexOf(title) + title.length).trim();
}

/** Closes the visible toast (so the next screenshot is not covered), if any. */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.locator('.ant-notification-notice-close');
  for (const btn of await close.all()) await btn.click({ timeout: 2000 }).catch(() => undefined);
  await poll(() => page.locator('.ant-notification-notice').count(), (n) => n === 0, STEP_TIMEOUT, 'toasts to close');
}

/** Path of the page without origin. */
export const pathname = (page: Page) => new URL(page.url()).pathname;

/** Waits for the home page and returns the state of its main actions (signed-out, no-host, host). */
export async function homeState(page: Page, want?: 'signed-out' | 'no-host' | 'host'): Promise<string> {
  await page.waitForURL((u) => u.pathname === '/');
  const actions = await visible(page.getByTestId('home-actions'));
  return poll(async () => (await actions.getAttribute('data-state')) ?? '', (s) => !want || s === want, STEP_TIMEOUT, `home actions ${want ?? ''}`);
}

/**
 * Opens the profile modal from the account button of the page's home screen, and waits for its opening animation to
 * end: a click that lands during antd's zoom-in can be lost (seen on a slow machine: Edit Profile clicked, no
 * navigation), as a person's tap would not be made before the dialog is drawn.
 */
export async function openProfileOn(page: Page): Promise<void> {
  await page.getByTestId('account-button').click();
  await visible(page.getByTestId('profile-modal'));
  await motionsDone(page);
}

/** Opens the profile modal of a player's page ({@link openProfileOn}). */
export function openProfile(p: Player): Promise<void> {
  return openProfileOn(p.page);
}

/** Closes the profile modal. */
export async function closeProfile(p: Player): Promise<void> {
  await p.page.locator('.ant-modal-close').click();
  await p.page.getByTestId('profile-modal').waitFor({ state: 'hidden' });
}

/** Text of the account button once it equals `want`. */
export function accountButtonText(page: Page, want: string | RegExp): Promise<string> {
  return textOf(page.getByTestId('account-button'), want);
}
