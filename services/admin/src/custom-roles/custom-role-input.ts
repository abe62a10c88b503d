import type { adminV1 } from '@nightfall/contracts';
import { CUSTOM_ROLE_THEMES } from '@nightfall/protocol';
import type { StoredThemeVariant } from './custom-role.entity.js';

/** Bounds of a custom role (spec 001 sections 3 and 9). */
export const CUSTOM_ROLE_LIMITS = { baseNameMax: 100, teamMax: 50 } as const;
/** Team of a role whose form left the team empty (the form's default). */
export const DEFAULT_TEAM = 'villager';
/** A theme id usable as a key of themeVariants besides the four known ones. */
const THEME_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** A checked custom role, ready to store. */
export interface ValidCustomRole {
  baseName: string;
  team: string;
  abilities: string;
  nightOrder: number;
  isActive: boolean;
  themeVariants: Record<string, StoredThemeVariant>;
}

/** A failed check: the message and, for missing titles, the description and the themes. */
export interface CustomRoleProblem {
  message: string;
  details?: { description: string; missingThemes: string[] };
}

/** The night order as an integer (int32), else 0 (spec 001 section 5: "parsed as integer, else 0"). */
export function nightOrderOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(n)) return 0;
  const i = Math.trunc(n);
  return i >= -2_147_483_648 && i <= 2_147_483_647 ? i : 0;
}

/**
 * Checks a custom role (spec 001 section 5): base name required ('Base name is required', at most 100
 * characters); team at most 50 (empty = villager); every one of the four themes (werewolf, russiagate,
 * corporate, generic) needs a title ('All theme titles are required', description 'Missing titles for:
 * {themes}'); image URLs are optional; night order an integer, else 0. Texts are trimmed.
 * @returns the role to store, or the problem
 */
export function checkCustomRole(input: adminV1.CustomRoleInput | undefined): { ok: true; role: ValidCustomRole } | { ok: false; problem: CustomRoleProblem } {
  const fail = (message: string, details?: CustomRoleProblem['details']) => ({ ok: false as const, problem: { message, ...(details ? { details } : {}) } });
  const baseName = (input?.baseName ?? '').trim();
  if (!baseName) return fail('Base name is required');
  if ([...baseName].length > CUSTOM_ROLE_LIMITS.baseNameMax) return fail(`Base name must be ${CUSTOM_ROLE_LIMITS.baseNameMax} characters or less`);
  const team = (input?.team ?? '').trim() || DEFAULT_TEAM;
  if ([...team].length > CUSTOM_ROLE_LIMITS.teamMax) return fail(`Team must be ${CUSTOM_ROLE_LIMITS.teamMax} characters or less`);
  const given = input?.themeVariants ?? {};
  const variants: Record<string, StoredThemeVariant> = {};
  for (const [themeId, v] of Object.entries(given)) {
    if (!THEME_ID.test(themeId)) return fail(`Unknown theme id: ${themeId.slice(0, 64)}`);
    const title = (v?.title ?? '').trim();
    if (title) variants[themeId] = { title, imageUrl: (v?.imageUrl ?? '').trim() };
  }
  const missing = CUSTOM_ROLE_THEMES.filter((t) => !variants[t]);
  if (missing.length > 0) {
    const description = `Missing titles for: ${missing.join(', ')}`;
    return fail('All theme titles are required', { description, missingThemes: [...missing] });
  }
  return {
    ok: true,
    role: {
      baseName,
      team,
      abilities: (input?.abilities ?? '').trim(),
      nightOrder: nightOrderOf(input?.nightOrder),
      isActive: input?.isActive ?? true,
      themeVariants: variants,
    },
  };
}
