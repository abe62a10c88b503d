/**
 * ZIP plumbing of theme packs over jszip (docs/themes.md "Formats"). Works in Node and in the browser.
 */
import JSZip from 'jszip';
import { ThemePackError } from './errors.js';

/** Modification time written into every ZIP we build, so the same content gives the same bytes. */
export const FIXED_ZIP_DATE = new Date(Date.UTC(2025, 0, 1, 0, 0, 0));

/** Bytes of a file as a plain Uint8Array (an ArrayBuffer is wrapped, a view is copied out of its buffer's window). */
export function toUint8Array(bytes: Uint8Array | ArrayBuffer): Uint8Array {
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
}

/** True when the bytes start like a ZIP archive ('PK' followed by 3,4 / 5,6 / 7,8). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && [3, 5, 7].includes(bytes[2] as number) && bytes[3] === (bytes[2] as number) + 1;
}

/**
 * Opens a ZIP archive.
 * @throws ThemePackError 'This file is not a valid ZIP archive.' (title 'Invalid File') when it is not one
 */
export async function openZip(bytes: Uint8Array | ArrayBuffer): Promise<JSZip> {
  const data = toUint8Array(bytes);
  if (!looksLikeZip(data)) throw new ThemePackError('This file is not a valid ZIP archive.', 'Invalid File');
  try {
    return await JSZip.loadAsync(data);
  } catch (err) {
    throw new ThemePackError(`This file is not a valid ZIP archive (${err instanceof Error ? err.message : String(err)}).`, 'Invalid File');
  }
}

/**
 * Paths of the files of an archive (folders left out, as are macOS metadata: `__MACOSX/`, `._*`,
 * `.DS_Store`), sorted so that every reader sees them in one order.
 */
export function zipFilePaths(zip: JSZip): string[] {
  const out: string[] = [];
  zip.forEach((path, entry) => {
    if (entry.dir) return;
    if (path.startsWith('__MACOSX/') || /(^|\/)\._/.test(path) || /(^|\/)\.DS_Store$/.test(path)) return;
    out.push(path);
  });
  return out.sort();
}

/** Reads one file of an archive as bytes; null when absent. */
export async function readZipBytes(zip: JSZip, path: string): Promise<Uint8Array | null> {
  const f = zip.file(path);
  return f ? f.async('uint8array') : null;
}

/** Reads one file of an archive as UTF-8 text (a leading byte-order mark dropped); null when absent. */
export async function readZipText(zip: JSZip, path: string): Promise<string | null> {
  const f = zip.file(path);
  if (!f) return null;
  const text = await f.async('string');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** One file to write into a ZIP: text (deflated) or bytes (stored: pictures are already compressed). */
export interface ZipEntry {
  path: string;
  data: string | Uint8Array;
}

/** Builds a ZIP from entries with the fixed date (same entries, same bytes). */
export async function buildZip(entries: readonly ZipEntry[]): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const e of entries) {
    zip.file(e.path, e.data, {
      date: FIXED_ZIP_DATE,
      createFolders: false,
      compression: typeof e.data === 'string' ? 'DEFLATE' : 'STORE',
      ...(typeof e.data === 'string' ? { compressionOptions: { level: 9 } } : {}),
    });
  }
  return zip.generateAsync({ type: 'uint8array', platform: 'UNIX' });
}
