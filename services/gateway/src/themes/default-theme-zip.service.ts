import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import JSZip from 'jszip';
import { GENERIC_THEME } from '@nightfall/themes';

/** A ZIP built once: its bytes and its ETag (the quoted SHA-256 of the bytes). */
export interface BuiltZip {
  bytes: Buffer;
  etag: string;
}

/** The date of the ZIP entry: fixed, so every gateway replica builds the same bytes (and ETag). */
const ENTRY_DATE = new Date(Date.UTC(2024, 0, 1));

/**
 * GET /default-theme.zip (spec 001 section 7: "zip containing manifest.json"): the built-in generic theme
 * (GENERIC_THEME of @nightfall/themes) as a theme pack, built with jszip on first use and kept in memory.
 */
@Injectable()
export class DefaultThemeZipService {
  private built: Promise<BuiltZip> | null = null;

  /** The ZIP (built on the first call). */
  get(): Promise<BuiltZip> {
    this.built ??= buildDefaultThemeZip();
    return this.built;
  }
}

/** Builds the generic theme's pack: one entry, manifest.json = GENERIC_THEME. */
export async function buildDefaultThemeZip(): Promise<BuiltZip> {
  const zip = new JSZip();
  zip.file('manifest.json', JSON.stringify(GENERIC_THEME, null, 2), { date: ENTRY_DATE });
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { bytes, etag: `"${createHash('sha256').update(bytes).digest('hex')}"` };
}
