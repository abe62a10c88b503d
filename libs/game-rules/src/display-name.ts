/**
 * The display-name rule shared by joining players and spectators (spec 001 section 9), apart from the lobby
 * commands so that the seats' module (spectators) and the lobby's do not import each other.
 */
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN } from './constants.js';
import { RulesError } from './errors.js';

/**
 * Trims and checks a display name (1-50 characters after trimming; spec 001 section 9).
 * @throws RulesError INVALID_DISPLAY_NAME
 */
export function checkDisplayName(name: unknown, title = 'Error'): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed.length < DISPLAY_NAME_MIN) throw new RulesError('INVALID_DISPLAY_NAME', 'Please enter your display name', title);
  if (trimmed.length > DISPLAY_NAME_MAX) {
    throw new RulesError('INVALID_DISPLAY_NAME', `Display name must be ${DISPLAY_NAME_MAX} characters or less`, title);
  }
  return trimmed;
}
