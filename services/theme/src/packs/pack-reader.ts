/**
 * Reading an uploaded theme pack on the server (spec 001 section 5 "Upload"; docs/architecture.md
 * "Theme service"): the bytes must be a ZIP holding a `manifest.json`, whose JSON is a complete theme.
 * Pure: no database, no framework.
 */
import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import { MAX_PACK_BYTES, ThemePackError, validateTheme, type Theme } from '@nightfall/themes';
import { isReservedThemeId } from '../theme-ids.js';

/** The spec's text for bytes that are no ZIP (spec 001 section 5, title 'Invalid File'). */
export const NOT_A_ZIP = 'Please upload a ZIP file';
/** The spec's text for a pack without a manifest (spec 001 section 5). */
export const MISSING_MANIFEST = 'Invalid theme pack: missing manifest.json';

/** Lowercase hex SHA-256 of the bytes: the pack's content address. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** True for 64 hex digits (any case). */
export function isSha256(value: string): boolean {
  return /^[0-9a-fA-F]{64}$/.test(value);
}

/**
 * The `manifest.json` entry of a ZIP: matched by file name (any folder, any case; macOS resource forks
 * under `__MACOSX/` ignored), the one nearest the root when there are several.
 */
export function findManifest(zip: JSZip): JSZip.JSZipObject | null {
  const candidates = Object.values(zip.files).filter((f) => {
    if (f.dir || f.name.startsWith('__MACOSX/')) return false;
    const base = f.name.slice(f.name.lastIndexOf('/') + 1);
    return base.toLowerCase() === 'manifest.json';
  });
  candidates.sort((a, b) => a.name.split('/').length - b.name.split('/').length || a.name.localeCompare(b.name));
  return candidates[0] ?? null;
}

/**
 * Inflates one entry, refusing more than `maxBytes` (a small ZIP may inflate to gigabytes).
 * @throws ThemePackError when the entry is larger, or cannot be inflated
 */
async function readEntry(file: JSZip.JSZipObject, maxBytes: number): Promise<Buffer> {
  // jszip's Node stream (a readable-stream v2 Readable): events only, no async iteration
  const stream = file.nodeStream('nodebuffer');
  const chunks: Buffer[] = [];
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    const stop = (err?: Error) => {
      stream.removeAllListeners('data');
      stream.pause();
      if (err) reject(err);
      else resolve();
    };
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) stop(new ThemePackError(`Invalid theme pack: ${file.name} is larger than ${maxBytes / (1024 * 1024)} MB`));
      else chunks.push(chunk);
    });
    stream.on('error', () => stop(new ThemePackError(`Invalid theme pack: ${file.name} cannot be read`)));
    stream.on('end', () => stop());
  });
  return Buffer.concat(chunks);
}

/**
 * Reads a theme pack: opens the ZIP, takes `manifest.json` (a complete theme as is, spec 001 section 3
 * "Theme pack manifest") and checks it with `validateTheme`.
 * @param bytes the ZIP; the caller checks the size limit (MAX_PACK_BYTES)
 * @returns the checked, completed theme (role keys mapped, missing texts filled in)
 * @throws ThemePackError with the spec's texts: 'Please upload a ZIP file' (title 'Invalid File'),
 *   'Invalid theme pack: missing manifest.json', 'Theme "{name}" is incomplete. Missing required
 *   fields.', 'Theme "{name}" is missing roles: {list}'; a manifest that is not JSON; a reserved id
 */
export async function readThemePack(bytes: Uint8Array): Promise<Theme> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new ThemePackError(NOT_A_ZIP, 'Invalid File');
  }
  const manifest = findManifest(zip);
  if (!manifest) throw new ThemePackError(MISSING_MANIFEST);
  const text = new TextDecoder('utf-8').decode(await readEntry(manifest, MAX_PACK_BYTES)).replace(/^\uFEFF/, '');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ThemePackError('Invalid theme pack: manifest.json is not valid JSON');
  }
  const theme = validateTheme(raw);
  if (isReservedThemeId(theme.id)) {
    throw new ThemePackError(`Theme id "${theme.id}" is reserved for the built-in theme. Give the theme another id in manifest.json.`);
  }
  return theme;
}
