/**
 * Issue 13 item 8 "A second language" (Done-when: the Spanish UI through a whole game; docs/architecture.md
 * "Locales"), in Debian's Chromium at 390x844 against the real built stack:
 * - three players whose browsers say `es-ES` (no saved choice) get the app in Spanish (`<html lang="es">`):
 *   sign-in, home, join form, lobby, role deal, night, night results, discussion with chat, vote and results,
 *   each screen checked for its Spanish texts and for no English text of the catalogue (web/src/i18n/en, read
 *   from the sources) and no English name of the generic theme's roles and teams; two bots complete the table;
 * - the language selector of the profile page switches to English and back, is kept across a reload
 *   (localStorage), and the home page's selector does the same for a guest whose browser says `en-US`.
 *
 * Screenshots: test-output/e2e-spanish/*.png (cleared at start).
 * Run: `npm run test:e2e -- spanish` in web/ (after `nx run-many -t build`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import ts from 'typescript';
import { lobbyPlayerCount, pathOf, waitForRoute } from './steps.js';
import { type Player, firstVisible, openGameMenu, poll, textOf, tid, useBrowserStack, visible, shotFolder } from './support.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const I18N = resolve(HERE, '../src/i18n');


const { prepare: prepareShots, shot } = shotFolder('e2e-spanish');

/** The string values of every `'key': 'value'` entry of the catalogue modules in `dir` (read with the TypeScript compiler). */
function catalogueValues(dir: string, skip: readonly string[] = []): string[] {
  const values: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !skip.includes(f))) {
    const sf = ts.createSourceFile(file, readFileSync(resolve(dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer))) values.push(node.initializer.text);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return values;
}

/** The generic theme's English names that the Spanish screens must not show (spec 001 section 1, docs/rules.md "Roles"). */
const ENGLISH_THEME_WORDS = ['Bad Guy', 'Role Looker', 'Role Thief', 'Role Swapper', 'Random Role Taker', 'Self-Checker', 'Basic Good Guy', 'Hidden Enemies', 'Good Team', 'Night Phase', 'Night Actions', 'Bad-guy pile'];

/**
 * English texts that would betray a screen not translated: every English catalogue text (admin console aside)
 * cut at its placeholders, the pieces that are not also Spanish (names, codes, 'Chat'); pieces of one word are
 * matched as whole words, longer ones as they are.
 */
function englishProbes(): { phrases: string[]; words: RegExp[] } {
  const spanish = [...catalogueValues(resolve(I18N, 'es')), readFileSync(resolve(I18N, 'es/roles.ts'), 'utf8'), readFileSync(resolve(I18N, 'es/theme.ts'), 'utf8')].join('\n');
  const pieces = new Set<string>();
  for (const value of [...catalogueValues(resolve(I18N, 'en'), ['admin.ts']), ...ENGLISH_THEME_WORDS]) {
    for (const piece of value.split(/\{\w+\}/)) {
      const p = piece.replace(/\s+/g, ' ').trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      if (p.length >= 4 && /\p{L}{3}/u.test(p) && !spanish.includes(p)) pieces.add(p);
    }
  }
  const phrases = [...pieces].filter((p) => p.includes(' '));
  const words = [...pieces].filter((p) => !p.includes(' ')).map((w) => new RegExp(`(^|[^\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u'));
  return { phrases, words };
}

const PROBES = englishProbes();

/** The English texts of the catalogue that `page` shows (player names left out: they are not the app's words). */
async function englishOn(page: Page, names: readonly string[]): Promise<string[]> {
  let text = await page.evaluate(() => document.body.innerText);
  for (const n of names) text = text.split(n).join(' ');
  return [...PROBES.phrases.filter((p) => text.includes(p)), ...PROBES.words.filter((w) => w.test(text)).map((w) => w.source)];
}

const all = <T>(players: Player[], fn: (p: Player) => Promise<T>) => Promise.all(players.map(fn));

/** The roles of the 5-player game: every night picker of full-game.e2e.spec.ts in Spanish. */
const ROLES: Record<string, number> = { 'Bad Guy': 2, 'Role Looker': 1, 'Role Thief': 1, 'Role Swapper': 1, 'Random Role Taker': 1, 'Self-Checker': 1, 'Basic Good Guy': 1 };

describe('Nightfall in Spanish (Chromium es-ES, 390x844, real stack)', () => {
  const env = useBrowserStack({ prepare: prepareShots });
  let names: string[] = [];

  /** Checks a screen: its Spanish texts are there, no English catalogue text is, and it is photographed. */
  async function screen(p: Player, shotName: string, spanish: readonly (string | RegExp)[], full = false): Promise<void> {
    for (const s of spanish) await visible(typeof s === 'string' ? p.page.getByText(s, { exact: true }).first() : p.page.getByText(s).first());
    expect([shotName, await englishOn(p.page, names)]).toEqual([shotName, []]);
    expect(await p.page.evaluate(() => document.documentElement.lang)).toBe('es');
    await shot(p.page, `${shotName}-${p.label}`, full);
  }

  it('plays a whole game in Spanish: sign-in, join, lobby, every phase, results', async () => {
    // 1. The demo host, whose browser says es-ES, signs in: the sign-in page is Spanish from the first paint.
    const h = await env.open('host', 'Demo Host', 'es-ES');
    await h.page.goto('/auth');
    await visible(h.page.getByTestId('auth-page'));
    names = ['Demo Host', 'Ava', 'Ben', 'Bot 1', 'Bot 2', 'demo', 'nightfall'];
    await screen(h, '00-auth', ['Iniciar sesión', 'Continuar como invitado']);
    await h.page.getByTestId('signin-email').fill(env.stack.demoHost.email);
    await h.page.getByTestId('signin-password').fill(env.stack.demoHost.password);
    await h.page.getByTestId('signin-submit').click();
    await h.page.waitForURL((u) => u.pathname === '/');
    expect(await textOf(h.page.getByTestId('home-create-game'), 'Crear partida')).toBe('Crear partida');
    await screen(h, '01-home', ['Unirse a partida', 'Multijugador', 'Partidas rápidas']);
    expect(await h.page.getByTestId('home-subtitle').textContent()).toBe('Un juego de deducción social para 3 a 10 jugadores. Descubre a los enemigos ocultos entre vosotros.');

    // 2. A room; two guests (es-ES browsers) join from the home page's form.
    await h.page.getByTestId('home-create-game').click();
    const gameId = await waitForRoute(h.page, 'lobby');
    await visible(h.page.getByTestId('phase-lobby'));
    const roomCode = await textOf(h.page.getByTestId('room-code'), /^[A-Z0-9]{6}$/);
    expect(await textOf(h.page.getByTestId('connection-indicator'), 'Conectado')).toBe('Conectado');
    const guests = await Promise.all([env.open('guest1', 'Ava', 'es-ES'), env.open('guest2', 'Ben', 'es-ES')]);
    await all(guests, async (g) => {
      await g.page.goto('/');
      await g.page.getByTestId('home-join-game').click();
      await visible(g.page.getByTestId('join-form'));
      await g.page.getByTestId('join-display-name').fill(g.name);
      await g.page.getByTestId('join-room-code').fill(roomCode);
      await screen(g, '02-join', ['Nombre visible', 'Código de sala']);
      await g.page.getByTestId('join-submit').click();
      await waitForRoute(g.page, 'lobby', gameId);
      await visible(g.page.getByTestId('waiting-for-host'));
    });
    expect(await lobbyPlayerCount(h.page, 3)).toBe(3);

    // 3. Two bots (the toast is the engine's notice, worded in Spanish), the roles, and the lobby in Spanish.
    for (let i = 0; i < 2; i++) {
      await h.page.getByRole('button', { name: 'Añadir bot' }).click();
      await lobbyPlayerCount(h.page, 4 + i);
    }
    await visible(h.page.getByText('Bot añadido').first());
    const toggles = await h.page.locator('[data-testid^="role-toggle-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    for (const id of toggles) {
      const toggle = h.page.getByTestId(id);
      const want = ROLES[id.slice('role-toggle-'.length)] ?? 0;
      for (let taps = 0; taps < 6 && Number(await toggle.getAttribute('data-count')) !== want; taps++) {
        const count = Number(await toggle.getAttribute('data-count'));
        await toggle.click();
        await poll(async () => Number(await toggle.getAttribute('data-count')), (c) => c !== count, undefined, `${id} to change`);
      }
    }
    expect(await textOf(h.page.getByText(/roles elegidos, se necesitan/), '8 roles elegidos, se necesitan 8 para 5 jugadores')).toBe('8 roles elegidos, se necesitan 8 para 5 jugadores');
    await screen(h, '03-lobby', ['Elegir roles', 'Villano', 'Vidente', 'Ladrón', 'Insomne', 'Empezar partida']);
    await shot(h.page, '03-lobby-full-host', true);
    for (const g of guests) await screen(g, '03-lobby', [/^Esperando a que el anfitrión empiece la partida/, 'Roles en juego', 'Tú']);
    // The role information modal in Spanish.
    await h.page.getByRole('button', { name: 'Sobre el rol Vidente' }).first().click();
    await screen(h, '03-lobby-role-info', [/^Condición de victoria/, 'Ganas con el Equipo del Bien si se elimina al menos a un villano.']);
    await h.page.keyboard.press('Escape');
    await h.page.getByRole('button', { name: 'Empezar partida' }).click();
    const humans = [h, ...guests];
    await all(humans, (p) => waitForRoute(p.page, 'game', gameId));

    // 4. Role deal.
    await all(humans, async (p) => {
      await visible(p.page.getByTestId('phase-role_deal'));
      expect(await textOf(p.page.getByTestId('phase-name'), 'Reparto de roles')).toBe('Reparto de roles');
      p.role = (await p.page.getByTestId('role-card').getAttribute('data-role')) ?? undefined;
      await screen(p, '04-role_deal', ['¡Guárdalo en secreto!', 'Tu rol', 'Entiendo mi rol']);
      await p.page.getByRole('button', { name: 'Entiendo mi rol' }).click();
      await firstVisible(p.page, [tid('role-understood'), tid('phase-job_choice')]);
    });

    // 5. Night: every information screen and picker in Spanish.
    await all(humans, async (p) => {
      const { page } = p;
      await visible(page.getByTestId('phase-job_choice'));
      expect(await textOf(page.getByTestId('phase-name'), 'Fase de noche')).toBe('Fase de noche');
      for (let step = 0; step < 4; step++) {
        const s = await firstVisible(page, [tid('night-info'), tid('night-no-action'), '[data-testid^="picker-"]', tid('action-submitted'), tid('phase-role_resolve')]);
        if (s === 'action-submitted' || s === 'phase-role_resolve') break;
        if (s === 'night-info' || s === 'night-no-action') {
          await screen(p, `05-night-${s}`, ['Continuar']);
          await page.getByTestId(s).getByRole('button', { name: 'Continuar' }).click();
          await page.getByTestId(s).waitFor({ state: 'hidden' });
          continue;
        }
        const submit = page.getByRole('button', { name: 'Enviar acción' });
        if (s === 'picker-role-looker') {
          await page.getByTestId('looker-mode-center').click();
          await page.getByTestId('pick-center-0').click();
          await page.getByTestId('pick-center-1').click();
        } else {
          const tiles = page.locator('[data-testid^="pick-player-"], [data-testid^="pick-center-"]');
          for (let i = 0; i < 3 && !(await submit.isEnabled()); i++) await tiles.nth(i).click();
        }
        await poll(() => submit.isEnabled(), (e) => e, undefined, `'Enviar acción' enabled (${s})`);
        await screen(p, `05-night-${s}`, ['Enviar acción']);
        await submit.click();
        break;
      }
      const after = await firstVisible(page, [tid('action-submitted'), tid('phase-role_resolve')]);
      if (after === 'action-submitted') {
        // the last action ends the night at once, so its sender may see this screen only for a moment: its text is
        // read as it is now, without waiting (a missing text fails), and the screen is checked and photographed
        // unless the night results show meanwhile
        const shown = await page.getByTestId('action-submitted').evaluateAll((els) => els.map((e) => e.textContent ?? '').join(' '));
        if (shown) expect(shown).toContain('Acción enviada');
        const ended = visible(page.getByTestId('phase-role_resolve')).then(
          () => true,
          () => false,
        );
        const checked = screen(p, '05-night-submitted', ['Acción enviada']);
        if (!(await Promise.race([checked.then(() => false), ended]))) await checked;
        else checked.catch(() => undefined); // the screen left while it was checked: nothing to check any more
      }
    });

    // 6. Night results: the engine's codes worded in Spanish.
    await all(humans, async (p) => {
      await visible(p.page.getByTestId('phase-role_resolve'));
      expect(await textOf(p.page.getByTestId('phase-name'), 'Resultados de la noche')).toBe('Resultados de la noche');
      const result = await textOf(p.page.getByTestId('action-result'));
      // A sentence of es/rules.ts (the English ones are caught by screen()).
      expect(result).toMatch(/^(Miraste|Eres|El|Los|Intercambiaste|Cambiaste|Ninguna|Le|Tu|Decidiste|No|Nadie|Te|¡Tu)\b/);
      await screen(p, '06-role_resolve', ['¡Entendido!', 'Lo que averiguaste durante la noche']);
      await p.page.getByRole('button', { name: '¡Entendido!' }).click();
    });

    // 7. Discussion with a chat message.
    await all(humans, async (p) => {
      await visible(p.page.getByTestId('phase-discussion'));
      expect(await textOf(p.page.getByTestId('phase-name'), 'Debate')).toBe('Debate');
      expect(await textOf(p.page.getByTestId('center-count'), '3 cartas en el centro')).toBe('3 cartas en el centro');
    });
    await h.page.getByTestId('chat-input').fill('¿Quién estaba despierto?');
    await h.page.getByRole('button', { name: 'Enviar' }).click();
    await all(humans, async (p) => {
      await visible(p.page.getByTestId('chat-message').filter({ hasText: '¿Quién estaba despierto?' }));
      await screen(p, '07-discussion', ['Roles en juego', 'Listo para votar', /^Habladlo\. ¿Quiénes son los Enemigos Ocultos\?$/]);
      await shot(p.page, `07-discussion-full-${p.label}`, true);
    });
    await h.page.getByRole('button', { name: 'Listo para votar' }).click();
    await screen(h, '07-discussion-ready', ['Esperando a los demás...']);
    await all(guests, (g) => g.page.getByRole('button', { name: 'Listo para votar' }).click());

    // 8. Vote: every human votes for the first other player.
    await all(humans, async (p) => {
      await visible(p.page.getByTestId('phase-vote'));
      expect(await textOf(p.page.getByTestId('phase-name'), 'Votación')).toBe('Votación');
      const button = p.page.getByTestId('submit-vote');
      expect(await textOf(button, 'Elige a un jugador para votar')).toBe('Elige a un jugador para votar');
      const option = p.page.locator('[data-testid^="vote-option-"]').first();
      const target = ((await option.locator('.nf-option-label').textContent()) ?? '').trim();
      await option.click();
      expect(await textOf(button, `Votar a ${target}`)).toBe(`Votar a ${target}`);
      await screen(p, '08-vote', ['Vota al jugador que quieres eliminar']);
      await button.click();
      await firstVisible(p.page, [tid('vote-cast'), tid('phase-results')]);
    });

    // 9. Results: banner, outcome, final roles, votes and the night log, all Spanish.
    await all(humans, async (p) => {
      await visible(p.page.getByTestId('phase-results'));
      expect(await textOf(p.page.getByTestId('phase-name'), 'Resultados')).toBe('Resultados');
      const title = await textOf(p.page.getByTestId('outcome-banner').locator('.nf-banner-title'), /^(Victoria|Derrota)$/);
      expect(['Victoria', 'Derrota']).toContain(title);
      expect(['¡Tu equipo ha ganado!', 'Tu equipo ha perdido.', '¡Has ganado al ser eliminado!']).toContain(await textOf(p.page.getByTestId('outcome-text')));
      await visible(p.page.getByTestId('night-log'));
      await screen(p, '09-results', ['Roles finales', 'Votos', 'Acciones nocturnas', 'Jugar otra vez']);
      await shot(p.page, `09-results-full-${p.label}`, true);
    });
    // The verifiable deal's texts too.
    await h.page.getByTestId('verify-deal-button').click();
    await visible(h.page.getByTestId('verify-deal-result'));
    await h.page.getByTestId('verify-deal').scrollIntoViewIfNeeded();
    await screen(h, '09-results-verify', ['El reparto coincide: las cartas se barajaron con la semilla comprometida en el reparto.']);

    // 10. The game menu offers English; the game goes on in English on that page only.
    await openGameMenu(h.page);
    expect(await textOf(h.page.getByTestId('menu-language'), 'English')).toBe('English');
    await shot(h.page, '09-results-menu-host');
    await h.page.getByTestId('menu-language').click();
    expect(await textOf(h.page.getByTestId('phase-name'), 'Results')).toBe('Results');
    await visible(h.page.getByRole('button', { name: 'Play Again' }));
    expect(await h.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await textOf(guests[0]!.page.getByTestId('phase-name'), 'Resultados')).toBe('Resultados');
    expect(humans.flatMap((p) => p.errors)).toEqual([]);
  });

  it('switches the language in the profile and on the home page, kept across a reload', async () => {
    const h = await env.open('profile', 'Demo Host', 'es-ES');
    await h.page.goto('/auth');
    await h.page.getByTestId('signin-email').fill(env.stack.demoHost.email);
    await h.page.getByTestId('signin-password').fill(env.stack.demoHost.password);
    await h.page.getByTestId('signin-submit').click();
    await h.page.waitForURL((u) => u.pathname === '/');
    await h.page.goto('/profile');
    await visible(h.page.getByRole('heading', { name: 'Editar perfil' }));
    const select = h.page.getByTestId('profile-language').getByTestId('language-select');
    expect(await select.inputValue()).toBe('es');
    await screen(h, '10-profile', ['Idioma', 'Guardar', 'Nombre visible']);

    await select.selectOption('en');
    await visible(h.page.getByRole('heading', { name: 'Edit Profile' }));
    expect(await h.page.evaluate(() => [document.documentElement.lang, localStorage.getItem('nightfall.locale')])).toEqual(['en', 'en']);
    expect(pathOf(h.page)).toBe('/profile');
    await shot(h.page, '11-profile-english-profile');
    // The English check of screen() sees an English page (it can fail).
    expect(await englishOn(h.page, [])).toEqual(expect.arrayContaining(['Edit Profile', 'This name will be shown to other players in games']));
    await h.page.reload();
    await visible(h.page.getByRole('heading', { name: 'Edit Profile' }));
    expect(await h.page.getByTestId('profile-language').getByTestId('language-select').inputValue()).toBe('en');

    await h.page.getByTestId('profile-language').getByTestId('language-select').selectOption('es');
    await visible(h.page.getByRole('heading', { name: 'Editar perfil' }));
    expect(await h.page.evaluate(() => localStorage.getItem('nightfall.locale'))).toBe('es');

    // A guest whose browser says en-US gets English, and Spanish from the home page's selector.
    const v = await env.open('visitor', 'Visitor');
    await v.page.goto('/');
    expect(await textOf(v.page.getByTestId('home-join-game'), 'Join Game')).toBe('Join Game');
    expect(await v.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await v.page.getByTestId('language-select').selectOption('es');
    expect(await textOf(v.page.getByTestId('home-join-game'), 'Unirse a partida')).toBe('Unirse a partida');
    await v.page.reload();
    expect(await textOf(v.page.getByTestId('home-join-game'), 'Unirse a partida')).toBe('Unirse a partida');
    names = [];
    await screen(v, '12-home-guest', ['Unirse a partida', 'Entrar / Registrarse']);
    expect([...h.errors, ...v.errors]).toEqual([]);
  });
});
