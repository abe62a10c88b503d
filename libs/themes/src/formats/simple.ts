/**
 * The simple `theme.json` format (spec 001 section 3 "Simple theme.json"; docs/themes.md "theme.json"):
 * 26 role display names in a fixed slot order plus three team names and colours, or a bare array of the
 * 26 names with default team names.
 */
import type { RoleName, Team } from '@nightfall/game-rules';
import { CANONICAL_ROLES } from '../canonical.js';
import { GENERIC_THEME } from '../generic.js';
import { ThemePackError } from '../errors.js';
import { classicNameOf } from './classic.js';
import { engineVersionOf, isObject, readActions, readPictureKeys, readText, str, themeIdFrom, type BuiltTheme } from './common.js';

/**
 * The 26 role slots of the simple format, in order (spec 001 section 3). Every slot is a canonical role
 * name; the 4 roles without a slot (Uneliminatable Player, Aura Seer, Copycat, Old Hag) keep their generic
 * names.
 */
export const SIMPLE_ROLE_SLOTS: readonly RoleName[] = Object.freeze([
  'Bad Guy',
  'Bad Guy Helper',
  'Bad Guy Converter',
  'Advanced Bad Guy',
  'Isolated Bad Guy',
  'Basic Good Guy',
  'Role Looker',
  'Role Thief',
  'Role Swapper',
  'Random Role Taker',
  'Self-Checker',
  'Mutual Knowers',
  'Role Revealer',
  'Single Role Looker',
  'Seer Knower',
  'Village Idiot',
  'Item Giver',
  'Revenge Voter',
  'Tapper',
  'Paranormal Investigator',
  'Role Copier',
  'Role Locker',
  'Role Giver',
  'Protector',
  'Self-Eliminator',
  'Stalker',
] satisfies RoleName[]);

/** Defaults of the bare-array form (spec 001 section 3). */
export const SIMPLE_DEFAULTS = Object.freeze({
  name: 'Custom Theme',
  description: 'Uploaded custom theme',
  goodGuyTeamName: 'Good Team',
  goodGuyTeamColor: '#3b82f6',
  badGuyTeamName: 'Bad Team',
  badGuyTeamColor: '#ef4444',
  neutralTeamName: 'Neutral',
  neutralTeamColor: '#8b5cf6',
});

/** Team label of a slot by the spec's rule: 'Bad Guys' if the name contains bad, converter or helper; 'Neutral' for eliminator or stalker; else 'Good Guys'. */
export function simpleSlotTeam(slot: string): 'Bad Guys' | 'Neutral' | 'Good Guys' {
  const s = slot.toLowerCase();
  if (s.includes('bad') || s.includes('converter') || s.includes('helper')) return 'Bad Guys';
  if (s.includes('eliminator') || s.includes('stalker')) return 'Neutral';
  return 'Good Guys';
}

const SLOT_TEAM: Record<ReturnType<typeof simpleSlotTeam>, Team> = { 'Bad Guys': 'bad', Neutral: 'neutral', 'Good Guys': 'good' };

/**
 * Builds a theme object from a `theme.json` (object or bare array). A role entry is a display name, or an
 * object with `name`/`displayName`, optional `description` and `image`. Slots without an entry stay
 * missing (validateTheme then names them); names beyond 26 are ignored with a log line. Each slot's
 * description is the catalogue's one-sentence ability text unless the entry gives one; its team label
 * follows {@link simpleSlotTeam}. Optional extra keys: `text`, `actions`, `assets`, `engineVersion`
 * (docs/themes.md "Optional keys").
 *
 * @throws ThemePackError when `roles` is not a list
 */
export function buildSimpleTheme(json: unknown, fileName?: string): BuiltTheme {
  const obj: Record<string, unknown> = Array.isArray(json) ? { roles: json } : isObject(json) ? json : {};
  const bare = Array.isArray(json);
  const names = obj.roles;
  if (!Array.isArray(names)) throw new ThemePackError('theme.json must list the role names in "roles" (or be a list of role names).');
  const log: string[] = [];
  const d = SIMPLE_DEFAULTS;
  const teams: Record<Team, { displayName: string; color: string }> = {
    good: { displayName: str(obj.goodGuyTeamName) ?? d.goodGuyTeamName, color: str(obj.goodGuyTeamColor) ?? d.goodGuyTeamColor },
    bad: { displayName: str(obj.badGuyTeamName) ?? d.badGuyTeamName, color: str(obj.badGuyTeamColor) ?? d.badGuyTeamColor },
    neutral: { displayName: str(obj.neutralTeamName) ?? d.neutralTeamName, color: str(obj.neutralTeamColor) ?? d.neutralTeamColor },
  };
  const roles: Record<string, Record<string, string>> = {};
  const imageNames: BuiltTheme['imageNames'] = {};
  SIMPLE_ROLE_SLOTS.forEach((slot, i) => {
    const entry: unknown = names[i];
    const displayName = typeof entry === 'string' ? str(entry) : isObject(entry) ? (str(entry.displayName) ?? str(entry.name)) : undefined;
    if (!displayName) return;
    const role: Record<string, string> = {
      displayName,
      description: (isObject(entry) ? str(entry.description) : undefined) ?? GENERIC_THEME.roles[slot].description,
      teamLabel: teams[SLOT_TEAM[simpleSlotTeam(slot)]].displayName,
    };
    if (isObject(entry) && str(entry.image)) role.image = str(entry.image) as string;
    roles[slot] = role;
    imageNames[slot] = [slot, displayName, ...(classicNameOf(slot) ? [classicNameOf(slot) as string] : [])];
  });
  if (names.length > SIMPLE_ROLE_SLOTS.length) log.push(`theme.json lists ${names.length} roles; only the first ${SIMPLE_ROLE_SLOTS.length} are used.`);
  for (const role of CANONICAL_ROLES) {
    if (SIMPLE_ROLE_SLOTS.includes(role)) continue;
    roles[role] = { displayName: GENERIC_THEME.roles[role].displayName, description: GENERIC_THEME.roles[role].description };
    imageNames[role] = [role];
  }
  const name = str(obj.name) ?? d.name;
  const raw: Record<string, unknown> = {
    id: themeIdFrom(bare ? {} : obj, fileName),
    name,
    description: str(obj.description) ?? d.description,
    engineVersion: engineVersionOf(obj),
    text: readText(obj),
    roles,
    teams,
    actions: readActions(obj),
    ...readPictureKeys(obj),
  };
  return { raw, imageNames, log };
}
