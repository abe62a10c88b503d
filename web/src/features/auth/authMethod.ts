/** Sign-in method of /auth: a magic link e-mailed to the user, or a password. */
export type AuthMethod = 'magic' | 'password';

/** Minimum sign-up password length (spec 001 section 9). */
export const PASSWORD_MIN = 6;

/** E-mail length limit (spec 001 section 3). */
export const EMAIL_MAX = 255;
