import type { RpcException } from '@nestjs/microservices';
import { CommonErrorCode, ERROR_TITLE } from '@nightfall/protocol';
import { rpcError, type GrpcStatus } from '@nightfall/server-kit';

/**
 * Every error code the theme service answers with (docs/architecture.md "Errors"), besides
 * `CommonErrorCode.INVALID_INPUT` (a malformed user id, stored theme id or hash, an empty theme id).
 * The gateway forwards them unchanged.
 */
export const ThemeErrorCode = {
  /**
   * The bytes are not a usable theme pack (INVALID_ARGUMENT): 'Please upload a ZIP file', 'Invalid theme
   * pack: missing manifest.json', the theme checks of spec 001 section 5 ('Theme "{name}" is missing
   * roles: ...'), or a reserved theme id (generic and the legacy ids).
   */
  INVALID_PACK: 'INVALID_PACK',
  /** A pack over 50 MB: 'Theme is too large ({size} MB). The limit is 50 MB.' (INVALID_ARGUMENT; the gateway answers 413 first). */
  PACK_TOO_LARGE: 'PACK_TOO_LARGE',
  /** No pack with this SHA-256: 'Theme pack not found' (NOT_FOUND). */
  PACK_NOT_FOUND: 'PACK_NOT_FOUND',
  /** No such stored theme (or not the caller's): 'Theme "{id}" was not found' (NOT_FOUND). */
  THEME_NOT_FOUND: 'THEME_NOT_FOUND',
} as const;
export type ThemeErrorCode = (typeof ThemeErrorCode)[keyof typeof ThemeErrorCode];

/** Toast titles of the theme calls' failures (spec 001 section 8). */
export const THEME_TITLES = {
  upload: 'Upload Failed',
  invalidFile: 'Invalid File',
  delete: 'Delete Failed',
  preference: 'Failed to update theme preference',
  globalTheme: 'Failed to update global theme',
  download: 'Failed to Download Theme',
} as const;

/**
 * The RpcException of a theme error: gRPC status plus the `ErrorBody` JSON (docs/architecture.md "Errors").
 * @param title the toast title; the spec's generic 'Error' unless the spec names another one
 */
export function themeError(status: GrpcStatus, code: ThemeErrorCode | CommonErrorCode, message: string, title: string = ERROR_TITLE): RpcException {
  return rpcError(status, { code, title, message });
}
