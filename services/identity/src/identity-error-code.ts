import type { RpcException } from '@nestjs/microservices';
import { CommonErrorCode, ERROR_TITLE } from '@nightfall/protocol';
import { rpcError, type GrpcStatus } from '@nightfall/server-kit';

/**
 * Every error code the identity service answers with (docs/architecture.md "Errors"). The gateway
 * forwards them unchanged in the `ErrorBody` of its REST and socket errors; titles and messages are
 * the spec's texts where spec 001 section 8 gives them.
 */
export const IdentityErrorCode = {
  /** Display name missing or blank: 'Please enter your display name' / 'Display name is required' (INVALID_ARGUMENT). */
  DISPLAY_NAME_REQUIRED: 'DISPLAY_NAME_REQUIRED',
  /** Display name longer than 50 characters (INVALID_ARGUMENT; spec 001 section 5). */
  DISPLAY_NAME_TOO_LONG: 'DISPLAY_NAME_TOO_LONG',
  /** Not an e-mail address: 'Please enter a valid email' (INVALID_ARGUMENT). */
  INVALID_EMAIL: 'INVALID_EMAIL',
  /** Password sign-up with fewer than 6 characters, title 'Signup Failed' (INVALID_ARGUMENT). */
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  /** Sign-up of a registered e-mail, title 'Email Already Registered' (ALREADY_EXISTS). */
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  /** Password sign-in failed, title 'Login Failed' / 'Invalid email or password' (UNAUTHENTICATED). */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** Unknown or malformed user id: 'User not found' (NOT_FOUND). */
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  /** A guest tried an account-only change: 'Please sign in to edit your profile' (PERMISSION_DENIED). */
  SIGN_IN_REQUIRED: 'SIGN_IN_REQUIRED',
  /** Magic-link purpose other than 'signin' / 'signup' (INVALID_ARGUMENT). */
  INVALID_PURPOSE: 'INVALID_PURPOSE',
  /** The public base URL of a link is not an http(s) origin: 'Invalid public URL' (INVALID_ARGUMENT). */
  INVALID_BASE_URL: 'INVALID_BASE_URL',
  /** The magic-link e-mail could not be sent, title 'Login Failed' / 'Signup Failed' (UNAVAILABLE). */
  MAIL_FAILED: 'MAIL_FAILED',
  /** Magic-link callback without a token, title 'Invalid Token' (INVALID_ARGUMENT). */
  TOKEN_MISSING: 'TOKEN_MISSING',
  /** Unknown, used or expired magic-link token, title 'Invalid Token' (UNAUTHENTICATED). */
  INVALID_TOKEN: 'INVALID_TOKEN',
} as const;
export type IdentityErrorCode = (typeof IdentityErrorCode)[keyof typeof IdentityErrorCode];

/**
 * The RpcException of an identity error: gRPC status plus the `ErrorBody` JSON (docs/architecture.md "Errors").
 * @param title the toast title; the spec's generic 'Error' unless the spec names another one
 */
export function identityError(
  status: GrpcStatus,
  code: IdentityErrorCode | CommonErrorCode,
  message: string,
  title: string = ERROR_TITLE,
): RpcException {
  return rpcError(status, { code, title, message });
}
