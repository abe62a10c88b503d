import { NIGHT_MESSAGE_CODES, ROLE_LIST, type NightMessage, type RoleId } from '@nightfall/game-rules';
import { GENERIC_THEME } from '@nightfall/themes';
import { roleDisplay, themeOf } from '../lib/roles';
import { EN } from './en/index';
import { THEMES_EN } from './en/themes';
import { ES, ES_LOCALE, GENERIC_THEME_ES, ROLES_ES, THEMES_ES } from './es/index';
import { plural, singular, teamMembers } from './es/grammar';
import { activeLocale, installLocale, localTheme, pickLocale } from './locale';
import { ruleText } from './rules';
import { t } from './t';
import { t as themesT } from './themes';
import { CORPORATE_TEST_THEME } from './testTheme';

const placeholders = (text: string): string[] => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();

/** Entries that read the same in both languages (names, codes, symbols, loanwords). */
const SAME_IN_BOTH = new Set([
  'common.list.separator',
  'spectate.chat',
  // pure placeholders and an arrow (the replay's labels)
  'replay.move',
  'replay.seat_label',
  'replay.center_label',
  'targets.separator',
  'notfound.code',
  'lobby.roles.count',
  'invite.share.title',
  'app.name',
  'lobby.players.bot',
  'discussion.chat',
  'home.create.failed.title',
  'home.join.failed.title',
  'lobby.seating.failed.title',
  'lobby.admin_roles.failed.title',
  'profile.failed.title',
  'purchase.success.grant_failed.title',
  'account.source.manual',
  'team.neutral',
  'reason.self_eliminator_won',
  'reason.lost',
  'reason.won',
  'locale.en',
  'locale.es',
  'themes.upload.failure_line',
  'themes.log.storage.indexeddb',
  'themes.storage.mb',
  'themes.storage.clear_failed.title',
]);

afterEach(() => installLocale(null));

describe('the Spanish catalogue (docs/architecture.md "Locales")', () => {
  it('has every key of the English one, and no other', () => {
    expect(Object.keys(ES).sort()).toEqual(Object.keys(EN).sort());
    expect(Object.keys(THEMES_ES).sort()).toEqual(Object.keys(THEMES_EN).sort());
  });

  it('keeps exactly the placeholders of each English entry', () => {
    const differ = [
      ...Object.entries(EN).filter(([k, en]) => placeholders(en).join() !== placeholders(ES[k as keyof typeof ES]).join()),
      ...Object.entries(THEMES_EN).filter(([k, en]) => placeholders(en).join() !== placeholders(THEMES_ES[k as keyof typeof THEMES_ES]).join()),
    ].map(([k]) => k);
    expect(differ).toEqual([]);
  });

  it('translates every entry but names, codes and symbols', () => {
    const untranslated = [...Object.entries(EN), ...Object.entries(THEMES_EN)]
      .filter(([k, en]) => ({ ...ES, ...THEMES_ES })[k as keyof typeof ES] === en && !SAME_IN_BOTH.has(k))
      .map(([k]) => k);
    expect(untranslated).toEqual([]);
  });

  it('is installed and uninstalled as a whole, the theme screens included', () => {
    expect(t('vote.button', { name: 'Ava' })).toBe('Vote for Ava');
    installLocale(ES_LOCALE);
    expect(activeLocale()).toBe('es');
    expect(t('vote.button', { name: 'Ava' })).toBe('Votar a Ava');
    expect(themesT('themes.packs.title')).toBe('Mis paquetes de tema');
    expect(t('common.list.last', { head: 'A, B', last: 'C' })).toBe('A, B y C');
    installLocale(null);
    expect(activeLocale()).toBe('en');
    expect(themesT('themes.packs.title')).toBe('My Theme Packs');
  });
});

describe('choosing the locale', () => {
  it('takes a saved choice, else the first known browser language, else English', () => {
    expect(pickLocale(null, ['es-ES', 'en'])).toBe('es');
    expect(pickLocale(null, ['es-AR'])).toBe('es');
    expect(pickLocale(null, ['fr-FR', 'es'])).toBe('es');
    expect(pickLocale(null, ['en-GB', 'es'])).toBe('en');
    expect(pickLocale(null, ['de-DE'])).toBe('en');
    expect(pickLocale(null, [])).toBe('en');
    expect(pickLocale('en', ['es-ES'])).toBe('en');
    expect(pickLocale('es', ['en-US'])).toBe('es');
    expect(pickLocale('xx', ['es-MX'])).toBe('es');
  });
});

describe('Spanish grammar for themed words', () => {
  it('puts names in the plural and back, nouns and adjectives together', () => {
    expect(plural('Villano')).toBe('Villanos');
    expect(plural('Villano Avanzado')).toBe('Villanos Avanzados');
    expect(plural('Ladrón')).toBe('Ladrones');
    expect(plural('Protector')).toBe('Protectores');
    expect(plural('Guardián')).toBe('Guardianes');
    expect(plural('Pila de los villanos')).toBe('Pilas de los villanos');
    expect(plural('Saboteurs')).toBe('Saboteurs');
    expect(singular('Enemigos Ocultos')).toBe('Enemigo Oculto');
    expect(singular('Ladrones')).toBe('Ladrón');
    expect(singular('Protectores')).toBe('Protector');
    expect(teamMembers('Equipo de los Enemigos Ocultos')).toBe('Enemigos Ocultos');
    expect(teamMembers('Hidden Enemies Team')).toBe('Hidden Enemies');
    expect(teamMembers('Equipo del Bien')).toBe('Equipo del Bien');
  });
});

describe('the game in Spanish: roles, theme and the engine\'s codes', () => {
  it('has every catalogue role, and the generic theme in Spanish only while Spanish is installed', () => {
    expect(Object.keys(ROLES_ES).sort()).toEqual(ROLE_LIST.map((r) => r.name).sort());
    expect(localTheme(GENERIC_THEME)).toBe(GENERIC_THEME);
    installLocale(ES_LOCALE);
    expect(localTheme(GENERIC_THEME)).toBe(GENERIC_THEME_ES);
    expect(localTheme(CORPORATE_TEST_THEME)).toBe(CORPORATE_TEST_THEME);
    expect(GENERIC_THEME_ES.id).toBe(GENERIC_THEME.id);
    const seer = roleDisplay({ theme: GENERIC_THEME }, 'Role Looker');
    expect([seer.title, seer.teamName, seer.instructions, seer.winCondition]).toEqual([
      'Vidente',
      'Equipo del Bien',
      'Elige a otro jugador para mirar su carta, o dos cartas del centro, o pasa.',
      'Ganas con el Equipo del Bien si se elimina al menos a un villano.',
    ]);
    // A pack keeps its own names; the how-to-play texts are the locale's.
    const auditor = roleDisplay({ theme: CORPORATE_TEST_THEME }, 'Role Looker');
    expect([auditor.title, auditor.instructions]).toEqual(['Auditor', seer.instructions]);
  });

  it('words the codes in Spanish through the theme, with no placeholder left', () => {
    installLocale(ES_LOCALE);
    const theme = themeOf({ theme: GENERIC_THEME });
    const text = ruleText({ theme, roleName: (r: RoleId) => roleDisplay({ theme }, r).title });
    const ava = { userId: 'a', displayName: 'Ava' };
    const ben = { userId: 'b', displayName: 'Ben' };
    expect(text.night({ code: 'fellow_wolves', params: { players: [] } })).toBe('Eres el único villano.');
    expect(text.night({ code: 'fellow_wolves', params: { players: [ava, ben] } })).toBe('Los otros villanos son Ava y Ben.');
    expect(text.night({ code: 'saw_player_card', params: { player: ava, role: 'Role Thief' } })).toBe('Miraste la carta de Ava: Ladrón.');
    expect(text.night({ code: 'saw_pile', params: { role: 'Bad Guy' } })).toBe('Miraste la pila de los villanos: Villano.');
    expect(text.night({ code: 'saw_center_cards', params: { centers: [2, 0], roles: ['Basic Good Guy', 'Role Thief'] } })).toBe(
      'Miraste las cartas del centro 3 y 1: Ciudadano y Ladrón.',
    );
    expect(text.winCondition({ code: 'bad_wins', params: { team: 'bad' } })).toBe('No se eliminó a ningún villano: gana el Equipo de los Enemigos Ocultos.');
    expect(text.announcement({ code: 'revealer_revealed', params: { player: ava, team: 'good' } })).toBe('El Revelador reveló la carta de Ava: está en el Equipo del Bien.');
    expect(text.actionKind('view_player')).toBe('Miró la carta de un jugador');
    expect(text.phase('job_choice')).toBe('Fase de noche');
    expect(text.wolfTeam()).toBe('Enemigos Ocultos');
    expect(text.wolfMember()).toBe('Enemigo Oculto');
    // every code of the engine, one sample each, is a Spanish sentence with no placeholder left
    const samples = NIGHT_MESSAGE_CODES.map((code) => ({ code, params: { players: [ava], player: ava, player2: ben, shielded: [ava], role: 'Bad Guy', roles: ['Bad Guy'], center: 0, centers: [0, 1], team: 'good', direction: 'left', side: 'left', artifact: 'mask_of_muting', self: false, own: true } }) as unknown as NightMessage);
    for (const m of samples) {
      const line = text.night(m);
      expect([m.code, line.length > 0, /[{}]/.test(line)]).toEqual([m.code, true, false]);
    }
  });
});
