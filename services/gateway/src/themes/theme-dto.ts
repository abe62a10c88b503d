import type { themeV1 } from '@nightfall/contracts';
import type { StoredThemeDto, ThemePackInfo } from '@nightfall/protocol';
import { GatewayErrorCode } from '../gateway-error-code.js';
import type { SessionUser } from '../auth/session.service.js';
import { ApiException } from '../http/errors.filter.js';

/** Wire -> REST: a stored theme of the signed-in user. */
export function toStoredThemeDto(t: themeV1.StoredTheme): StoredThemeDto {
  return {
    id: t.id,
    themeId: t.themeId,
    name: t.name,
    description: t.description,
    sha256: t.sha256,
    sizeBytes: t.sizeBytes,
    visibility: t.visibility,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

/** Wire -> REST: where to download a stored theme's pack; undefined when there is none (generic; gRPC sends null). */
export function toPackInfo(t: themeV1.StoredTheme | null | undefined): ThemePackInfo | undefined {
  if (!t) return undefined;
  return { storedThemeId: t.id, themeId: t.themeId, sha256: t.sha256, sizeBytes: t.sizeBytes, name: t.name, description: t.description };
}

/**
 * The signed-in account of a request (use after SessionGuard): theme preferences and stored themes
 * belong to accounts, not to guests (spec 001 section 1).
 * @throws ApiException 401 SIGN_IN_REQUIRED for a guest
 */
export function accountOf(user: SessionUser, what: string): SessionUser {
  if (user.isGuest) throw new ApiException(401, GatewayErrorCode.SIGN_IN_REQUIRED, `Please sign in to ${what}`);
  return user;
}

/** True when an If-None-Match header names `etag` (strong or weak; `*` is not taken as a match). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
