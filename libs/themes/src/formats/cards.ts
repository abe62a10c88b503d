/**
 * The card-based `default_theme_pack.json` format (spec 001 section 3 "Card-based"; docs/themes.md
 * "default_theme_pack.json"): `card1`..`card31`, each with a title, a description and a team, in the
 * classic card order, plus the three teams' names, colours and descriptions.
 */
import type { RoleName, Team } from '@nightfall/game-rules';
import { ROLES } from '@nightfall/game-rules';
import { classicRoleName } from './classic.js';
import { engineVersionOf, isObject, readActions, readPictureKeys, readText, str, themeIdFrom, type BuiltTheme } from './common.js';

/** Classic name of each card number (spec 001 section 3 "Card mapping"); index 0 unused. */
export const CARD_CLASSIC_NAMES: readonly string[] = Object.freeze([
  '',
  'Doppelganger',
  'Werewolf',
  'Alpha Wolf',
  'Mystic Wolf',
  'Dream Wolf',
  'Minion',
  'Mason',
  'Seer',
  'Apprentice Seer',
  'Paranormal Investigator',
  'Robber',
  'Witch',
  'Troublemaker',
  'Village Idiot',
  'Drunk',
  'Insomniac',
  'Revealer',
  'Curator',
  'Aura Seer',
  'Beholder',
  'Sentinel',
  'Hunter',
  'Bodyguard',
  'Prince',
  'Thing',
  'Copycat',
  'Old Hag',
  'Villager',
  'Tanner',
  'Stalker',
]);

/** Canonical role of each card number 1..30 (card31 has none). docs/themes.md "Card mapping". */
export const CARD_ROLES: Readonly<Record<number, RoleName>> = Object.freeze(
  Object.fromEntries(CARD_CLASSIC_NAMES.map((c, i) => [i, c ? classicRoleName(c) : null]).filter(([i, r]) => (i as number) > 0 && r)),
);

/** Defaults of the card format's teams (spec 001 section 3). */
export const CARD_TEAM_DEFAULTS: Readonly<Record<Team, { displayName: string; color: string }>> = Object.freeze({
  bad: { displayName: 'Werewolf Team', color: '#8B0000' },
  good: { displayName: 'Village Team', color: '#4169E1' },
  neutral: { displayName: 'Neutral', color: '#808080' },
});

/** Team keys accepted per team: in a `teams` object, and as the `{prefix}TeamName/Color/Description` keys. */
const TEAM_ALIASES: Record<Team, readonly string[]> = {
  bad: ['werewolf', 'badGuy', 'bad'],
  good: ['villager', 'village', 'goodGuy', 'good'],
  neutral: ['neutral'],
};

/** A card's team as written ('Good Guy', 'Bad Guy', 'Neutral', or 'Werewolf' / 'Villager'), else null. */
export function cardTeam(value: unknown): Team | null {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!v) return null;
  if (v.includes('bad') || v.includes('werewolf') || v.includes('wolf')) return 'bad';
  if (v.includes('neutral')) return 'neutral';
  if (v.includes('good') || v.includes('villag')) return 'good';
  return null;
}

function readTeam(json: Record<string, unknown>, team: Team): { displayName: string; color: string; description?: string } {
  const teams = isObject(json.teams) ? json.teams : {};
  let name: string | undefined;
  let color: string | undefined;
  let description: string | undefined;
  for (const alias of TEAM_ALIASES[team]) {
    const t = teams[alias];
    if (isObject(t)) {
      name ??= str(t.displayName) ?? str(t.name);
      color ??= str(t.color);
      description ??= str(t.description);
    }
    name ??= str(json[`${alias}TeamName`]);
    color ??= str(json[`${alias}TeamColor`]);
    description ??= str(json[`${alias}TeamDescription`]);
  }
  const d = CARD_TEAM_DEFAULTS[team];
  return { displayName: name ?? d.displayName, color: color ?? d.color, ...(description ? { description } : {}) };
}

/**
 * Builds a theme object from a `default_theme_pack.json`. `cardN` (1..30) becomes the role of
 * {@link CARD_ROLES}: `title` its display name, `description` its text, `team` its team label (the team's
 * display name), an optional `image` its picture. `card31`, which no role of this game matches, is skipped
 * with a log line; a missing card leaves its role missing (validateTheme then names it). Optional extra
 * keys: `text` / `nightPhase` and the other text keys, `actions`, `assets`, `engineVersion`
 * (docs/themes.md "Optional keys").
 */
export function buildCardTheme(json: unknown, fileName?: string): BuiltTheme {
  const obj = isObject(json) ? json : {};
  const log: string[] = [];
  const teams = { bad: readTeam(obj, 'bad'), good: readTeam(obj, 'good'), neutral: readTeam(obj, 'neutral') };
  const roles: Record<string, Record<string, string>> = {};
  const imageNames: BuiltTheme['imageNames'] = {};
  for (let n = 1; n <= 31; n++) {
    const card = obj[`card${n}`];
    if (card === undefined) continue;
    const role = CARD_ROLES[n];
    if (!role) {
      log.push(`card${n} has no matching role in this game and was skipped.`);
      continue;
    }
    if (!isObject(card)) {
      log.push(`card${n} is not an object and was skipped.`);
      continue;
    }
    const title = str(card.title) ?? str(card.displayName) ?? str(card.name);
    if (!title) {
      log.push(`card${n} (${role}) has no title and was skipped.`);
      continue;
    }
    const team = cardTeam(card.team) ?? ROLES[role].team;
    const entry: Record<string, string> = { displayName: title, description: str(card.description) ?? '', teamLabel: teams[team].displayName };
    for (const k of ['image', 'icon'] as const) if (str(card[k])) entry[k] = str(card[k]) as string;
    roles[role] = entry;
    imageNames[role] = [role, title, CARD_CLASSIC_NAMES[n] as string, `card${n}`, `card${String(n).padStart(2, '0')}`];
  }
  const raw: Record<string, unknown> = {
    id: themeIdFrom(obj, fileName),
    name: str(obj.name) ?? 'Custom Theme',
    description: str(obj.description) ?? '',
    engineVersion: engineVersionOf(obj),
    text: readText(obj),
    roles,
    teams,
    actions: readActions(obj),
    ...readPictureKeys(obj),
  };
  return { raw, imageNames, log };
}
