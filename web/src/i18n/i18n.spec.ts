import {
  ANNOUNCEMENT_CODES,
  NIGHT_ACTION_KINDS,
  NIGHT_MESSAGE_CODES,
  NOTICE_CODES,
  SELECTABLE_ROLES,
  WIN_CONDITION_CODES,
  WIN_REASON_CODES,
  applyCommand,
  createGame,
  playerView,
  type GameState,
  type NightMessage,
  type RoleId,
  type RoleName,
  type WinReason,
} from '@nightfall/game-rules';
import { GENERIC_THEME } from '@nightfall/themes';
import type { Theme } from '@nightfall/themes';
import { roleDisplay } from '../lib/roles';
import { COMMON_EN } from './en/common';
import { GAME_EN } from './en/game';
import { commonNoun, plural, singular, teamMembers } from './en/grammar';
import { EN, EN_MODULES } from './en/index';
import { RULES_EN } from './en/rules';
import { ADMIN_EN } from './en/admin';
import { THEMES_EN } from './en/themes';
import { t as adminT } from './admin';
import { t as themesT } from './themes';
import { ruleText } from './rules';
import { interpolate, joinList, t } from './t';
import { CORPORATE_TEST_THEME } from './testTheme';

const textFor = (theme: Theme) => ruleText({ theme, roleName: (r: RoleId) => roleDisplay({ theme }, r).title });
const generic = textFor(GENERIC_THEME);
const corporate = textFor(CORPORATE_TEST_THEME);
const ava = { userId: 'a', displayName: 'Ava' };
const ben = { userId: 'b', displayName: 'Ben' };
const cy = { userId: 'c', displayName: 'Cy' };

/** One line of every code the engine writes (docs/rules.md "Message codes"). */
const SAMPLES: NightMessage[] = [
  { code: 'fellow_wolves', params: { players: [ava] } },
  { code: 'helper_wolves', params: { players: [ava, ben] } },
  { code: 'other_mutual_knowers', params: { players: [ava] } },
  { code: 'role_lookers', params: { players: [] } },
  { code: 'passed', params: {} },
  { code: 'saw_player_card', params: { player: ava, role: 'Role Thief' } },
  { code: 'saw_center_card', params: { center: 0, role: 'Basic Good Guy' } },
  { code: 'saw_center_cards', params: { centers: [2, 0], roles: ['Basic Good Guy', 'Role Thief'] } },
  { code: 'saw_pile', params: { role: 'Bad Guy' } },
  { code: 'no_pile', params: {} },
  { code: 'view_shielded', params: { player: ava } },
  { code: 'converted_player', params: { player: ava, role: 'Bad Guy' } },
  { code: 'convert_no_pile', params: { player: ava } },
  { code: 'convert_shielded', params: { player: ava } },
  { code: 'turned_bad', params: { team: 'bad' } },
  { code: 'turned_self_eliminator', params: {} },
  { code: 'shielded_card', params: { player: ava, self: false } },
  { code: 'copied_role', params: { player: ava, role: 'Role Thief', team: 'good' } },
  { code: 'copy_choose_action', params: { role: 'Role Thief' } },
  { code: 'copy_shielded', params: { player: ava } },
  { code: 'protected_player', params: { player: ava } },
  { code: 'stalker_target', params: { player: ava } },
  { code: 'revealed_team', params: { player: ava, team: 'bad' } },
  { code: 'reveal_shielded', params: { player: ava } },
  { code: 'robbed_player', params: { player: ava, role: 'Bad Guy' } },
  { code: 'rob_shielded', params: { player: ava, own: true } },
  { code: 'swapped_players', params: { player: ava, player2: ben } },
  { code: 'swap_shielded', params: { player: ava, player2: ben, shielded: [ava] } },
  { code: 'shifted_cards', params: { direction: 'left' } },
  { code: 'shift_too_few', params: {} },
  { code: 'shift_skipped', params: { players: [ava] } },
  { code: 'swapped_with_center', params: { center: 2 } },
  { code: 'center_swap_shielded', params: { center: 1 } },
  { code: 'gave_card', params: { player: ava } },
  { code: 'took_card', params: { role: 'Role Thief' } },
  { code: 'give_shielded', params: { player: ava, self: false } },
  { code: 'tapped_player', params: { player: ava } },
  { code: 'gave_artifact', params: { player: ava, self: false } },
  { code: 'artifact_shielded', params: { player: ava, self: true } },
  { code: 'artifact_already_held', params: { player: ava, self: false } },
  { code: 'role_changed', params: { role: 'Role Thief' } },
  { code: 'role_unchanged', params: { role: 'Self-Checker' } },
  { code: 'was_converted', params: {} },
  { code: 'self_check_shielded', params: {} },
  { code: 'stalked', params: {} },
  { code: 'tapped', params: { side: 'left' } },
  { code: 'artifact_received', params: { artifact: 'mask_of_muting' } },
];

describe('t, interpolate, joinList', () => {
  it('fills named placeholders and keeps unknown ones visible', () => {
    expect(interpolate('Vote for {name}', { name: 'Ava' })).toBe('Vote for Ava');
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(t('vote.button', { name: 'Ben' })).toBe('Vote for Ben');
    expect(t('results.vote_count', { count: 2 })).toBe('2 vote(s)');
  });
  it('joins lists as running text', () => {
    expect(joinList([])).toBe('');
    expect(joinList(['A'])).toBe('A');
    expect(joinList(['A', 'B'])).toBe('A and B');
    expect(joinList(['A', 'B', 'C'])).toBe('A, B and C');
  });
  it('has one module per screen area and no key defined twice (the on-demand ones included)', () => {
    const shared = EN_MODULES.flatMap((m) => Object.keys(m));
    expect(EN_MODULES).toEqual(expect.arrayContaining([COMMON_EN, GAME_EN, RULES_EN]));
    expect(Object.keys(EN)).toHaveLength(shared.length);
    const all = [...shared, ...Object.keys(ADMIN_EN), ...Object.keys(THEMES_EN)];
    expect(new Set(all).size).toBe(all.length);
    expect(EN_MODULES).not.toContain(ADMIN_EN);
  });
  it('words the on-demand screens with their own texts and the shared ones', () => {
    expect(adminT('admin.console.title')).toBe(ADMIN_EN['admin.console.title']);
    expect(adminT('common.ready')).toBe(EN['common.ready']);
    expect(themesT('themes.formats.manifest')).toBe(THEMES_EN['themes.formats.manifest']);
  });
});

describe('English grammar for themed words', () => {
  it('turns theme names into sentence words', () => {
    expect(commonNoun('Bad Guy')).toBe('bad guy');
    expect(commonNoun('Bad-guy pile')).toBe('bad-guy pile');
    expect(commonNoun('HR Inbox')).toBe('HR Inbox');
    expect(plural('Bad Guy')).toBe('Bad Guys');
    expect(plural('Hidden Enemy')).toBe('Hidden Enemies');
    expect(plural('Boss')).toBe('Bosses');
    expect(singular('Hidden Enemies')).toBe('Hidden Enemy');
    expect(singular('Saboteurs')).toBe('Saboteur');
    expect(teamMembers('Hidden Enemies Team')).toBe('Hidden Enemies');
    expect(teamMembers('Saboteurs')).toBe('Saboteurs');
  });
});

describe('ruleText: every code of the engine is worded (docs/rules.md "Message codes")', () => {
  it('covers every night message code with a sentence and no placeholder left', () => {
    expect(new Set(SAMPLES.map((m) => m.code))).toEqual(new Set(NIGHT_MESSAGE_CODES));
    for (const theme of [generic, corporate]) {
      for (const m of SAMPLES) {
        const text = theme.night(m);
        expect([m.code, text.length > 0]).toEqual([m.code, true]);
        expect(text).not.toMatch(/[{}]/);
      }
    }
  });

  it('covers announcements, win conditions, reasons, notices and action kinds', () => {
    for (const code of ANNOUNCEMENT_CODES) expect(generic.announcement({ code, params: { player: ava, team: 'good' } } as never)).not.toBe('');
    for (const code of WIN_CONDITION_CODES) {
      const params = { team: code.startsWith('bad') ? 'bad' : 'good', role: code.startsWith('helper') ? 'Bad Guy Helper' : code.startsWith('stalker') ? 'Stalker' : 'Self-Eliminator' };
      const text = generic.winCondition({ code, params } as never);
      expect([code, text.length > 0, /[{}]/.test(text)]).toEqual([code, true, false]);
    }
    // Reasons whose headline says it all ('You won by being eliminated!') have no detail.
    const silent = new Set(['self_eliminator_won', 'lost', 'won']);
    for (const code of WIN_REASON_CODES) {
      const text = generic.winReason({ code, params: { player: ava } } as WinReason);
      expect([code, text.length > 0]).toEqual([code, !silent.has(code)]);
      expect(text).not.toMatch(/[{}]/);
    }
    for (const code of NOTICE_CODES) {
      const n = generic.notice({ code, params: { player: ava, role: 'Role Looker' } } as never);
      expect(n.title.length * n.message.length).toBeGreaterThan(0);
    }
    for (const kind of NIGHT_ACTION_KINDS) expect(generic.actionKind(kind)).not.toMatch(/^[a-z_]+$|[{}]/);
  });

  it('says with the generic theme what the engine used to say', () => {
    const say = (m: NightMessage) => generic.night(m);
    expect(say({ code: 'saw_player_card', params: { player: ava, role: 'Role Thief' } })).toBe("You looked at Ava's card: Role Thief.");
    expect(generic.result([{ code: 'fellow_wolves', params: { players: [] } }, { code: 'saw_center_card', params: { center: 0, role: 'Basic Good Guy' } }])).toBe(
      'You are the only bad guy. You looked at center card 1: Basic Good Guy.',
    );
    expect(say({ code: 'fellow_wolves', params: { players: [ben, cy] } })).toBe('Your fellow bad guys are Ben and Cy.');
    expect(say({ code: 'copied_role', params: { player: ava, role: 'Protector', team: 'good' } })).toBe('You copied Ava: Protector. You are now on the Good Team and act as the Protector.');
    expect(say({ code: 'saw_center_cards', params: { centers: [2, 0], roles: ['Basic Good Guy', 'Role Thief'] } })).toBe(
      'You looked at center cards 3 and 1: Basic Good Guy and Role Thief.',
    );
    expect(say({ code: 'saw_pile', params: { role: 'Bad Guy' } })).toBe('You looked at the bad-guy pile: Bad Guy.');
    expect(say({ code: 'role_changed', params: { role: 'Village Idiot' } })).toBe('Your role has changed during the night! You are now the All Role Switcher.');
    expect(say({ code: 'tapped', params: { side: 'right' } })).toBe('You were tapped! The tap came from your right.');
    expect(say({ code: 'artifact_received', params: { artifact: 'mask_of_muting' } })).toBe(
      'You received an artifact: the Mask of Muting. You cannot send chat messages during the discussion.',
    );
    expect(generic.result([])).toBe('No action taken.');
    expect(generic.announcement({ code: 'revealer_revealed', params: { player: ava, team: 'neutral' } })).toBe("The Role Revealer revealed Ava's card: it is Neutral.");
    expect(generic.winCondition({ code: 'good_wins_wolf_eliminated', params: { team: 'good' } })).toBe('A bad guy was eliminated: the Good Team wins.');
    expect(generic.winReason({ code: 'stalker_target_eliminated', params: { player: ben } })).toBe('Your target Ben was eliminated.');
    expect(generic.notice({ code: 'bot_added', params: { player: { userId: 'b1', displayName: 'Bot 1' }, role: 'Village Idiot' } })).toEqual({
      title: 'Bot Added',
      message: 'Bot 1 joined the game and the All Role Switcher role was added',
    });
    expect(generic.actionKind('view_player')).toBe("Viewed a player's card");
    expect(generic.actionKind('self_check')).toBe('Looked at their own card at the end of the night');
    expect(generic.phase('job_choice')).toBe('Night Phase');
    expect(generic.phase('role_resolve')).toBe('Night Results');
    expect(generic.systemLabel('revealer_announcement')).toBe('Revealer Announcement');
  });

  it("words everything through the active theme: role, team and pile names, the night phase, the log's verbs", () => {
    const say = (m: NightMessage) => corporate.night(m);
    expect(say({ code: 'saw_player_card', params: { player: ava, role: 'Bad Guy' } })).toBe("You looked at Ava's card: Saboteur.");
    expect(say({ code: 'fellow_wolves', params: { players: [] } })).toBe('You are the only saboteur.');
    expect(say({ code: 'saw_pile', params: { role: 'Role Looker' } })).toBe('You looked at the shredder bin: Auditor.');
    expect(say({ code: 'revealed_team', params: { player: ava, team: 'good' } })).toBe(
      "You revealed Ava's card: it is on the Loyal Staff Team. Everyone will be told at the start of the discussion.",
    );
    expect(say({ code: 'role_lookers', params: { players: [ben] } })).toBe('The Auditor is Ben.');
    expect(corporate.announcement({ code: 'revealer_revealed', params: { player: ava, team: 'bad' } })).toBe("The Whistleblower revealed Ava's card: it is on the Saboteurs.");
    expect(corporate.winCondition({ code: 'bad_wins', params: { team: 'bad' } })).toBe('No saboteur was eliminated: the Saboteurs wins.');
    expect(corporate.phase('job_choice')).toBe('Lunch Break Phase');
    expect(corporate.pile()).toBe('Shredder bin');
    expect(corporate.teamName('good')).toBe('Loyal Staff Team');
    expect(corporate.teamColor('bad')).toBe('#ff0000');
    expect(corporate.wolfTeam()).toBe('Saboteurs');
    expect(corporate.wolfMember()).toBe('Saboteur');
    expect(corporate.actionKind('view_player')).toBe("Audited a player's card");
    expect(corporate.actionKind('swap_players')).toBe("Reshuffled two other players' cards");
  });
});

describe('a whole game of bots, worded line by line', () => {
  /** Every selectable role at least once, bots only but the host, played to the results by the engine. */
  function playedGame(seed: string): GameState {
    let s = createGame({ id: 'g', roomCode: 'ABCDEF', hostId: 'h', hostDisplayName: 'Host', now: 0 });
    const roles = [...SELECTABLE_ROLES] as RoleName[];
    for (let i = 0; i < roles.length - 3 - 1; i++) s = applyCommand(s, { type: 'add_bot', userId: 'h', botUserId: `b${i}` }, { now: 0, seed: `${seed}${i}` }).state;
    s = applyCommand(s, { type: 'update_role_selection', userId: 'h', roles }, { now: 0, seed }).state;
    s = applyCommand(s, { type: 'start_game', userId: 'h' }, { now: 0, seed }).state;
    s = applyCommand(s, { type: 'ready_next_phase', userId: 'h' }, { now: 0, seed }).state;
    // The host plays from its own view: a pass or no_action when it may, else the first valid choice.
    for (let i = 0; i < 3 && s.phase === 'job_choice'; i++) {
      const me = playerView(s, 'h').me!;
      const allowed = me.allowedActions;
      const type = allowed.includes('pass') ? 'pass' : allowed.includes('no_action') ? 'no_action' : allowed[0]!;
      const target = me.validTargets?.[type]?.[0];
      const action = { type, centerIndex: 0, direction: 'left' as const, ...(target ? { targetUserId: target } : {}) };
      s = applyCommand(s, { type: 'submit_action', userId: 'h', action }, { now: 0, seed }).state;
    }
    return s;
  }

  it.each(['alpha', 'beta', 'gamma', 'delta'])('leaves no code unworded (seed %s)', (seed) => {
    const s = playedGame(seed);
    expect(s.phase).toBe('role_resolve');
    for (const p of s.players) for (const line of generic.lines(p.actionResult?.lines)) expect(line).not.toMatch(/^$|[{}]/);
    for (const e of s.nightLog) {
      expect(generic.actionKind(e.kind)).not.toMatch(/[{}]/);
      expect(generic.result(e.result)).not.toMatch(/[{}]/);
      expect(corporate.result(e.result)).not.toMatch(/[{}]/);
    }
    for (const a of s.announcements) expect(corporate.announcement(a)).toMatch(/Whistleblower/);
  });
});
