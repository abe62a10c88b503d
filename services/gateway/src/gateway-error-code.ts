import { CommonErrorCode } from '@nightfall/protocol';

/**
 * Every error code the gateway itself answers with (docs/architecture.md "Errors"). Errors forwarded
 * from identity, billing and game-engine keep their own service's code.
 */
export const GatewayErrorCode = {
  ...CommonErrorCode,
  /** A guest or signed-out caller used an account-only call (401). */
  SIGN_IN_REQUIRED: 'SIGN_IN_REQUIRED',
  /** Room creation without host rights: 'Hosting is locked' (403). */
  HOST_REQUIRED: 'HOST_REQUIRED',
  /** The caller is not an admin: 'Access Denied' (403). */
  ACCESS_DENIED: 'ACCESS_DENIED',
  /** The caller is an admin but the call is for super admins: 'Access Denied' / 'Super Admin Only' (403). */
  SUPER_ADMIN_ONLY: 'SUPER_ADMIN_ONLY',
  /** A `userId` in the body or message differs from the session's user (403; docs/architecture.md "Guarantees"). */
  SESSION_MISMATCH: 'SESSION_MISMATCH',
  /** Unknown or malformed game id (404 'Game not found'). */
  GAME_NOT_FOUND: 'GAME_NOT_FOUND',
  /** A guest joining without a display name (400). */
  DISPLAY_NAME_REQUIRED: 'DISPLAY_NAME_REQUIRED',
  /** Password sign-in failed: 'Login Failed' / 'Invalid email or password' (401). */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** Magic-link callback without a token (400). */
  TOKEN_MISSING: 'TOKEN_MISSING',
  /** The Stripe webhook arrived without its raw body (400). */
  INVALID_PAYLOAD: 'INVALID_PAYLOAD',
  /** A socket frame that is not JSON or not a protocol message (socket `error`). */
  INVALID_MESSAGE: 'INVALID_MESSAGE',
  /** A `game_action` for a game the socket has not joined (socket `error`). */
  NOT_JOINED: 'NOT_JOINED',
  /** A theme pack upload over 50 MB: 'Upload Failed' / 'Theme is too large ({size} MB). The limit is 50 MB.' (413). */
  PACK_TOO_LARGE: 'PACK_TOO_LARGE',
} as const;
export type GatewayErrorCode = (typeof GatewayErrorCode)[keyof typeof GatewayErrorCode];
