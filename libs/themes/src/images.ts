/**
 * Pictures inside a theme pack: which files are images, their MIME types, and how a path written in a
 * pack's configuration is found among the ZIP's files (spec 001 section 5 "Role images"; docs/themes.md
 * "Image lookup"). Pure string work: no ZIP, no DOM.
 */

/** Extensions read as pictures of a pack (lower case, no dot). */
export const IMAGE_EXTENSIONS: readonly string[] = Object.freeze(['jpg', 'jpeg', 'png', 'webp', 'gif', 'bmp', 'svg']);

/** Raster types the browser re-encodes when a pack is compressed (spec 001 section 5 "Image compression"). */
export const COMPRESSIBLE_EXTENSIONS: readonly string[] = Object.freeze(['jpg', 'jpeg', 'png', 'webp', 'gif', 'bmp']);

/** Extensions tried for the conventional home background `backgrounds/home.{ext}` (spec 001 section 5). */
export const HOME_BACKGROUND_EXTENSIONS: readonly string[] = Object.freeze(['jpg', 'jpeg', 'png', 'webp']);

const MIME: Readonly<Record<string, string>> = Object.freeze({
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
});

/** The lower-case extension of a path without the dot ('roles/A.PNG' -> 'png'), or '' when it has none. */
export function fileExtension(path: string): string {
  const base = baseName(path);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The last segment of a path ('a/b/c.png' -> 'c.png'). Backslashes count as separators. */
export function baseName(path: string): string {
  const p = path.replace(/\\/g, '/');
  return p.slice(p.lastIndexOf('/') + 1);
}

/** True when the path names a picture of a pack ({@link IMAGE_EXTENSIONS}). */
export function isImagePath(path: string): boolean {
  return IMAGE_EXTENSIONS.includes(fileExtension(path));
}

/** True when the browser re-encodes this picture on compression ({@link COMPRESSIBLE_EXTENSIONS}). */
export function isCompressibleImage(path: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.includes(fileExtension(path));
}

/** MIME type of a picture by its extension; 'application/octet-stream' for anything else. */
export function imageMimeType(path: string): string {
  return MIME[fileExtension(path)] ?? 'application/octet-stream';
}

/** 'Bad Guy Converter' -> 'bad-guy-converter' (the normalized pack's file names; same as the web's role art). */
export function themeSlug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Key compared by the fuzzy step: the file name without extension, lower case, letters and digits only. */
export function fuzzyKey(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 && IMAGE_EXTENSIONS.includes(base.slice(dot + 1).toLowerCase()) ? base.slice(0, dot) : base;
  return themeSlug(stem).replace(/-/g, '');
}

/** The step of spec 001 section 5 that found a picture, in the order they are tried. */
export type ImageLookupStep = 'exact' | 'case-insensitive' | 'no-leading-slash' | 'no-top-folder' | 'underscore-space' | 'fuzzy';

/** Order in which the steps are tried (spec 001 section 5 "Role images are found by ..."). */
export const IMAGE_LOOKUP_STEPS: readonly ImageLookupStep[] = Object.freeze([
  'exact',
  'case-insensitive',
  'no-leading-slash',
  'no-top-folder',
  'underscore-space',
  'fuzzy',
]);

/** A file of the ZIP that a wanted path (or name) stands for, and the step that found it. */
export interface ImageMatch {
  path: string;
  step: ImageLookupStep;
}

const lower = (s: string): string => s.toLowerCase();
const cleanSlashes = (p: string): string => p.replace(/\\/g, '/').replace(/^(?:\.?\/)+/, '');
/** The path without its first folder ('pack/roles/a.png' -> 'roles/a.png'); itself when it has no folder. */
const dropTop = (p: string): string => (p.includes('/') ? p.slice(p.indexOf('/') + 1) : p);
const swapUnderscoreSpace = (p: string): string => p.replace(/[_ ]/g, (c) => (c === '_' ? ' ' : '_'));

/**
 * Finds the file a pack means by `wanted` among `files` (the ZIP's file paths), trying in order (spec 001
 * section 5): the exact path, case-insensitive, without a leading slash, ignoring the top folder (of the
 * file or of the wanted path), with underscores and spaces swapped, then a fuzzy file-name match: a picture
 * whose name without extension, reduced to lower-case letters and digits, equals that of the wanted path or
 * of one of `names` (e.g. the role's canonical name, display name, classic name), the earlier key winning,
 * then the shorter path. Only the fuzzy step is restricted to pictures.
 *
 * @param files the ZIP's file paths (folders excluded)
 * @param wanted the path written in the configuration, or undefined when it names none
 * @param names further names for the fuzzy step
 * @returns the match, or null when nothing fits (the caller logs a missing image; it is never an error)
 */
export function findImage(files: readonly string[], wanted: string | undefined | null, names: readonly string[] = []): ImageMatch | null {
  const w = wanted?.trim() ?? '';
  if (w) {
    if (files.includes(w)) return { path: w, step: 'exact' };
    const wl = lower(w);
    const ci = files.find((f) => lower(f) === wl);
    if (ci) return { path: ci, step: 'case-insensitive' };
    const noSlash = lower(cleanSlashes(w));
    const ns = files.find((f) => lower(f) === noSlash);
    if (ns) return { path: ns, step: 'no-leading-slash' };
    const noTop = lower(dropTop(noSlash));
    const nt = files.find((f) => lower(dropTop(f)) === noSlash || (noSlash.includes('/') && lower(f) === noTop));
    if (nt) return { path: nt, step: 'no-top-folder' };
    const variants = new Set([swapUnderscoreSpace(noSlash), noSlash.replace(/_/g, ' '), noSlash.replace(/ /g, '_')]);
    variants.delete(noSlash);
    const us = files.find((f) => variants.has(lower(f)) || variants.has(lower(dropTop(f))));
    if (us) return { path: us, step: 'underscore-space' };
  }
  const keys = [...(w ? [fuzzyKey(w)] : []), ...names.map(fuzzyKey)].filter((k) => k !== '');
  if (keys.length === 0) return null;
  let best: { path: string; rank: number } | null = null;
  for (const f of files) {
    if (!isImagePath(f)) continue;
    const rank = keys.indexOf(fuzzyKey(f));
    if (rank < 0) continue;
    if (!best || rank < best.rank || (rank === best.rank && (f.length < best.path.length || (f.length === best.path.length && f < best.path)))) {
      best = { path: f, rank };
    }
  }
  return best ? { path: best.path, step: 'fuzzy' } : null;
}

/**
 * The conventional home background when a pack names none: `backgrounds/home.{jpg,jpeg,png,webp}`, found
 * with the same steps as any picture except the fuzzy one (so a top folder or other case still works).
 */
export function findHomeBackground(files: readonly string[]): ImageMatch | null {
  for (const ext of HOME_BACKGROUND_EXTENSIONS) {
    const m = findImage(files, `backgrounds/home.${ext}`);
    if (m && m.step !== 'fuzzy') return m;
  }
  return null;
}
