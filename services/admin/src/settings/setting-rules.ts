/** Longest key (spec 001 section 3) and value of a global setting. */
export const SETTING_KEY_MAX = 100;
export const SETTING_VALUE_MAX = 65_536;
/** A key: a letter, then letters, digits, '_', '.', ':' or '-'. */
const KEY = /^[A-Za-z][A-Za-z0-9_.:-]*$/;

/** Rules of particular keys: a check of the value returning the problem, or null when fine. */
const VALUE_RULES: Record<string, (value: string) => string | null> = {
  /** The global default theme (spec 001 section 3): a theme id, up to 64 characters. */
  defaultTheme: (v) => (v.trim() === '' ? 'Default theme is required' : [...v].length > 64 ? 'Theme id must be 64 characters or less' : null),
};

/** The problem with a setting key, or null. */
export function keyProblem(key: string): string | null {
  if (key === '') return 'Setting key is required';
  if ([...key].length > SETTING_KEY_MAX) return `Setting key must be ${SETTING_KEY_MAX} characters or less`;
  if (!KEY.test(key)) return 'Setting key may contain letters, digits, _ . : and - only, starting with a letter';
  return null;
}

/** The problem with a value for this key, or null. */
export function valueProblem(key: string, value: string): string | null {
  if (value.length > SETTING_VALUE_MAX) return `Setting value must be ${SETTING_VALUE_MAX} characters or less`;
  return VALUE_RULES[key]?.(value) ?? null;
}
