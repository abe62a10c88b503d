/**
 * The custom role form's values, validation and request body (spec 001 sections 2, 3 and 5): base name
 * required ('Base name is required'), every theme title required ('All theme titles are required' /
 * 'Missing titles for: {theme names}'), night order parsed as an integer else 0, image URL optional, no
 * other bounds. Framework-free.
 */
import { CUSTOM_ROLE_THEMES, type CustomRoleBody, type CustomRoleDto, type CustomRoleThemeId } from '@nightfall/protocol';
import { t } from '../../i18n/admin';

/** Names of the themes on the form's tabs (the catalogue's `admin.roles.theme.*`, read when used). */
export const THEME_NAMES: Readonly<Record<CustomRoleThemeId, string>> = {
  get werewolf() {
    return t('admin.roles.theme.werewolf');
  },
  get russiagate() {
    return t('admin.roles.theme.russiagate');
  },
  get corporate() {
    return t('admin.roles.theme.corporate');
  },
  get generic() {
    return t('admin.roles.theme.generic');
  },
};

/** Default team of a new role. */
export const DEFAULT_TEAM = 'villager';

/** Column limits of the custom role entity (spec 001 section 3), used as input lengths. */
export const CUSTOM_ROLE_LIMITS = { baseName: 100, team: 50 } as const;

/** What the form holds (the night order as typed). */
export interface CustomRoleFormValues {
  baseName: string;
  team: string;
  abilities: string;
  nightOrder: number | string | null | undefined;
  isActive: boolean;
  themeVariants: Record<CustomRoleThemeId, { title: string; imageUrl: string }>;
}

/** The values of an empty form (team villager, night order 0, active). */
export function emptyRoleValues(): CustomRoleFormValues {
  const themeVariants = {} as CustomRoleFormValues['themeVariants'];
  for (const id of CUSTOM_ROLE_THEMES) themeVariants[id] = { title: '', imageUrl: '' };
  return { baseName: '', team: DEFAULT_TEAM, abilities: '', nightOrder: 0, isActive: true, themeVariants };
}

/** The form values of an existing role (edit mode). */
export function roleToValues(role: CustomRoleDto): CustomRoleFormValues {
  const values = emptyRoleValues();
  for (const id of CUSTOM_ROLE_THEMES) {
    const v = role.themeVariants?.[id];
    values.themeVariants[id] = { title: v?.title ?? '', imageUrl: v?.imageUrl ?? '' };
  }
  return { ...values, baseName: role.baseName, team: role.team || DEFAULT_TEAM, abilities: role.abilities ?? '', nightOrder: role.nightOrder ?? 0, isActive: role.isActive !== false };
}

/** Night order parsed as an integer, else 0 (0 = no night action). */
export function parseNightOrder(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value !== 'string') return 0;
  const n = Number.parseInt(value.trim(), 10);
  return Number.isNaN(n) ? 0 : n;
}

/** A validation failure: a toast title and optional description, and the form field it concerns. */
export interface RoleFormError {
  title: string;
  description?: string;
  /** The themes whose title is missing (to mark their tabs). */
  missingThemes?: CustomRoleThemeId[];
  field: 'baseName' | 'themeVariants';
}

/** The first rule the values break, or null when they can be sent. */
export function validateRole(values: Partial<CustomRoleFormValues>): RoleFormError | null {
  if (!values.baseName?.trim()) return { title: t('admin.roles.base_name.required'), field: 'baseName' };
  const missing = CUSTOM_ROLE_THEMES.filter((id) => !values.themeVariants?.[id]?.title?.trim());
  if (missing.length > 0) {
    return {
      title: t('admin.roles.titles_required'),
      description: t('admin.roles.missing_titles', { names: missing.map((id) => THEME_NAMES[id]).join(t('admin.roles.missing_titles.separator')) }),
      missingThemes: missing,
      field: 'themeVariants',
    };
  }
  return null;
}

/** The body of POST /api/admin/custom-roles and PATCH /api/admin/custom-roles/{id}. */
export function roleBody(values: CustomRoleFormValues): CustomRoleBody {
  const themeVariants: CustomRoleBody['themeVariants'] = {};
  for (const id of CUSTOM_ROLE_THEMES) {
    const v = values.themeVariants?.[id];
    themeVariants[id] = { title: (v?.title ?? '').trim(), imageUrl: (v?.imageUrl ?? '').trim() };
  }
  return {
    baseName: values.baseName.trim(),
    team: values.team?.trim() || DEFAULT_TEAM,
    abilities: values.abilities ?? '',
    nightOrder: parseNightOrder(values.nightOrder),
    isActive: values.isActive !== false,
    themeVariants,
  };
}
