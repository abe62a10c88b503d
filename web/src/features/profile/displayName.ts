import { DISPLAY_NAME_MAX } from '@nightfall/game-rules';
import { t } from '../../i18n/t';

/**
 * The error text for a display name, or null when it is valid: the profile page's rule (spec 001
 * section 5), required after trimming and at most DISPLAY_NAME_MAX (50) characters.
 */
export function displayNameError(value: string | null | undefined): string | null {
  const name = (value ?? '').trim();
  if (!name) return t('profile.display_name.required');
  if (name.length > DISPLAY_NAME_MAX) return t('profile.display_name.too_long', { max: DISPLAY_NAME_MAX });
  return null;
}
