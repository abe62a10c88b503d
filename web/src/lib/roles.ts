/**
 * Role lookups for display, for catalogue roles and the game's custom roles alike (docs/rules.md "Custom
 * roles"). Every rule comes from @nightfall/game-rules (the catalogue, caps, the lobby toggle, night order,
 * a card's team through `roleInfo`); this module only chooses what to show: a catalogue role's name,
 * description, team label and colour in the active theme (@nightfall/themes), a custom role's title and
 * image for the game's theme, the placeholder initials, the display group of a team label, and sorting.
 * Framework-free (unit tested in roles.spec.ts).
 */
import { AVAILABLE_ROLES, DEFAULT_THEME_ID, ROLES, customRoleDef, isRoleName, roleInfo } from '@nightfall/game-rules';
import type { CustomRoleDef, CustomRoleView, RoleDefinition, RoleId, Team } from '@nightfall/game-rules';
import { GENERIC_THEME, themeRoleDescription, themeRoleName, themeRoleTeamLabel, themeTeamColor, themeTeamName } from '@nightfall/themes';
import type { Theme } from '@nightfall/themes';
import { t } from '../i18n/t';
import { localRole, localTheme } from '../i18n/locale';

/** Team order used by every grouped list. */
export const TEAM_ORDER: readonly Team[] = ['bad', 'good', 'neutral'];

/** Colour of a custom role whose team label is neither villager nor werewolf (spec 001: "a third colour"). */
export const OTHER_TEAM_COLOR = '#8b5cf6';

/**
 * Where roles are looked up for display: the game's custom roles (`view.game.customRoles`), the game's
 * theme id for their per-theme titles (`view.game.themeId`), and the active theme for the names,
 * descriptions, team labels and colours of catalogue roles (generic when absent).
 */
export interface RoleSource {
  readonly customRoles?: readonly (CustomRoleView | CustomRoleDef)[] | null;
  readonly themeId?: string | null;
  readonly theme?: Theme | null;
}

/** No custom roles, generic theme: what screens outside a game use. */
export const NO_CUSTOM_ROLES: RoleSource = { customRoles: [], themeId: DEFAULT_THEME_ID };

/** The theme of a source (the generic theme when it has none), the generic one in the locale in use. */
export function themeOf(source: RoleSource | null | undefined): Theme {
  return localTheme(source?.theme ?? GENERIC_THEME);
}

/**
 * Display group of a role: the bad team's, the good team's, the neutral one, or a group of its own for a
 * custom team label that is none of these (`label` is then the label as the admin wrote it).
 */
export type RoleGroup = { kind: 'team'; team: Team } | { kind: 'label'; label: string };

/** Everything a screen shows about one card. */
export interface RoleDisplay {
  /** The card (catalogue name or `custom:<id>`). */
  id: string;
  /** The name shown: the theme's name of a catalogue role, a custom role's title for the game's theme. */
  title: string;
  /** The team the card plays and wins with (from the rules' `roleInfo`). */
  team: Team;
  /** Where the role is listed and which colour it takes. */
  group: RoleGroup;
  /** The role's description: the theme's (catalogue roles), a custom role's abilities. */
  description: string;
  /** The team label shown with the role: the theme's label of the role or its team's name, a custom label as written. */
  teamName: string;
  /** The colour the role is drawn in: its team's colour in the theme, or the third colour of a custom label. */
  color: string;
  /** How-to-play text (role deal, night header). */
  instructions: string;
  winCondition: string;
  /** Night order shown to players ('acts in position #N'); 0 = none. */
  order: number;
  /**
   * True when the role has a place in the night shown to players: a catalogue role with a night action, a
   * custom role with a night order above 0 (it only continues: docs/rules.md "Custom roles").
   */
  hasNightAction: boolean;
  custom: boolean;
  /** A custom role's picture for the theme (a safe URL), or null: the placeholder badge is shown then. */
  imageUrl: string | null;
  /** Initials for the placeholder badge. */
  initials: string;
  /** A custom role's team label as the admin wrote it; null for catalogue roles. */
  teamLabel: string | null;
}

const blank = (s: string | null | undefined): boolean => !s || s.trim() === '';

/** The custom role definition of `card` in `source`, or undefined (catalogue roles, unknown ids). */
export function customDefOf(source: RoleSource | null | undefined, card: string | null | undefined): CustomRoleDef | undefined {
  if (!card || isRoleName(card)) return undefined;
  return customRoleDef(source?.customRoles ?? [], card);
}

/**
 * A custom role's title in a theme (spec 001 "Custom Role Creator": a title per theme): the variant of
 * `themeId`, else the `generic` variant, else the base name.
 */
export function customRoleTitle(def: Pick<CustomRoleDef, 'name' | 'themeVariants'>, themeId: string | null | undefined): string {
  const variants = def.themeVariants ?? {};
  const own = themeId ? variants[themeId]?.title : undefined;
  if (!blank(own)) return (own as string).trim();
  const generic = variants[DEFAULT_THEME_ID]?.title;
  if (!blank(generic)) return (generic as string).trim();
  return def.name;
}

/**
 * Only pictures a browser may load as an image: http(s), protocol-relative or same-origin paths, and
 * `data:image/...`. Anything else (javascript:, file names without a path) gives null.
 */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (blank(url)) return null;
  const u = (url as string).trim();
  if (/^https?:\/\/[^\s]+$/i.test(u) || /^\/[^\s]*$/.test(u) || /^data:image\/[a-z0-9.+-]+[;,]/i.test(u)) return u;
  return null;
}

/**
 * A custom role's picture in a theme: the image URL of the `themeId` variant, else of the `generic`
 * variant, else null (the screens draw the placeholder badge).
 */
export function customRoleImage(def: Pick<CustomRoleDef, 'themeVariants'>, themeId: string | null | undefined): string | null {
  const variants = def.themeVariants ?? {};
  return safeImageUrl(themeId ? variants[themeId]?.imageUrl : undefined) ?? safeImageUrl(variants[DEFAULT_THEME_ID]?.imageUrl);
}

/** Initials of a name for the placeholder badge: 'Moon Dancer' -> 'MD', 'Hermit' -> 'HE', '' -> '?'. */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s\-_.:/]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return Array.from(words[0] as string).slice(0, 2).join('').toUpperCase();
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0])
    .join('')
    .toUpperCase();
}

/**
 * The display group of a custom team label: `villager` the good team's, `werewolf` the bad team's,
 * `neutral` the neutral one (case and spaces ignored), an empty label the good team's, any other label a
 * group named by the label. Display only: how the role plays comes from the rules (`roleInfo`).
 */
export function customTeamGroup(label: string | null | undefined): RoleGroup {
  const l = (label ?? '').trim();
  switch (l.toLowerCase()) {
    case '':
    case 'villager':
      return { kind: 'team', team: 'good' };
    case 'werewolf':
      return { kind: 'team', team: 'bad' };
    case 'neutral':
      return { kind: 'team', team: 'neutral' };
    default:
      return { kind: 'label', label: l };
  }
}

/** A stable key of a group ('team:bad', 'label:vampire'). */
export function groupKey(group: RoleGroup): string {
  return group.kind === 'team' ? `team:${group.team}` : `label:${group.label.toLowerCase()}`;
}

/** Catalogue entry of a role (undefined for a custom role or an unknown name). */
export function roleDef(name: RoleId | string | null | undefined): RoleDefinition | undefined {
  if (!name || !isRoleName(name)) return undefined;
  return ROLES[name];
}

/** A catalogue role's how-to-play and win texts in the locale in use (the rules' English ones by default). */
function roleTexts(def: RoleDefinition): { instructions: string; winCondition: string } {
  const local = localRole(def.name);
  return { instructions: local?.instructions ?? def.instructions, winCondition: local?.winCondition ?? def.winCondition };
}

/** Win condition of a custom role: its team's (the good team for any label but werewolf). */
function customWinCondition(team: Team, label: string, theme: Theme): string {
  const GOOD_WIN = roleTexts(ROLES['Basic Good Guy']).winCondition;
  const BAD_WIN = roleTexts(ROLES['Bad Guy']).winCondition;
  if (team === 'bad') return BAD_WIN;
  const l = label.trim();
  if (l !== '' && l.toLowerCase() !== 'villager') return t('role.custom.win.label', { label: l, teamName: themeTeamName(theme, 'good'), win: GOOD_WIN });
  return GOOD_WIN;
}

/** Colour of a display group in a theme: the team's colour, or the third colour of a custom team label. */
export function groupColorIn(group: RoleGroup, theme: Theme): string {
  return group.kind === 'team' ? themeTeamColor(theme, group.team) : OTHER_TEAM_COLOR;
}

/** Heading of a display group in a theme: the team's name, or the custom team label as written. */
export function groupTitleIn(group: RoleGroup, theme: Theme): string {
  return group.kind === 'team' ? themeTeamName(theme, group.team) : group.label;
}

/**
 * What to show for a card: title, team, group, texts, night order and picture, catalogue or custom
 * (a custom id the game does not define reads as a good-team role named by its id, like `roleInfo`).
 */
export function roleDisplay(source: RoleSource | null | undefined, card: RoleId | string | null | undefined): RoleDisplay {
  const theme = themeOf(source);
  if (!card) {
    return {
      id: '',
      title: t('role.unknown'),
      team: 'good',
      group: { kind: 'team', team: 'good' },
      description: '',
      teamName: themeTeamName(theme, 'good'),
      color: themeTeamColor(theme, 'good'),
      instructions: '',
      winCondition: '',
      order: 0,
      hasNightAction: false,
      custom: false,
      imageUrl: null,
      initials: '?',
      teamLabel: null,
    };
  }
  const def = roleDef(card);
  if (def) {
    const title = themeRoleName(theme, def.name);
    return {
      id: card,
      title,
      team: def.team,
      group: { kind: 'team', team: def.team },
      description: themeRoleDescription(theme, def.name),
      teamName: themeRoleTeamLabel(theme, def.name),
      color: themeTeamColor(theme, def.team),
      ...roleTexts(def),
      order: def.actionOrder,
      hasNightAction: def.hasNightAction,
      custom: false,
      imageUrl: null,
      initials: initialsOf(title),
      teamLabel: null,
    };
  }
  const info = roleInfo(source?.customRoles ?? [], card);
  const custom = customDefOf(source, card);
  const title = custom ? customRoleTitle(custom, source?.themeId) : info.name;
  const group = custom ? customTeamGroup(custom.team) : ({ kind: 'team', team: info.team } as RoleGroup);
  const order = info.nightOrder;
  return {
    id: card,
    title,
    team: info.team,
    group,
    description: custom?.abilities.trim() || t('role.custom.description', { title }),
    teamName: groupTitleIn(group, theme),
    color: groupColorIn(group, theme),
    instructions: order > 0 ? t('role.custom.instructions.order', { order }) : t('role.custom.instructions.none'),
    winCondition: customWinCondition(info.team, custom?.team ?? '', theme),
    order,
    hasNightAction: order > 0,
    custom: true,
    imageUrl: custom ? customRoleImage(custom, source?.themeId) : null,
    initials: initialsOf(title),
    teamLabel: custom ? custom.team : null,
  };
}

/** Name shown for a role (see {@link roleDisplay}). */
export function roleLabel(name: RoleId | string | null | undefined, source: RoleSource = NO_CUSTOM_ROLES): string {
  return roleDisplay(source, name).title;
}

/** Team a card plays for (good for unknown roles). */
export function roleTeam(name: RoleId | string | null | undefined, source: RoleSource = NO_CUSTOM_ROLES): Team {
  return roleDisplay(source, name).team;
}

/** Night order shown to players; 0 when the role has no night action (or is unknown). */
export function roleOrder(name: RoleId | string, source: RoleSource = NO_CUSTOM_ROLES): number {
  return roleDisplay(source, name).order;
}

/**
 * Roles the host may pick in the lobby: the engine's AVAILABLE_ROLES (selectable and implemented) in
 * catalogue order, then the game's custom roles in the snapshot's order (the snapshot only holds active
 * roles: docs/rules.md "Custom roles").
 */
export function selectableRoleIds(source: RoleSource = NO_CUSTOM_ROLES): RoleId[] {
  return [...AVAILABLE_ROLES, ...(source.customRoles ?? []).map((d) => d.id)];
}

/** Number of copies of each role in a selection. */
export function countRoles<R extends string>(roles: readonly R[]): Map<R, number> {
  const counts = new Map<R, number>();
  for (const role of roles) counts.set(role, (counts.get(role) ?? 0) + 1);
  return counts;
}

/** Rank of a group: the bad team, the good team, neutral, then the custom labels. */
function groupRank(group: RoleGroup): number {
  return group.kind === 'team' ? TEAM_ORDER.indexOf(group.team) : TEAM_ORDER.length;
}

/** Orders two groups: the teams in {@link TEAM_ORDER}, then custom labels alphabetically. */
export function compareGroups(a: RoleGroup, b: RoleGroup): number {
  const rank = groupRank(a) - groupRank(b);
  if (rank !== 0) return rank;
  return a.kind === 'label' && b.kind === 'label' ? a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }) : 0;
}

/** A group of the role selection with its roles, in the order given. */
export interface RoleGroupList {
  key: string;
  group: RoleGroup;
  roles: RoleDisplay[];
}

/**
 * Roles grouped for the lobby (spec 000 section 2 "grouped by team"): the bad team, the good team,
 * neutral, then one group per other custom team label (labels differing only in case share a group,
 * named as first written). Within a group the roles keep the order of `ids`; duplicates are listed once.
 */
export function groupRoles(source: RoleSource | null | undefined, ids: readonly (RoleId | string)[]): RoleGroupList[] {
  const groups = new Map<string, RoleGroupList>();
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const d = roleDisplay(source, id);
    const key = groupKey(d.group);
    let g = groups.get(key);
    if (!g) {
      g = { key, group: d.group, roles: [] };
      groups.set(key, g);
    }
    g.roles.push(d);
  }
  return [...groups.values()].sort((a, b) => compareGroups(a.group, b.group));
}

/** Distinct roles of a selection with their counts, sorted by group then night order then name. */
export function summarizeRoles(
  roles: readonly (RoleId | string)[],
  source: RoleSource = NO_CUSTOM_ROLES,
): Array<{ role: string; count: number; order: number; team: Team; group: RoleGroup; title: string }> {
  const counts = countRoles(roles);
  return [...counts.entries()]
    .map(([role, count]) => {
      const d = roleDisplay(source, role);
      return { role, count, order: d.order, team: d.team, group: d.group, title: d.title };
    })
    .sort((a, b) => compareGroups(a.group, b.group) || (a.order || 99) - (b.order || 99) || a.title.localeCompare(b.title));
}
