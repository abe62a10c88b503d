import { DISPLAY_NAME_MAX } from '@nightfall/game-rules';

/**
 * The error text for a display name, or null when it is valid: the profile page's rule (spec 001
 * section 5), required after trimming and at most DISPLAY_NAME_MAX (50) characters.
 */
export function displayNameError(value: string | null | undefined): string | null {
  const name = (value ?? '').trim();
  if (!name) return 'Display name is required';
  if (name.length > DISPLAY_NAME_MAX) return 'Display name must be 50 characters or less';
  return null;
}
