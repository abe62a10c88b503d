/**
 * Uploading an installed pack to the signed-in user's account (docs/themes.md "Normalized pack"):
 * `POST /api/themes/packs` with the normalized ZIP bytes as body, `Content-Type: application/zip`, cookies
 * included. The server checks its manifest.json with validateTheme and stores it.
 */
import { THEME_PACK_CONTENT_TYPE, THEME_PACK_UPLOAD_PATH, isErrorBody, type StoredThemeDto } from '@nightfall/protocol';
import { t } from '../../../i18n/themes';
import { ApiRequestError } from '../../../lib/api';
import type { PackServerInfo } from '../store/types';

/** Route of the pack upload (POST, raw ZIP body). */
export const PACKS_ENDPOINT = THEME_PACK_UPLOAD_PATH;

/** What the server answers: the stored theme (uuid `id`), the theme's own id and the pack's hash and size. */
export type ServerPackResponse = StoredThemeDto;

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * Sends the normalized pack and returns what to keep in the pack's metadata.
 * @throws ApiRequestError for a non-OK answer (its message: the server's, or '{status}: {body}')
 */
export async function uploadPackToServer(bytes: Uint8Array, fetchImpl: typeof fetch = fetch): Promise<PackServerInfo> {
  let res: Response;
  try {
    res = await fetchImpl(PACKS_ENDPOINT, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': THEME_PACK_CONTENT_TYPE, Accept: 'application/json' },
      body: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: THEME_PACK_CONTENT_TYPE }),
    });
  } catch (err) {
    throw new ApiRequestError(0, null, err instanceof Error ? err.message : t('themes.upload.network_error'));
  }
  const text = await res.text();
  const json = parseJson(text);
  if (!res.ok) throw new ApiRequestError(res.status, isErrorBody(json) ? json : null, text || res.statusText);
  const body = json as Partial<ServerPackResponse> | null;
  if (!body || typeof body.id !== 'string') throw new ApiRequestError(res.status, null, t('themes.upload.unexpected_answer'));
  return { storedThemeId: body.id, sha256: String(body.sha256 ?? ''), sizeBytes: Number(body.sizeBytes ?? bytes.byteLength) };
}
