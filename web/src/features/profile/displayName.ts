/** Display name rule of the profile page (spec 001 section 5): required after trimming, at most 50 characters. */
export const DISPLAY_NAME_MAX = 50;

/** The error text for a display name, or null when it is valid. */
export function displayNameError(value: string | null | undefined): string | null {
  const name = (value ?? '').trim();
  if (!name) return 'Display name is required';
  if (name.length > DISPLAY_NAME_MAX) return 'Display name must be 50 characters or less';
  return null;
}
