/**
 * Test fixtures: real ZIPs built with jszip in memory, and the configurations of each pack format
 * (docs/themes.md "Formats"). Pictures are tiny real PNGs of one colour.
 */
import JSZip from 'jszip';
import { CARD_CLASSIC_NAMES } from '../formats/cards.js';
import { SIMPLE_ROLE_SLOTS } from '../formats/simple.js';
import { GENERIC_THEME } from '../generic.js';
import type { Theme } from '../types.js';

/** A 1x1 PNG (valid file; the reader never decodes pictures, the browser's compression does). */
export const PNG_1X1 = Uint8Array.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf500f00038601805a347d6b0000000049454e44ae426082'.match(/../g) as string[],
  (h) => parseInt(h, 16),
);

/** A distinct fake picture (PNG signature plus a label), so tests can tell which file was taken. */
export function fakePng(label: string): Uint8Array {
  return Uint8Array.from([...PNG_1X1.subarray(0, 8), ...Array.from(label, (c) => c.charCodeAt(0) & 0xff)]);
}

/** Builds a ZIP: objects are written as JSON, strings as text, bytes as they are. */
export async function zipOf(files: Record<string, unknown>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [path, value] of Object.entries(files)) {
    zip.file(path, value instanceof Uint8Array || typeof value === 'string' ? value : JSON.stringify(value));
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** 26 themed names in the slot order of the simple format ('Village Bad Guy', ...). */
export const SIMPLE_NAMES: string[] = SIMPLE_ROLE_SLOTS.map((slot) => `Village ${slot}`);

/** A simple theme.json object. */
export function simpleThemeJson(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'village-test',
    name: 'Village Test',
    description: 'A simple test theme',
    roles: SIMPLE_NAMES,
    goodGuyTeamName: 'Villagers',
    goodGuyTeamColor: '#00aa00',
    badGuyTeamName: 'Wolves',
    badGuyTeamColor: '#aa0000',
    neutralTeamName: 'Loners',
    neutralTeamColor: '#aaaa00',
    ...overrides,
  };
}

/** A card-based default_theme_pack.json object: card N titled 'Office {classic name}'. */
export function cardThemeJson(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const cards: Record<string, unknown> = {};
  CARD_CLASSIC_NAMES.forEach((classic, n) => {
    if (n === 0) return;
    const team = ['Werewolf', 'Alpha Wolf', 'Mystic Wolf', 'Dream Wolf', 'Minion'].includes(classic) ? 'Bad Guy' : ['Tanner', 'Stalker'].includes(classic) ? 'Neutral' : 'Good Guy';
    cards[`card${n}`] = { title: `Office ${classic}`, description: `The office ${classic}.`, team };
  });
  return { id: 'office-test', name: 'Office Test', description: 'A card test theme', ...cards, ...overrides };
}

/** The generic theme as a plain manifest object (a deep copy to change freely). */
export function manifestJson(overrides: Partial<Theme> = {}): Record<string, unknown> {
  return { ...(JSON.parse(JSON.stringify(GENERIC_THEME)) as Record<string, unknown>), id: 'manifest-test', name: 'Manifest Test', ...overrides };
}
