/**
 * The narrator's script (docs/architecture.md "Table experience", issue 13 item 4): which lines, in which order,
 * for a selection and a theme; never a player's name, nor anything but the public selection.
 */
import { describe, expect, it } from '@jest/globals';
import { ROLE_LIST, rolesInNightOrder, type CustomRoleDef, type Phase, type RoleId } from '@nightfall/game-rules';
import { GENERIC_THEME, themeRoleName } from '@nightfall/themes';
import { CORPORATE_TEST_THEME } from '../../../i18n/testTheme';
import { roleDisplay } from '../../../lib/roles';
import { narrationScript, type ScriptSource } from './script';

const source = (selection: RoleId[], theme = GENERIC_THEME, customRoles: CustomRoleDef[] = []): ScriptSource => ({
  selection,
  customRoles,
  theme,
  roleName: (r) => roleDisplay({ theme, customRoles, themeId: theme.id }, r).title,
});

const FULL_GAME: RoleId[] = ['Bad Guy', 'Bad Guy', 'Role Looker', 'Role Thief', 'Role Swapper', 'Random Role Taker', 'Self-Checker', 'Basic Good Guy'];

describe('narrationScript', () => {
  it('opens the night, then wakes each acting role of the selection once, in night order', () => {
    const lines = narrationScript('job_choice', source(FULL_GAME));
    expect(lines.map((l) => l.text)).toEqual([
      'Everyone, close your eyes. The Night Phase begins.',
      'Bad Guys, wake up and look for each other. A lone bad guy may look at one center card. Close your eyes.',
      "Role Looker, wake up. You may look at another player's card or at two center cards. Close your eyes.",
      "Role Thief, wake up. You may swap your card with another player's card, then look at your new card. Close your eyes.",
      'Role Swapper, wake up. You may swap the cards of two other players. Close your eyes.',
      'Random Role Taker, wake up and swap your card with a center card, without looking. Close your eyes.',
      'Self-Checker, wake up and look at your own card. Close your eyes.',
    ]);
    // the Basic Good Guy has no night action: it is not woken; the second Bad Guy does not make a second line
    expect(lines.filter((l) => l.key === 'narration.role.bad_guy')).toHaveLength(1);
  });

  it('follows the rules library night order for every acting catalogue role, each with a line of its own', () => {
    const everyone = ROLE_LIST.filter((r) => r.selectable).map((r) => r.name);
    const lines = narrationScript('job_choice', source(everyone)).slice(1);
    const order = rolesInNightOrder(everyone);
    expect(lines).toHaveLength(order.length);
    expect(order.length).toBeGreaterThan(15);
    lines.forEach((line, i) => {
      const role = order[i]!.role;
      expect(line.key).not.toBe('narration.role.other');
      expect(line.text.startsWith(role === 'Bad Guy' ? 'Bad Guys, ' : `${themeRoleName(GENERIC_THEME, role as never)}, `)).toBe(true);
    });
    expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
  });

  it("words the night with the active theme's role names, night phase, bad guy and pile", () => {
    const lines = narrationScript('job_choice', source(['Bad Guy', 'Bad Guy Converter', 'Role Looker', 'Role Revealer', 'Basic Good Guy', 'Mutual Knowers'], CORPORATE_TEST_THEME));
    expect(lines.map((l) => l.text)).toEqual([
      'Everyone, close your eyes. The Lunch Break Phase begins.',
      'Saboteurs, wake up and look for each other. A lone saboteur may look at one center card. Close your eyes.',
      'Bad Guy Converter, wake up. You may swap the shredder bin with the card of a player who is not a saboteur. Close your eyes.',
      "Auditor, wake up. You may look at another player's card or at two center cards. Close your eyes.",
      "Whistleblower, wake up. You may reveal the team of another player's card. Close your eyes.",
    ]);
    expect(narrationScript('discussion', source(FULL_GAME, CORPORATE_TEST_THEME))[0]!.text).toBe('Time to talk. Who among you are the saboteurs?');
  });

  it('wakes a custom role with a night order by its title, in its place; one without stays asleep', () => {
    const custom: CustomRoleDef[] = [
      { id: 'custom:night-owl', name: 'Night Owl', team: 'villager', abilities: 'Hoots.', nightOrder: 5, themeVariants: {} },
      { id: 'custom:sleeper', name: 'Sleeper', team: 'villager', abilities: 'Sleeps.', nightOrder: 0, themeVariants: {} },
    ];
    const lines = narrationScript('job_choice', source(['Role Looker', 'custom:night-owl', 'custom:sleeper', 'Role Swapper'] as RoleId[], GENERIC_THEME, custom));
    expect(lines.map((l) => l.key)).toEqual(['narration.night.start', 'narration.role.role_looker', 'narration.role.other', 'narration.role.role_swapper']);
    expect(lines[2]!.text).toBe('Night Owl, wake up and do your night action. Close your eyes.');
    expect(lines.some((l) => l.text.includes('Sleeper'))).toBe(false);
  });

  it('says one short line when the night ends and at discussion, vote and results; nothing in the lobby or the deal', () => {
    const say = (phase: Phase) => narrationScript(phase, source(FULL_GAME)).map((l) => l.text);
    expect(say('role_resolve')).toEqual(['Everyone, wake up. Look at what you learned in the night.']);
    expect(say('discussion')).toEqual(['Time to talk. Who among you are the bad guys?']);
    expect(say('vote')).toEqual(['Time to vote. Choose the player you suspect.']);
    expect(say('results')).toEqual(['The votes are in.']);
    expect(say('lobby')).toEqual([]);
    expect(say('role_deal')).toEqual([]);
  });

  it('never names a player nor anything outside the selection: the script depends on the public selection alone', () => {
    const players = ['Ava', 'Bruno', 'Chen', 'Demo Host'];
    for (const phase of ['role_deal', 'job_choice', 'role_resolve', 'discussion', 'vote', 'results'] as Phase[]) {
      const text = narrationScript(phase, source(FULL_GAME)).map((l) => l.text).join(' ');
      for (const name of players) expect(text).not.toContain(name);
      expect(text).not.toMatch(/\{\w+\}/);
    }
    // roles outside the selection are never woken (a Protector, a Role Locker...), whatever the host's own card
    const night = narrationScript('job_choice', source(FULL_GAME)).map((l) => l.text).join(' ');
    for (const absent of ['Protector', 'Role Locker', 'Role Copier', 'Stalker', 'Tapper']) expect(night).not.toContain(absent);
    // the same selection in another order gives the same script (the deal's order says nothing)
    expect(narrationScript('job_choice', source([...FULL_GAME].reverse()))).toEqual(narrationScript('job_choice', source(FULL_GAME)));
  });
});
