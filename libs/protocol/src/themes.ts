/**
 * REST bodies of the theme routes (spec 001 sections 4 and 7; docs/architecture.md "Theme service"),
 * answered by the gateway from the theme service. Zod-free: safe for the browser bundle (the request
 * schemas are in `@nightfall/protocol/schemas`). Sizes are bytes, times ISO-8601 strings (UTC).
 */

/** Content type of a theme pack upload (POST /api/themes/packs) and download. */
export const THEME_PACK_CONTENT_TYPE = 'application/zip';

/** Path of the built-in generic theme as a pack: a ZIP whose manifest.json is the generic theme. */
export const DEFAULT_THEME_ZIP_PATH = '/default-theme.zip';

/** Path of the upload route: POST the ZIP's bytes as the raw body (`Content-Type: application/zip`), at most 50 MB. */
export const THEME_PACK_UPLOAD_PATH = '/api/themes/packs';

/**
 * Path of a pack's bytes by their SHA-256 (public, immutable: `ETag: "<sha256>"`, cached for a year;
 * `If-None-Match` answers 304).
 */
export const themePackPath = (sha256: string): string => `/api/themes/packs/${sha256}`;

/** A stored theme of the signed-in user (POST /api/themes/packs, GET /api/themes). */
export interface StoredThemeDto {
  /** The stored theme's id (uuid): DELETE /api/themes/{id}; what a game offers (`ThemePackOffer.id`). */
  id: string;
  /** The manifest's id (up to 64 characters): what preferredThemeId and defaultTheme name. */
  themeId: string;
  name: string;
  description: string;
  /** Lowercase hex SHA-256 of the pack: GET /api/themes/packs/{sha256}. */
  sha256: string;
  sizeBytes: number;
  visibility: string;
  createdAt: string;
  updatedAt: string;
}

/** Where the pack of a stored theme is downloaded from (GET {@link themePackPath}(sha256)), and what it is. */
export interface ThemePackInfo {
  storedThemeId: string;
  themeId: string;
  sha256: string;
  sizeBytes: number;
  name: string;
  description: string;
}

/** GET /api/me/theme: the signed-in user's preferredThemeId; '' when never chosen. */
export interface UserThemeResponse {
  preferredThemeId: string;
}

/**
 * POST /api/me/theme {themeId}: the preference now set. `themeCopied` is true when the theme was another
 * user's (a host's theme from a game) and was copied into the user's stored themes (spec 000 section 8:
 * 'Theme copied to your account and will be used for games you host!'; false: 'This theme will now be
 * used for games you host!').
 */
export interface SetUserThemeResponse {
  preferredThemeId: string;
  themeCopied: boolean;
}

/** Where a resolved theme comes from: the user's preference, the global default, or neither (generic). */
export type ThemeSource = 'preferred' | 'default' | 'generic';

/**
 * GET /api/me/theme/resolved: the theme the server's selection rules give the signed-in user (spec 001
 * section 4: preferred, else the global default, else generic). `pack` is there when it is a stored
 * theme (download it by sha256); absent for `generic` (the built-in theme, also at /default-theme.zip).
 */
export interface ResolvedThemeResponse {
  themeId: string;
  source: ThemeSource;
  pack?: ThemePackInfo;
}

/** GET /api/theme/default (public): the global default theme for a signed-out visitor, with its pack when stored. */
export interface DefaultThemeResponse {
  defaultTheme: string;
  pack?: ThemePackInfo;
}

/** GET /api/admin/theme (admins): the global default theme ('generic' when unset) and who set it when. */
export interface AdminThemeResponse {
  defaultTheme: string;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** POST /api/admin/theme {theme}: the global default theme now set (a theme id, or 'generic'). */
export interface SetAdminThemeResponse {
  theme: string;
}
