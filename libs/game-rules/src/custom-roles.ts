/**
 * Custom roles (docs/rules.md "Custom roles"; RULES section 2): roles the super admin creates in the admin
 * service. They enter the engine as data, a snapshot in `GameState.customRoles` set by the service with
 * `set_custom_roles` while the game is in the lobby and frozen from the deal on, and they are cards like
 * the others, referenced by `custom:<id>` so that they never collide with a catalogue name. They have no
 * night mechanic and play for a team: `werewolf` is the bad team and a wolf, `villager` and any other label
 * the good team.
 *
 * `roleInfo(state, card)` answers name, team, wolf and night order for a card of either kind; every rule
 * that needs a card's team goes through it (or {@link cardTeam} / {@link isWolfCard}).
 */
import { ROLES, isRoleName } from './catalogue.js';
import { RulesError } from './errors.js';
import type { CustomRoleDef, CustomRoleId, CustomRoleInput, CustomRoleThemeVariant, CustomRoleView, GameState, RoleId, RoleInfo, Team } from './types.js';

/** Prefix of every custom role id. */
export const CUSTOM_ROLE_PREFIX = 'custom:';
/** At most this many custom roles in one game. */
export const MAX_CUSTOM_ROLES = 100;
/** Longest base name (spec 001 section 3: up to 100). */
export const CUSTOM_ROLE_NAME_MAX = 100;
/** Longest team label (spec 001 section 3: up to 50). */
export const CUSTOM_ROLE_TEAM_MAX = 50;
/** Longest abilities text kept in a game. */
export const CUSTOM_ROLE_ABILITIES_MAX = 5000;
/** Longest custom role id, prefix included (the protocol caps a selected role at 64 characters). */
export const CUSTOM_ROLE_ID_MAX = 64;

const RAW_ID = /^[A-Za-z0-9_-]+$/;
const MAX_VARIANTS = 20;
const VARIANT_KEY_MAX = 64;
const VARIANT_TITLE_MAX = 100;
const IMAGE_URL_MAX = 2048;

/** Where custom roles are looked up: a game state, a view's `game`, or a list of definitions. */
export type CustomRoleSource = { readonly customRoles?: readonly CustomRoleDef[] | null } | readonly CustomRoleDef[] | null | undefined;

/** True when `value` is a well-formed custom role id (`custom:<id>`, letters, digits, `-` and `_`). */
export function isCustomRoleId(value: unknown): value is CustomRoleId {
  return (
    typeof value === 'string' &&
    value.startsWith(CUSTOM_ROLE_PREFIX) &&
    value.length <= CUSTOM_ROLE_ID_MAX &&
    RAW_ID.test(value.slice(CUSTOM_ROLE_PREFIX.length))
  );
}

/**
 * The card id of the admin service's custom role `adminId` (`custom:<adminId>`; an id that already has
 * the prefix is returned as is).
 * @throws RulesError INVALID_CUSTOM_ROLE for an id that cannot be one
 */
export function customRoleId(adminId: string): CustomRoleId {
  const id = typeof adminId === 'string' && adminId.startsWith(CUSTOM_ROLE_PREFIX) ? adminId : `${CUSTOM_ROLE_PREFIX}${String(adminId)}`;
  if (!isCustomRoleId(id)) throw new RulesError('INVALID_CUSTOM_ROLE', `Invalid custom role id: ${String(adminId)}`);
  return id;
}

/**
 * How a custom role's team label plays (RULES section 2): `werewolf` is the bad team and a wolf,
 * `villager` the good team, any other label plays and wins with the good team. Case and surrounding
 * spaces are ignored.
 */
export function customRoleSide(teamLabel: string): { team: Team; isWolf: boolean } {
  return String(teamLabel).trim().toLowerCase() === 'werewolf' ? { team: 'bad', isWolf: true } : { team: 'good', isWolf: false };
}

function listOf(source: CustomRoleSource): readonly CustomRoleDef[] {
  if (!source) return [];
  if (Array.isArray(source)) return source as readonly CustomRoleDef[];
  return (source as { customRoles?: readonly CustomRoleDef[] | null }).customRoles ?? [];
}

/** The definition of custom role `id` in `source`, or undefined. */
export function customRoleDef(source: CustomRoleSource, id: string): CustomRoleDef | undefined {
  return listOf(source).find((d) => d.id === id);
}

/**
 * Name, team, wolf status and night order of a card, catalogue role or custom role alike
 * (docs/rules.md "Custom roles"). A custom id that `source` does not define (a hand-made state) reads as a
 * good-team role without night order named by its id.
 * @param source the game state (or a view's `game`, or the list of definitions)
 * @param card a catalogue role name or a custom role id
 */
export function roleInfo(source: CustomRoleSource, card: RoleId | string): RoleInfo {
  if (isRoleName(card)) {
    const def = ROLES[card];
    return { id: card, name: card, displayName: def.displayName, team: def.team, isWolf: def.isWolf, nightOrder: def.actionOrder, custom: false };
  }
  const def = customRoleDef(source, card);
  if (!def) return { id: card as RoleId, name: String(card), displayName: String(card), team: 'good', isWolf: false, nightOrder: 0, custom: isCustomRoleId(card) };
  const side = customRoleSide(def.team);
  return { id: def.id, name: def.name, displayName: def.name, team: side.team, isWolf: side.isWolf, nightOrder: def.nightOrder, custom: true, teamLabel: def.team };
}

/** The name night results print for a card: the canonical name, or a custom role's base name. */
export function cardName(source: CustomRoleSource, card: RoleId): string {
  return isRoleName(card) ? card : roleInfo(source, card).name;
}

/** The team a card plays for (catalogue team, or a custom role's {@link customRoleSide}). */
export function cardTeam(source: CustomRoleSource, card: RoleId): Team {
  return isRoleName(card) ? ROLES[card].team : roleInfo(source, card).team;
}

/** True when a card counts as a wolf (docs/rules.md "Roles"; a custom `werewolf` role included). */
export function isWolfCard(source: CustomRoleSource, card: RoleId): boolean {
  return isRoleName(card) ? ROLES[card].isWolf : roleInfo(source, card).isWolf;
}

function text(value: unknown, what: string, max: number, min = 0): string {
  if (typeof value !== 'string') throw new RulesError('INVALID_CUSTOM_ROLE', `Custom role ${what} must be text`);
  const trimmed = value.trim();
  if (trimmed.length < min || trimmed.length > max) {
    throw new RulesError('INVALID_CUSTOM_ROLE', `Custom role ${what} must be ${min}-${max} characters`);
  }
  return trimmed;
}

function variants(value: unknown): Record<string, CustomRoleThemeVariant> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new RulesError('INVALID_CUSTOM_ROLE', 'Custom role theme variants must be an object');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_VARIANTS) throw new RulesError('INVALID_CUSTOM_ROLE', `At most ${MAX_VARIANTS} theme variants`);
  const out: Record<string, CustomRoleThemeVariant> = {};
  for (const [key, v] of entries) {
    if (key.length === 0 || key.length > VARIANT_KEY_MAX || key === '__proto__') throw new RulesError('INVALID_CUSTOM_ROLE', 'Invalid theme id');
    const variant = (v ?? {}) as { title?: unknown; imageUrl?: unknown };
    out[key] = {
      title: text(variant.title ?? '', 'theme title', VARIANT_TITLE_MAX),
      imageUrl: text(variant.imageUrl ?? '', 'image URL', IMAGE_URL_MAX),
    };
  }
  return out;
}

/**
 * Checks one custom role as the service passes it and returns the game's snapshot of it (ids get their
 * `custom:` prefix, texts are trimmed, a missing or non-integer or negative night order reads as 0).
 * `isActive` is not looked at here (see {@link checkCustomRoles}).
 * @throws RulesError INVALID_CUSTOM_ROLE (id, name 1-100, team up to 50, abilities up to 5000, variants)
 */
export function checkCustomRole(input: CustomRoleInput): CustomRoleDef {
  if (typeof input !== 'object' || input === null) throw new RulesError('INVALID_CUSTOM_ROLE', 'Invalid custom role');
  const order = input.nightOrder;
  return {
    id: customRoleId(input.id),
    name: text(input.name, 'name', CUSTOM_ROLE_NAME_MAX, 1),
    team: text(input.team ?? '', 'team', CUSTOM_ROLE_TEAM_MAX),
    abilities: text(input.abilities ?? '', 'abilities', CUSTOM_ROLE_ABILITIES_MAX),
    nightOrder: typeof order === 'number' && Number.isInteger(order) && order > 0 ? order : 0,
    themeVariants: variants(input.themeVariants),
  };
}

/**
 * Checks a whole list for `set_custom_roles`: inactive roles (`isActive: false`) are dropped, the others
 * checked by {@link checkCustomRole}; at most {@link MAX_CUSTOM_ROLES}, no id twice.
 * @throws RulesError INVALID_CUSTOM_ROLE
 */
export function checkCustomRoles(inputs: readonly CustomRoleInput[]): CustomRoleDef[] {
  if (!Array.isArray(inputs)) throw new RulesError('INVALID_CUSTOM_ROLE', 'Custom roles must be a list');
  const defs = inputs.filter((r) => r?.isActive !== false).map(checkCustomRole);
  if (defs.length > MAX_CUSTOM_ROLES) throw new RulesError('INVALID_CUSTOM_ROLE', `At most ${MAX_CUSTOM_ROLES} custom roles`);
  if (new Set(defs.map((d) => d.id)).size !== defs.length) throw new RulesError('INVALID_CUSTOM_ROLE', 'A custom role is listed twice');
  return defs;
}

function cloneVariants(variants: Record<string, CustomRoleThemeVariant> | undefined): Record<string, CustomRoleThemeVariant> {
  const out: Record<string, CustomRoleThemeVariant> = {};
  if (!variants) return out;
  for (const key of Object.keys(variants)) {
    const v = variants[key] as CustomRoleThemeVariant;
    out[key] = { title: v.title, imageUrl: v.imageUrl };
  }
  return out;
}

/** Deep copy of one definition (field by field: `applyCommand` copies them on every command). */
function cloneDef(d: CustomRoleDef): CustomRoleDef {
  return { id: d.id, name: d.name, team: d.team, abilities: d.abilities, nightOrder: d.nightOrder, themeVariants: cloneVariants(d.themeVariants) };
}

/** Deep copy of a definition list. */
export function cloneCustomRoles(defs: readonly CustomRoleDef[]): CustomRoleDef[] {
  const out = new Array<CustomRoleDef>(defs.length);
  for (let i = 0; i < defs.length; i++) out[i] = cloneDef(defs[i] as CustomRoleDef);
  return out;
}

/**
 * Views of one state's definitions, built once for all its viewers: every state has its own list (`cloneState`
 * copies it, `set_custom_roles` replaces it) and the engine never changes a list in place.
 */
const VIEW_CACHE = new WeakMap<readonly CustomRoleDef[], readonly CustomRoleView[]>();

function deepFreezeView(v: CustomRoleView): CustomRoleView {
  for (const variant of Object.values(v.themeVariants)) Object.freeze(variant);
  Object.freeze(v.themeVariants);
  return Object.freeze(v);
}

/**
 * The custom roles as views show them: the definitions plus the team they play for and the wolf flag.
 * A fresh list of frozen entries: the entries are copies of the state's definitions (never the state's
 * objects), built once per state and shared by the views made from it.
 */
export function customRolesView(state: Pick<GameState, 'customRoles'>): CustomRoleView[] {
  const defs = state.customRoles;
  if (!defs || defs.length === 0) return [];
  let views = VIEW_CACHE.get(defs);
  if (!views) {
    views = defs.map((d) => {
      const side = customRoleSide(d.team);
      return deepFreezeView({ ...cloneDef(d), gameTeam: side.team, isWolf: side.isWolf });
    });
    VIEW_CACHE.set(defs, views);
  }
  return views.slice();
}
