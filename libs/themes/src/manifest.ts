/**
 * Checking and completing a theme object (spec 001 section 5 "Theme build"; docs/themes.md "Manifest").
 * A `manifest.json` is taken as a complete theme as is; the other formats are built into one and then
 * checked here too.
 */
import type { RoleName, Team } from '@nightfall/game-rules';
import { CANONICAL_ROLES, canonicalRoleName } from './canonical.js';
import { ThemePackError } from './errors.js';
import { GENERIC_THEME } from './generic.js';
import type { Theme, ThemeRole, ThemeTeam } from './types.js';

const TEAMS: readonly Team[] = ['bad', 'good', 'neutral'];

/** Team keys a pack may use for each of our teams (spec 000 section 3 "Teams"). */
const TEAM_KEYS: Record<Team, readonly string[]> = {
  bad: ['bad', 'werewolf', 'bad guys', 'bad guy', 'badguys', 'evil'],
  good: ['good', 'villager', 'good guys', 'good guy', 'goodguys', 'village'],
  neutral: ['neutral', 'special'],
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** True when `version` is semver within `>=1.0.0 <2.0.0` (spec 001 section 3). */
export function isSupportedEngineVersion(version: unknown): boolean {
  if (typeof version !== 'string') return false;
  const m = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  return m !== null && Number(m[1]) === 1;
}

function readTeams(raw: Record<string, unknown>): Record<Team, ThemeTeam> {
  const byKey = new Map(Object.entries(raw).map(([k, v]) => [k.trim().toLowerCase(), v]));
  const out = {} as Record<Team, ThemeTeam>;
  for (const team of TEAMS) {
    const found = TEAM_KEYS[team].map((k) => byKey.get(k)).find(isObject);
    const base = GENERIC_THEME.teams[team];
    out[team] = {
      displayName: str(found?.displayName) ?? str(found?.name) ?? 'Unknown Team',
      color: str(found?.color) ?? base.color,
      ...(str(found?.description) ? { description: str(found?.description) as string } : {}),
    };
  }
  return out;
}

/**
 * Checks a theme object and returns it completed: role keys mapped from older names, missing role texts
 * from the generic theme ('A {role} role.' at worst), missing team labels 'Unknown Team'.
 *
 * @throws ThemePackError 'Theme "{name}" is incomplete. Missing required fields.' without game title,
 *   roles, teams or actions; 'Theme "{name}" is missing roles: {list}' when a required role is absent; an
 *   engine-version message outside 1.x.
 */
export function validateTheme(raw: unknown): Theme {
  if (!isObject(raw)) throw new ThemePackError('Theme "unknown" is incomplete. Missing required fields.');
  const name = str(raw.name)?.trim() || 'unknown';
  const text = isObject(raw.text) ? raw.text : null;
  if (!text || !str(text.gameTitle) || !isObject(raw.roles) || !isObject(raw.teams) || !isObject(raw.actions)) {
    throw new ThemePackError(`Theme "${name}" is incomplete. Missing required fields.`);
  }
  const engineVersion = str(raw.engineVersion) ?? '1.0.0';
  if (!isSupportedEngineVersion(engineVersion)) {
    throw new ThemePackError(`Theme "${name}" needs theme engine ${engineVersion}; this game supports 1.0.0 up to, not including, 2.0.0.`);
  }
  const roles = {} as Record<RoleName, ThemeRole>;
  for (const [key, value] of Object.entries(raw.roles)) {
    const role = canonicalRoleName(key);
    if (!role || !isObject(value) || roles[role]) continue;
    const displayName = str(value.displayName) ?? str(value.name) ?? str(value.title);
    if (!displayName?.trim()) continue;
    const entry: ThemeRole = { displayName: displayName.trim(), description: str(value.description)?.trim() || '' };
    for (const k of ['teamLabel', 'image', 'icon'] as const) if (str(value[k])?.trim()) entry[k] = (str(value[k]) as string).trim();
    roles[role] = entry;
  }
  const missing = CANONICAL_ROLES.filter((r) => !roles[r]);
  if (missing.length > 0) throw new ThemePackError(`Theme "${name}" is missing roles: ${missing.join(', ')}`);
  for (const role of CANONICAL_ROLES) {
    const entry = roles[role];
    if (!entry.description) entry.description = GENERIC_THEME.roles[role].description || `A ${entry.displayName} role.`;
  }
  const t = text as Record<string, unknown>;
  const g = GENERIC_THEME.text;
  const a = raw.actions as Record<string, unknown>;
  const ga = GENERIC_THEME.actions;
  const assets = isObject(raw.assets) ? raw.assets : {};
  const theme: Theme = {
    id: (str(raw.id)?.trim() || 'custom-theme').slice(0, 64),
    name: name.slice(0, 80),
    description: str(raw.description)?.trim() ?? '',
    engineVersion,
    text: {
      gameTitle: str(t.gameTitle) as string,
      lobbyTitle: str(t.lobbyTitle) ?? g.lobbyTitle,
      homeTitle: str(t.homeTitle) ?? (str(t.gameTitle) as string),
      homeSubtitle: str(t.homeSubtitle) ?? g.homeSubtitle,
      nightPhase: str(t.nightPhase) ?? g.nightPhase,
      nightActions: str(t.nightActions) ?? g.nightActions,
    },
    roles,
    teams: readTeams(raw.teams),
    actions: {
      badGuyPile: str(a.badGuyPile) ?? ga.badGuyPile,
      badGuyPileCheck: str(a.badGuyPileCheck) ?? ga.badGuyPileCheck,
      converted: str(a.converted) ?? ga.converted,
      robbed: str(a.robbed) ?? ga.robbed,
      swapped: str(a.swapped) ?? ga.swapped,
      viewed: str(a.viewed) ?? ga.viewed,
    },
  };
  const cardBack = str(assets.cardBack);
  const homeBackground = str(assets.homeBackground);
  if (cardBack || homeBackground) theme.assets = { ...(cardBack ? { cardBack } : {}), ...(homeBackground ? { homeBackground } : {}) };
  if (str(raw.backgroundImage)) theme.backgroundImage = str(raw.backgroundImage) as string;
  if (str(raw.homeBackgroundImage)) theme.homeBackgroundImage = str(raw.homeBackgroundImage) as string;
  return theme;
}
