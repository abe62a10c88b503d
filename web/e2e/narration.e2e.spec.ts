/**
 * Issue 13 item 4 "Narration for tables in one room" (docs/architecture.md "Table experience"), in Debian's
 * Chromium at 390x844 against the real built stack: the demo host, a guest and two bots play into the night;
 * the host's device says the night as the phases change, through `speechSynthesis`, with captions:
 * 'Everyone, close your eyes...', one line per acting role of the selection in night order (never a player,
 * never who holds a card), 'Everyone, wake up...' at role_resolve; the guest's device says nothing and has no
 * switch; the game menu's 'Narrate the night' switch (host only, kept in localStorage) silences the voice while
 * the captions go on through discussion, vote and results.
 *
 * `window.speechSynthesis` is replaced by a recorder (an init script): headless Chromium has no voices, so a real
 * utterance would never end. The recorder ends each utterance 300 ms after it starts, as a voice would.
 * Screenshots: test-output/e2e-narration/*.png (cleared at start).
 * Run: `npm run test:e2e -- narration.e2e` in web/ (after `nx run-many -t build`).
 */
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { addBots, createRoom, enterDiscussion, joinRoom, night, readyToVote, results, roleDeal, roleResolve, selectRoles, signIn, vote, waitForRoute } from './steps.js';
import { type Player, openGameMenu, poll, textOf, useBrowserStack, visible, shotFolder } from './support.js';



const { prepare: prepareShots, shot: narrationShot } = shotFolder('e2e-narration');

/** What the speech recorder and the caption observer saw in a page. */
interface SpeechLog {
  spoken: { text: string; lang: string }[];
  cancels: number;
  captions: string[];
}

/**
 * Replaces `window.speechSynthesis` in every page of the context with a recorder (window.__speech): `speak`
 * records the utterance and fires its `start`, then its `end` 300 ms later; `cancel` fires `error` on the
 * utterance being said. A MutationObserver notes every caption the page shows, in order.
 */
async function fakeSpeech(p: Player): Promise<void> {
  await p.context.addInitScript(() => {
    const log = { spoken: [] as { text: string; lang: string }[], cancels: 0, captions: [] as string[] };
    (window as unknown as { __speech: typeof log }).__speech = log;
    let current: SpeechSynthesisUtterance | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const synth = {
      speaking: false,
      pending: false,
      paused: false,
      getVoices: () => [],
      speak(u: SpeechSynthesisUtterance) {
        log.spoken.push({ text: u.text, lang: u.lang });
        current = u;
        u.dispatchEvent(new Event('start'));
        timer = setTimeout(() => {
          current = null;
          u.dispatchEvent(new Event('end'));
        }, 300);
      },
      cancel() {
        log.cancels++;
        clearTimeout(timer);
        const u = current;
        current = null;
        u?.dispatchEvent(new Event('error'));
      },
      pause: () => undefined,
      resume: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, get: () => synth });
    const note = () => {
      const text = document.querySelector('[data-testid="narration-text"]')?.textContent ?? null;
      if (text !== null && text !== log.captions[log.captions.length - 1]) log.captions.push(text);
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const speechLog = (page: Page) => page.evaluate(() => (window as unknown as { __speech: SpeechLog }).__speech);

/** 7 roles for 4 players: Bad Guy twice and an inactive Basic Good Guy, so the night has 5 acting roles. */
const ROLES: Record<string, number> = { 'Bad Guy': 2, 'Role Looker': 1, 'Role Thief': 1, 'Role Swapper': 1, 'Self-Checker': 1, 'Basic Good Guy': 1 };

/** The night as the host's device must say it: the generic theme's names, the night order of docs/rules.md. */
const NIGHT = [
  'Everyone, close your eyes. The Night Phase begins.',
  'Bad Guys, wake up and look for each other. A lone bad guy may look at one center card. Close your eyes.',
  "Role Looker, wake up. You may look at another player's card or at two center cards. Close your eyes.",
  "Role Thief, wake up. You may swap your card with another player's card, then look at your new card. Close your eyes.",
  'Role Swapper, wake up. You may swap the cards of two other players. Close your eyes.',
  'Self-Checker, wake up and look at your own card. Close your eyes.',
];
const WAKE = 'Everyone, wake up. Look at what you learned in the night.';
const TALK = 'Time to talk. Who among you are the bad guys?';
const VOTE = 'Time to vote. Choose the player you suspect.';
const RESULTS = 'The votes are in.';

describe('the host narrates the night (Chromium, 390x844, real stack, speechSynthesis faked: headless Chromium has no voices)', () => {
  const env = useBrowserStack({ prepare: prepareShots });

  it('says the selection\'s roles in night order with captions on the host only; the menu switch mutes the voice, captions go on', async () => {
    const h = await env.open('host', 'Demo Host');
    const g = await env.open('guest', 'Ava');
    await Promise.all([fakeSpeech(h), fakeSpeech(g)]);
    await signIn(h, env.stack.demoHost.email, env.stack.demoHost.password, null);
    const { gameId, roomCode } = await createRoom(h, null);
    await joinRoom(g, roomCode, gameId, null);
    await addBots(h, 2);
    await selectRoles(h, ROLES, 4);
    await h.page.getByRole('button', { name: 'Start Game' }).click();
    await Promise.all([h, g].map((p) => waitForRoute(p.page, 'game', gameId)));

    // role_deal is the first phase the game page shows: nothing is said (a reload does not restart the night).
    await roleDeal(h, null, true);
    expect((await speechLog(h.page)).spoken).toEqual([]);
    await roleDeal(g, null);

    // job_choice: the night, line after line, each as the caption while it is said.
    await visible(h.page.getByTestId('phase-job_choice'));
    const caption = h.page.getByTestId('narration-caption');
    expect(await textOf(caption.getByTestId('narration-text'), NIGHT[0]!)).toBe(NIGHT[0]);
    expect(await caption.getAttribute('aria-live')).toBe('polite');
    expect(await caption.locator('.nf-narration').getAttribute('data-voice')).toBe('true');
    await narrationShot(h.page, '01-night-start-host');
    await poll(() => caption.getAttribute('data-index'), (i) => i === '2', undefined, 'the third night line');
    await narrationShot(h.page, '02-night-role-line-host');
    const night1 = await poll(() => speechLog(h.page), (l) => l.spoken.length >= NIGHT.length, 30_000, 'the whole night said');
    expect(night1.spoken.map((s) => s.text)).toEqual(NIGHT);
    expect(night1.spoken.every((s) => s.lang.startsWith('en'))).toBe(true);
    expect((await poll(() => speechLog(h.page), (l) => l.captions.length >= NIGHT.length)).captions).toEqual(NIGHT);
    // nothing secret: no player's name, not the host's own card unless it is in every narration of this selection
    const said = night1.spoken.map((s) => s.text).join(' ');
    for (const name of ['Demo Host', 'Ava', 'Bot']) expect(said).not.toContain(name);
    // The guest's device says nothing and shows no caption.
    expect((await speechLog(g.page)).spoken).toEqual([]);
    expect(await g.page.getByTestId('narration-caption').count()).toBe(0);
    await narrationShot(h.page, '03-night-last-line-host');

    // The night ends: 'Everyone, wake up.' (said and captioned).
    await night(h, null, true);
    await night(g, null);
    await visible(h.page.getByTestId('phase-role_resolve'));
    expect(await textOf(caption.getByTestId('narration-text'), WAKE)).toBe(WAKE);
    expect((await poll(() => speechLog(h.page), (l) => l.spoken.length === NIGHT.length + 1, undefined, "'Everyone, wake up.' said")).spoken.at(-1)!.text).toBe(WAKE);
    await narrationShot(h.page, '04-resolve-wake-up-host');

    // The guest's menu has no narrator switch; the host's has it, on by default; turning it off is kept.
    await openGameMenu(g.page);
    await visible(g.page.getByTestId('menu-return-home'));
    expect(await g.page.getByTestId('menu-narrate').count()).toBe(0);
    await g.page.keyboard.press('Escape');
    await openGameMenu(h.page);
    const toggle = await visible(h.page.getByTestId('menu-narrate'));
    expect(await textOf(toggle, 'Narrate the night')).toBe('Narrate the night');
    expect(await toggle.getAttribute('data-on')).toBe('true');
    expect(await toggle.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await narrationShot(h.page, '05-menu-narrate-on-host');
    await toggle.click();
    expect(await poll(() => h.page.evaluate(() => window.localStorage.getItem('nightfall.narrate')), (v) => v === 'off')).toBe('off');
    await openGameMenu(h.page);
    expect(await visible(h.page.getByTestId('menu-narrate')).then((l) => l.getAttribute('data-on'))).toBe('false');
    await narrationShot(h.page, '06-menu-narrate-off-host');
    await h.page.keyboard.press('Escape');

    // Muted: discussion, vote and results are captioned, not said.
    const spokenBefore = (await speechLog(h.page)).spoken.length;
    await roleResolve(h, null, true);
    await roleResolve(g, null);
    await enterDiscussion(h, 4);
    expect(await textOf(caption.getByTestId('narration-text'), TALK)).toBe(TALK);
    expect(await caption.locator('.nf-narration').getAttribute('data-voice')).toBe('false'); // the muted icon
    await narrationShot(h.page, '07-discussion-muted-host');
    await readyToVote(h, null, true);
    await readyToVote(g, null);
    await visible(h.page.getByTestId('phase-vote'));
    expect(await textOf(caption.getByTestId('narration-text'), VOTE)).toBe(VOTE);
    await vote(h, null, () => 0, true);
    await vote(g, null);
    await results(h, null);
    expect(await textOf(caption.getByTestId('narration-text'), RESULTS)).toBe(RESULTS);
    await narrationShot(h.page, '08-results-muted-host');
    const end = await speechLog(h.page);
    expect(end.spoken.length).toBe(spokenBefore);
    expect(end.captions).toEqual([...NIGHT, WAKE, TALK, VOTE, RESULTS]);
    expect((await speechLog(g.page)).spoken).toEqual([]);
    expect([h, g].flatMap((p) => p.errors)).toEqual([]);
  });
});
