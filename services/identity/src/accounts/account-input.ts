import { z } from 'zod';
import { GrpcStatus } from '@nightfall/server-kit';
import { identityError, IdentityErrorCode } from '../identity-error-code.js';

/** Longest display name, in characters (spec 001 section 5). */
export const DISPLAY_NAME_MAX = 50;

/** Shortest password of a password account, in characters. */
export const PASSWORD_MIN = 6;

const emailSchema = z.string().trim().toLowerCase().email().max(255);

/** The normalised e-mail (trimmed, lower case, at most 255 characters), or null when `raw` is not one. */
export function parseEmail(raw: string): string | null {
  const parsed = emailSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * Parses an e-mail address (trimmed, lower-cased).
 * @throws INVALID_ARGUMENT `INVALID_EMAIL` 'Please enter a valid email'
 */
export function cleanEmail(raw: string): string {
  const email = parseEmail(raw);
  if (email === null) throw identityError(GrpcStatus.INVALID_ARGUMENT, IdentityErrorCode.INVALID_EMAIL, 'Please enter a valid email');
  return email;
}

/**
 * Trims a display name and checks 1-50 characters (spec 001 section 5).
 * @param requiredMessage the text for a blank name: 'Please enter your display name' when joining or
 *   signing up, 'Display name is required' on the profile page
 * @throws INVALID_ARGUMENT `DISPLAY_NAME_REQUIRED` / `DISPLAY_NAME_TOO_LONG` 'Display name must be 50 characters or less'
 */
export function cleanDisplayName(raw: string, requiredMessage = 'Please enter your display name'): string {
  const name = (raw ?? '').trim();
  if (!name) throw identityError(GrpcStatus.INVALID_ARGUMENT, IdentityErrorCode.DISPLAY_NAME_REQUIRED, requiredMessage);
  if (name.length > DISPLAY_NAME_MAX) {
    throw identityError(GrpcStatus.INVALID_ARGUMENT, IdentityErrorCode.DISPLAY_NAME_TOO_LONG, `Display name must be ${DISPLAY_NAME_MAX} characters or less`);
  }
  return name;
}

/** The default display name of an e-mail account: the part before '@', at most 50 characters. */
export function nameFromEmail(email: string): string {
  return email.split('@')[0]!.slice(0, DISPLAY_NAME_MAX);
}
