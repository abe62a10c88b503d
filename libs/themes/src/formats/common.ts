/**
 * What the three pack formats share (docs/themes.md "Formats"): the shape a format builder hands to the
 * reader, and the optional keys the simple and card formats accept on top of the spec's fields.
 */
import type { RoleName } from '@nightfall/game-rules';
import { GENERIC_THEME } from '../generic.js';
import { themeSlug } from '../images.js';
import { LEGACY_THEME_IDS } from '../canonical.js';
import { ENGINE_VERSION, GENERIC_THEME_ID } from '../types.js';
import type { ThemeActions, ThemeText } from '../types.js';

/** A theme object before {@link validateTheme}, plus what the reader needs to find its pictures. */
export interface BuiltTheme {
  /** The theme as a plain object, to be checked and completed by `validateTheme`. */
  raw: Record<string, unknown>;
  /** Extra names per role for the fuzzy picture match (display, classic, card key), best first. */
  imageNames: Partial<Record<RoleName, string[]>>;
  /** What the builder noticed (skipped cards, extra names). */
  log: string[];
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

const TEXT_KEYS: readonly (keyof ThemeText)[] = ['gameTitle', 'lobbyTitle', 'homeTitle', 'homeSubtitle', 'nightPhase', 'nightActions'];
const ACTION_KEYS: readonly (keyof ThemeActions)[] = ['badGuyPile', 'badGuyPileCheck', 'converted', 'robbed', 'swapped', 'viewed'];

/**
 * The texts of a simple or card-based configuration: the generic ones, overridden by an optional `text`
 * object and by the same keys at the top level (`"nightPhase": "Lunch Break Phase"`). docs/themes.md
 * "Optional keys".
 */
export function readText(json: Record<string, unknown>): ThemeText {
  const text = isObject(json.text) ? json.text : {};
  const out = { ...GENERIC_THEME.text };
  for (const k of TEXT_KEYS) out[k] = str(json[k]) ?? str(text[k]) ?? out[k];
  if (!str(json.homeTitle) && !str(text.homeTitle) && (str(json.gameTitle) || str(text.gameTitle))) out.homeTitle = out.gameTitle;
  return out;
}

/** Action wording: the generic one, overridden by an optional `actions` object. */
export function readActions(json: Record<string, unknown>): ThemeActions {
  const actions = isObject(json.actions) ? json.actions : {};
  const out = { ...GENERIC_THEME.actions };
  for (const k of ACTION_KEYS) out[k] = str(actions[k]) ?? out[k];
  return out;
}

/** The optional picture keys (`assets`, `backgroundImage`, `homeBackgroundImage`) copied as they are. */
export function readPictureKeys(json: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (isObject(json.assets)) out.assets = { ...json.assets };
  for (const k of ['backgroundImage', 'homeBackgroundImage'] as const) if (str(json[k])) out[k] = str(json[k]);
  return out;
}

/** True for the ids that always mean the built-in theme: `generic` and the legacy ids (spec 001 section 4). */
export function isReservedThemeId(id: string): boolean {
  return id === GENERIC_THEME_ID || LEGACY_THEME_IDS.includes(id);
}

/**
 * The theme id: the configuration's, else a slug of the name or the ZIP's file name, else 'custom-theme'.
 * A derived id that would be reserved gets '-pack' appended ('corporate' -> 'corporate-pack').
 */
export function themeIdFrom(json: Record<string, unknown>, fileName?: string): string {
  const own = str(json.id);
  if (own) return own.slice(0, 64);
  const stem = fileName ? (fileName.replace(/\\/g, '/').split('/').pop() as string).replace(/\.zip$/i, '') : '';
  const derived = (themeSlug(str(json.name) ?? '') || themeSlug(stem) || 'custom-theme').slice(0, 59);
  return isReservedThemeId(derived) ? `${derived}-pack` : derived;
}

/** Engine version of a configuration, else the current one. */
export function engineVersionOf(json: Record<string, unknown>): string {
  return str(json.engineVersion) ?? ENGINE_VERSION;
}
