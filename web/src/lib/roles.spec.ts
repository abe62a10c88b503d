import { AVAILABLE_ROLES, ROLES, type CustomRoleView, type GameView, type NightLogEntry, type PublicPlayer, type RoleId } from '@nightfall/game-rules';
import { adminRoleChoices, adminRoleValue, isAdminView, RANDOM_ROLE } from '../features/lobby/adminRole';
import { adminActionLines } from '../features/game/discussion/adminView';
import { CORPORATE_TEST_THEME } from '../i18n/testTheme';
import {
  NO_CUSTOM_ROLES,
  OTHER_TEAM_COLOR,
  customRoleImage,
  customRoleTitle,
  customTeamGroup,
  groupColorIn,
  groupRoles,
  groupTitleIn,
  initialsOf,
  roleDisplay,
  safeImageUrl,
  selectableRoleIds,
  summarizeRoles,
  type RoleSource,
} from './roles';

/** A custom role as `view.game.customRoles` carries it. */
function custom(id: string, name: string, team: string, extra: Partial<CustomRoleView> = {}): CustomRoleView {
  const gameTeam = team.trim().toLowerCase() === 'werewolf' ? 'bad' : 'good';
  return { id: `custom:${id}`, name, team, abilities: `${name} abilities`, nightOrder: 0, themeVariants: {}, gameTeam, isWolf: gameTeam === 'bad', ...extra };
}

const moon = custom('moon', 'Moon Dancer', 'villager', {
  nightOrder: 3,
  themeVariants: {
    generic: { title: 'Night Dancer', imageUrl: 'https://img.example/dancer.png' },
    corporate: { title: 'Office Dancer', imageUrl: '' },
    werewolf: { title: '  ', imageUrl: 'javascript:alert(1)' },
  },
});
const fang = custom('fang', 'Fang', 'Werewolf');
const vamp = custom('vamp', 'Vampire Lord', 'vampire', { themeVariants: { generic: { title: '', imageUrl: '' } } });
const vamp2 = custom('vamp2', 'Bat', 'VAMPIRE ');
const hermit = custom('hermit', 'Hermit', 'Neutral');
const source: RoleSource = { customRoles: [moon, fang, vamp, vamp2, hermit], themeId: 'corporate' };

describe('custom role title and picture for the game theme', () => {
  it('takes the active theme variant, then generic, then the base name', () => {
    expect(customRoleTitle(moon, 'corporate')).toBe('Office Dancer');
    expect(customRoleTitle(moon, 'generic')).toBe('Night Dancer');
    expect(customRoleTitle(moon, 'werewolf')).toBe('Night Dancer'); // blank title in that theme
    expect(customRoleTitle(moon, 'russiagate')).toBe('Night Dancer'); // no variant for that theme
    expect(customRoleTitle(moon, null)).toBe('Night Dancer');
    expect(customRoleTitle(vamp, 'generic')).toBe('Vampire Lord');
    expect(customRoleTitle(fang, 'corporate')).toBe('Fang');
  });

  it('takes the image of the active variant, then generic, else none (placeholder)', () => {
    const both = custom('b', 'B', 'villager', {
      themeVariants: { generic: { title: 'B', imageUrl: '/img/generic.png' }, corporate: { title: 'B', imageUrl: 'https://x.example/c.webp' } },
    });
    expect(customRoleImage(both, 'corporate')).toBe('https://x.example/c.webp');
    expect(customRoleImage(both, 'generic')).toBe('/img/generic.png');
    expect(customRoleImage(moon, 'corporate')).toBe('https://img.example/dancer.png'); // corporate has no image
    expect(customRoleImage(moon, 'werewolf')).toBe('https://img.example/dancer.png'); // unsafe URL skipped
    expect(customRoleImage(vamp, 'generic')).toBeNull();
    expect(customRoleImage(fang, 'generic')).toBeNull();
  });

  it('loads only http(s), same-origin and data:image pictures', () => {
    expect(safeImageUrl(' https://a.example/x.png ')).toBe('https://a.example/x.png');
    expect(safeImageUrl('http://a.example/x.png')).toBe('http://a.example/x.png');
    expect(safeImageUrl('/roles/x.svg')).toBe('/roles/x.svg');
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    for (const bad of ['', '   ', 'javascript:alert(1)', 'data:text/html,<b>', 'x.png', 'ftp://a/b', null, undefined]) expect(safeImageUrl(bad)).toBeNull();
  });

  it('draws initials for the placeholder badge', () => {
    expect(initialsOf('Moon Dancer')).toBe('MD');
    expect(initialsOf('Night Dancer of the Hills')).toBe('ND');
    expect(initialsOf('Hermit')).toBe('HE');
    expect(initialsOf('self-made hero')).toBe('SM');
    expect(initialsOf('élan vital')).toBe('ÉV');
    expect(initialsOf('  ')).toBe('?');
  });

  it('shows a custom card with its title, team, texts, order and picture', () => {
    const d = roleDisplay(source, moon.id);
    expect(d).toMatchObject({ id: 'custom:moon', title: 'Office Dancer', team: 'good', group: { kind: 'team', team: 'good' }, order: 3, hasNightAction: true, custom: true });
    expect(d.description).toBe('Moon Dancer abilities');
    expect(d.imageUrl).toBe('https://img.example/dancer.png');
    expect(d.initials).toBe('OD');
    expect(d.winCondition).toBe(ROLES['Basic Good Guy'].winCondition);
    const w = roleDisplay(source, fang.id);
    expect(w).toMatchObject({ title: 'Fang', team: 'bad', group: { kind: 'team', team: 'bad' }, order: 0, hasNightAction: false, imageUrl: null });
    expect(w.winCondition).toBe(ROLES['Bad Guy'].winCondition);
    const v = roleDisplay(source, vamp.id);
    expect(v).toMatchObject({ team: 'good', group: { kind: 'label', label: 'vampire' }, teamLabel: 'vampire' });
    expect(v.winCondition).toContain('The vampire team plays with the Good Team.');
  });

  it('keeps catalogue roles as they were and reads an unknown custom id like the rules do', () => {
    expect(roleDisplay(source, 'Village Idiot')).toMatchObject({ title: 'All Role Switcher', team: 'good', order: 6, custom: false, imageUrl: null });
    expect(roleDisplay(source, 'Bad Guy')).toMatchObject({ title: 'Bad Guy', team: 'bad', group: { kind: 'team', team: 'bad' } });
    expect(roleDisplay(source, 'custom:gone')).toMatchObject({ title: 'custom:gone', team: 'good', order: 0, custom: true });
    expect(roleDisplay(undefined, moon.id).title).toBe('custom:moon');
    expect(roleDisplay(source, null).title).toBe('Unknown');
  });
});

describe('grouping by team', () => {
  it('puts villager with the good team, werewolf with the bad team, neutral with neutral, other labels in their own group', () => {
    expect(customTeamGroup('villager')).toEqual({ kind: 'team', team: 'good' });
    expect(customTeamGroup(' Villager ')).toEqual({ kind: 'team', team: 'good' });
    expect(customTeamGroup('')).toEqual({ kind: 'team', team: 'good' });
    expect(customTeamGroup('WEREWOLF')).toEqual({ kind: 'team', team: 'bad' });
    expect(customTeamGroup('neutral')).toEqual({ kind: 'team', team: 'neutral' });
    expect(customTeamGroup(' Vampires ')).toEqual({ kind: 'label', label: 'Vampires' });
  });

  it('offers the host every available catalogue role, then the custom roles', () => {
    const ids = selectableRoleIds(source);
    expect(ids.slice(0, AVAILABLE_ROLES.length)).toEqual([...AVAILABLE_ROLES]);
    expect(ids.slice(AVAILABLE_ROLES.length)).toEqual(['custom:moon', 'custom:fang', 'custom:vamp', 'custom:vamp2', 'custom:hermit']);
  });

  it('groups the selection: bad, good, neutral, then one group per other label (case-insensitive)', () => {
    const groups = groupRoles(source, selectableRoleIds(source));
    expect(groups.map((g) => g.key)).toEqual(['team:bad', 'team:good', 'team:neutral', 'label:vampire']);
    const ids = (key: string) => groups.find((g) => g.key === key)!.roles.map((r) => r.id);
    expect(ids('team:bad').at(-1)).toBe('custom:fang');
    expect(ids('team:bad')).toContain('Bad Guy');
    expect(ids('team:good').at(-1)).toBe('custom:moon');
    expect(ids('team:good')).toContain('Basic Good Guy');
    expect(ids('team:neutral')).toEqual([...AVAILABLE_ROLES.filter((r) => ROLES[r].team === 'neutral'), 'custom:hermit']);
    expect(ids('label:vampire')).toEqual(['custom:vamp', 'custom:vamp2']);
    expect(groups.find((g) => g.key === 'label:vampire')!.group).toEqual({ kind: 'label', label: 'vampire' });
  });

  it('lists a selection once per role, and several custom labels alphabetically after the teams', () => {
    const zed = custom('zed', 'Zed', 'zombies');
    const src: RoleSource = { customRoles: [zed, vamp], themeId: 'generic' };
    const groups = groupRoles(src, ['custom:zed', 'Bad Guy', 'custom:vamp', 'Bad Guy', 'custom:zed']);
    expect(groups.map((g) => [g.key, g.roles.map((r) => r.id)])).toEqual([
      ['team:bad', ['Bad Guy']],
      ['label:vampire', ['custom:vamp']],
      ['label:zombies', ['custom:zed']],
    ]);
    expect(groupRoles(src, [])).toEqual([]);
  });

  it('summarizes a selection with counts, titles and custom night orders', () => {
    const roles: RoleId[] = ['custom:moon', 'Bad Guy', 'Bad Guy', 'custom:fang', 'Role Looker'];
    expect(summarizeRoles(roles, source).map(({ role, count, order, title }) => [role, count, order, title])).toEqual([
      ['Bad Guy', 2, 1, 'Bad Guy'],
      ['custom:fang', 1, 0, 'Fang'],
      ['custom:moon', 1, 3, 'Office Dancer'],
      ['Role Looker', 1, 4, 'Role Looker'],
    ]);
  });
});

describe('admin role panel', () => {
  const players = [
    { userId: 'a', displayName: 'Ava', originalRole: 'Bad Guy' },
    { userId: 'b', displayName: 'Ben', originalRole: 'custom:moon' },
  ] as PublicPlayer[];
  const view = (phase: GameView['game']['phase'], preassignedRoles: Record<string, RoleId> | null) =>
    ({ game: { phase, preassignedRoles, selectedRoles: ['Bad Guy', 'custom:moon', 'Bad Guy', 'Role Looker'] }, players }) as unknown as GameView;

  it('is shown only for admin views (pre-assignments present)', () => {
    expect(isAdminView(view('lobby', {}))).toBe(true);
    expect(isAdminView(view('discussion', {}))).toBe(true);
    expect(isAdminView(view('lobby', null))).toBe(false);
    expect(isAdminView({ game: {} } as GameView)).toBe(false);
    expect(isAdminView(null)).toBe(false);
  });

  it('offers the distinct selected roles, and shows the pre-assignment (lobby) or the dealt card (role_deal)', () => {
    expect(adminRoleChoices(view('lobby', {}).game.selectedRoles)).toEqual(['Bad Guy', 'custom:moon', 'Role Looker']);
    const lobby = view('lobby', { b: 'custom:moon' });
    expect(adminRoleValue(lobby, 'b')).toBe('custom:moon');
    expect(adminRoleValue(lobby, 'a')).toBe(RANDOM_ROLE);
    expect(adminRoleValue(lobby, 'a', 'Role Looker')).toBe('Role Looker');
    expect(adminRoleValue(view('role_deal', {}), 'b')).toBe('custom:moon');
  });
});

describe('admin cards of role_resolve and discussion', () => {
  const nameOf = (id: string) => ({ a: 'Ava', b: 'Ben', c: 'Cy' })[id] ?? 'Unknown';
  const ava = { userId: 'a', displayName: 'Ava', originalRole: 'Role Copier', copiedRole: 'Role Swapper', action: { type: 'copy_role', targetUserId: 'b' }, copyAction: { type: 'swap_players', player1UserId: 'b', player2UserId: 'c' } } as PublicPlayer;

  it("lists a player's night-log entries with their kind, targets and the full result", () => {
    const copied = { code: 'copied_role', params: { player: { userId: 'b', displayName: 'Ben' }, role: 'Role Swapper', team: 'good' } } as const;
    const swapped = { code: 'swapped_players', params: { player: { userId: 'b', displayName: 'Ben' }, player2: { userId: 'c', displayName: 'Cy' } } } as const;
    const log: NightLogEntry[] = [
      { order: 1, userId: 'a', displayName: 'Ava', role: 'Role Copier', action: { type: 'copy_role', targetUserId: 'b' }, kind: 'copy_role', result: [copied] },
      { order: 4, userId: 'c', displayName: 'Cy', role: 'Role Looker', action: { type: 'view_player', targetUserId: 'a' }, kind: 'view_player', result: [] },
      { order: 6, userId: 'a', displayName: 'Ava', role: 'Role Swapper', action: { type: 'swap_players', player1UserId: 'b', player2UserId: 'c' }, kind: 'swap_players', result: [copied, swapped], isCopy: true },
    ];
    const lines = adminActionLines(ava, log, nameOf);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ role: 'Role Copier', order: 1, kind: 'copy_role', targets: 'Ben', result: [copied], resolved: true, isCopy: false });
    expect(lines[1]).toMatchObject({ role: 'Role Swapper', order: 6, kind: 'swap_players', targets: 'Ben and Cy', isCopy: true });
    expect(lines[1]!.result).toEqual([copied, swapped]);
  });

  it('falls back on the actions the admin view carries when there is no log', () => {
    const lines = adminActionLines(ava, null, nameOf);
    expect(lines.map((l) => [l.role, l.kind, l.targets, l.isCopy])).toEqual([
      ['Role Copier', 'copy_role', 'Ben', false],
      ['Role Swapper', 'swap_players', 'Ben and Cy', true],
    ]);
    expect(adminActionLines({ userId: 'c', displayName: 'Cy' } as PublicPlayer, [], nameOf)).toEqual([]);
  });
});

describe('roles in the active theme (names, descriptions, team labels and colours)', () => {
  const themed: RoleSource = { customRoles: [moon, vamp], themeId: 'corporate', theme: CORPORATE_TEST_THEME };

  it("shows a catalogue role with the theme's name, description, team label and colour", () => {
    expect(roleDisplay(themed, 'Bad Guy')).toMatchObject({ title: 'Saboteur', description: 'Quietly ruins the quarter.', teamName: 'Saboteurs', color: '#ff0000', initials: 'SA' });
    expect(roleDisplay(themed, 'Role Looker')).toMatchObject({ title: 'Auditor', teamName: 'Compliance', color: '#00ff00' });
    // a role the theme does not rename keeps the generic name; its team is still the theme's
    expect(roleDisplay(themed, 'Village Idiot')).toMatchObject({ title: 'All Role Switcher', teamName: 'Loyal Staff Team', color: '#00ff00' });
    expect(roleDisplay(NO_CUSTOM_ROLES, 'Bad Guy')).toMatchObject({ title: 'Bad Guy', teamName: 'Hidden Enemies Team', color: '#ef4444' });
  });

  it('keeps custom roles their own titles, with the theme naming and colouring their teams', () => {
    expect(roleDisplay(themed, moon.id)).toMatchObject({ title: 'Office Dancer', teamName: 'Loyal Staff Team', color: '#00ff00' });
    expect(roleDisplay(themed, vamp.id)).toMatchObject({ title: 'Vampire Lord', teamName: 'vampire' });
    expect(roleDisplay(themed, vamp.id).winCondition).toMatch(/^The vampire team plays with the Loyal Staff Team\. /);
  });

  it('titles and colours the lobby groups with the theme', () => {
    const groups = groupRoles(themed, ['Bad Guy', 'Role Looker', vamp.id]);
    expect(groups.map((g) => [groupTitleIn(g.group, CORPORATE_TEST_THEME), groupColorIn(g.group, CORPORATE_TEST_THEME)])).toEqual([
      ['Saboteurs', '#ff0000'],
      ['Loyal Staff Team', '#00ff00'],
      ['vampire', OTHER_TEAM_COLOR],
    ]);
  });
});
