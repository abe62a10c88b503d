/**
 * The `manifest.json` format (spec 001 section 3: "A manifest.json is taken as a complete theme as is";
 * docs/themes.md "manifest.json"): the Theme itself. Role keys written with classic names are mapped to
 * the canonical ones before `validateTheme` checks it.
 */
import type { RoleName } from '@nightfall/game-rules';
import { classicNameOf, classicRoleName } from './classic.js';
import { isObject, str, type BuiltTheme } from './common.js';

/** Prepares a manifest for `validateTheme`: role keys mapped (the first entry of a role wins, later ones are logged). */
export function buildManifestTheme(json: unknown): BuiltTheme {
  const raw: Record<string, unknown> = isObject(json) ? { ...json } : {};
  const log: string[] = [];
  const imageNames: BuiltTheme['imageNames'] = {};
  if (isObject(raw.roles)) {
    const roles: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw.roles)) {
      const role: RoleName | null = classicRoleName(key);
      if (!role) {
        log.push(`Role "${key}" is not a role of this game and was ignored.`);
        continue;
      }
      if (roles[role]) {
        log.push(`Role "${key}" repeats ${role} and was ignored.`);
        continue;
      }
      roles[role] = value;
      const shown = isObject(value) ? (str(value.displayName) ?? str(value.name)) : undefined;
      imageNames[role] = [role, ...(shown ? [shown] : []), ...(key !== role ? [key] : []), ...(classicNameOf(role) ? [classicNameOf(role) as string] : [])];
    }
    raw.roles = roles;
  }
  return { raw, imageNames, log };
}
