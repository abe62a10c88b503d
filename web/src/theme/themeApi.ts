/**
 * The theme calls of spec 001 section 7 (docs/themes.md "Server"): preference, global default, stored
 * packs. Pack bytes are checked against their SHA-256 after download, so a pack is what the host offered.
 */
import { themePackPath } from '@nightfall/protocol';
import type { AdminThemeResponse, DefaultThemeResponse, ResolvedThemeResponse, SetAdminThemeResponse, SetUserThemeResponse, StoredThemeDto, UserThemeResponse } from '@nightfall/protocol';
import { ApiRequestError, apiFetch } from '../lib/api';

/** Lowercase hex SHA-256 of `bytes` (Web Crypto). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const themeApi = {
  /** GET /api/theme/default (public): the global default theme and its pack when it is a stored one. */
  globalDefault: () => apiFetch<DefaultThemeResponse>('/api/theme/default'),
  /** GET /api/me/theme/resolved (signed in): preference, else global default, else generic. */
  resolved: () => apiFetch<ResolvedThemeResponse>('/api/me/theme/resolved'),
  /** GET /api/me/theme (signed in): {preferredThemeId} ('' when never chosen). */
  myPreference: () => apiFetch<UserThemeResponse>('/api/me/theme'),
  /** POST /api/me/theme {themeId}: sets the preference; a theme of another user (a host's) is copied first. */
  setMyPreference: (themeId: string) => apiFetch<SetUserThemeResponse>('/api/me/theme', { method: 'POST', body: { themeId } }),
  /** GET /api/admin/theme (admins): the global default. */
  adminDefault: () => apiFetch<AdminThemeResponse>('/api/admin/theme'),
  /** POST /api/admin/theme {theme}: sets the global default (admins). */
  setAdminDefault: (theme: string) => apiFetch<SetAdminThemeResponse>('/api/admin/theme', { method: 'POST', body: { theme } }),
  /** GET /api/themes (signed in): my stored themes. */
  myThemes: () => apiFetch<StoredThemeDto[]>('/api/themes'),
};

/**
 * Downloads a stored pack by its hash (GET /api/themes/packs/{sha256}) and checks the bytes.
 * @throws ApiRequestError on an HTTP failure; Error 'Could not save the theme to your browser.' when the
 *   bytes do not match the hash
 */
export async function downloadPack(sha256: string): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(themePackPath(sha256), { credentials: 'include' });
  } catch {
    throw new ApiRequestError(0, null, 'Network error');
  }
  if (!res.ok) throw new ApiRequestError(res.status, null, res.statusText);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if ((await sha256Hex(bytes)) !== sha256.toLowerCase()) throw new Error('Could not save the theme to your browser.');
  return bytes;
}
