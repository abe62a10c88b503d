import JSZip from 'jszip';
import { GENERIC_THEME, type Theme } from '@nightfall/themes';

/** A complete theme: the generic one with another id, name and description. Test helper only. */
export function sampleTheme(id: string, name = `Theme ${id}`, over: Partial<Theme> = {}): Theme {
  return { ...structuredClone(GENERIC_THEME), id, name, description: `The ${name} theme.`, ...over };
}

/** ZIP bytes holding the given files (a fixed date, so the same files give the same bytes). Test helper only. */
export async function zipOf(files: Record<string, string | Uint8Array>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content, { date: new Date(Date.UTC(2024, 0, 1)) });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A valid theme pack: manifest.json = the theme (plus extra files). Test helper only. */
export function packOf(theme: unknown, extra: Record<string, string | Uint8Array> = {}): Promise<Buffer> {
  return zipOf({ 'manifest.json': JSON.stringify(theme), ...extra });
}
