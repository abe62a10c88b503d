/**
 * Reading an uploaded theme pack ZIP and writing the normalized pack (spec 001 sections 3-5; docs/themes.md
 * "Formats", "Image lookup", "Normalized pack"). Pure: works in Node and in the browser.
 *
 * An upload in any of the three formats is turned into one {@link Theme} plus its pictures under clean
 * paths (`roles/bad-guy.png`, `backgrounds/home.jpg`); {@link writeNormalizedPack} stores that as a ZIP with
 * `manifest.json`, the one format the browser keeps, the server stores and players download.
 */
import type { RoleName } from '@nightfall/game-rules';
import { CANONICAL_ROLES } from './canonical.js';
import { MAX_PACK_BYTES, ThemePackError, megabytes } from './errors.js';
import { buildCardTheme } from './formats/cards.js';
import { isReservedThemeId, type BuiltTheme } from './formats/common.js';
import { buildManifestTheme } from './formats/manifestFormat.js';
import { buildSimpleTheme } from './formats/simple.js';
import { fileExtension, findHomeBackground, findImage, isImagePath, themeSlug } from './images.js';
import { validateTheme } from './manifest.js';
import type { Theme } from './types.js';
import { buildZip, openZip, readZipBytes, readZipText, toUint8Array, zipFilePaths, type ZipEntry } from './zip.js';

/** Configuration files of a pack, in the order they are looked for (spec 001 section 5). */
export const CONFIG_FILES = Object.freeze(['theme.json', 'default_theme_pack.json', 'manifest.json'] as const);

/** Which configuration a pack was read from. */
export type PackFormat = (typeof CONFIG_FILES)[number];

/** The configuration file of a normalized pack. */
export const NORMALIZED_MANIFEST = 'manifest.json';

/** An uploaded pack, read and normalized. */
export interface ParsedPack {
  /** The checked theme; its picture fields name keys of `images` (missing pictures are left out). */
  theme: Theme;
  format: PackFormat;
  /** Pictures by their path in the normalized pack ('roles/bad-guy.png'). */
  images: Map<string, Uint8Array>;
  /** What was looked for and not found ('Bad Guy: roles/bad.png', or the role alone when none was named). */
  missingImages: string[];
  /** What the reader did, line by line (shown in the upload card's debug log). */
  log: string[];
}

/** A normalized pack as read back: the theme and its pictures by path. */
export interface NormalizedPack {
  theme: Theme;
  files: Map<string, Uint8Array>;
}

const lower = (s: string): string => s.toLowerCase();
const depth = (p: string): number => p.split('/').length;

/** The configuration of a pack: the first of {@link CONFIG_FILES} that a file name ends with (any folder; an exact name, then the shallowest, wins). */
export function findConfigFile(files: readonly string[]): { path: string; format: PackFormat } | null {
  for (const format of CONFIG_FILES) {
    const hits = files.filter((f) => lower(f).endsWith(format));
    if (hits.length === 0) continue;
    const exact = (f: string) => (lower(f) === format || lower(f).endsWith(`/${format}`) ? 0 : 1);
    hits.sort((a, b) => exact(a) - exact(b) || depth(a) - depth(b) || (a < b ? -1 : 1));
    return { path: hits[0] as string, format };
  }
  return null;
}

function buildFor(format: PackFormat, json: unknown, fileName?: string): BuiltTheme {
  if (format === 'theme.json') return buildSimpleTheme(json, fileName);
  if (format === 'default_theme_pack.json') return buildCardTheme(json, fileName);
  return buildManifestTheme(json);
}

/**
 * Reads an uploaded theme pack: checks the file, finds and parses its configuration, builds and checks the
 * theme (`validateTheme`, which maps older role names), then finds every picture it names with the steps
 * of spec 001 section 5 and re-keys them to clean paths.
 *
 * @param bytes the ZIP file
 * @param fileName the file's name when known (it must end in .zip)
 * @throws ThemePackError 'Please upload a ZIP file' (title 'Invalid File') for another file name; a size
 *   message over {@link MAX_PACK_BYTES}; 'This file is not a valid ZIP archive.' for anything else than a
 *   ZIP; 'No theme configuration found. Include theme.json, default_theme_pack.json, or manifest.json';
 *   invalid JSON; an id reserved for the built-in theme ('generic' and the legacy ids); validateTheme's 'Theme "{name}" is incomplete. Missing required fields.' / 'Theme
 *   "{name}" is missing roles: {list}' / engine version messages. A missing picture is never an error.
 */
export async function readThemeZip(bytes: Uint8Array | ArrayBuffer, fileName?: string): Promise<ParsedPack> {
  if (fileName !== undefined && !/\.zip$/i.test(fileName.trim())) throw new ThemePackError('Please upload a ZIP file', 'Invalid File');
  const data = toUint8Array(bytes);
  if (data.byteLength > MAX_PACK_BYTES) {
    throw new ThemePackError(`Theme pack is too large (${megabytes(data.byteLength)} MB). The maximum is ${megabytes(MAX_PACK_BYTES)} MB.`);
  }
  const zip = await openZip(data);
  const files = zipFilePaths(zip);
  const config = findConfigFile(files);
  if (!config) throw new ThemePackError('No theme configuration found. Include theme.json, default_theme_pack.json, or manifest.json');
  const text = (await readZipText(zip, config.path)) ?? '';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ThemePackError(`${config.path} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const log: string[] = [`Configuration: ${config.path} (${config.format} format)`];
  const built = buildFor(config.format, json, fileName);
  log.push(...built.log);
  const theme = validateTheme(built.raw);
  if (isReservedThemeId(theme.id)) throw new ThemePackError(`Theme id "${theme.id}" is reserved for the built-in theme. Give the theme another id.`);
  log.push(`Theme "${theme.name}" (${theme.id}): ${Object.keys(theme.roles).length} roles`);

  const images = new Map<string, Uint8Array>();
  const bySource = new Map<string, string>();
  const missingImages: string[] = [];

  /** Finds a picture and stores it under `target.{ext}`; returns the new path or undefined when missing. */
  const take = async (label: string, wanted: string | undefined, names: readonly string[], target: string): Promise<string | undefined> => {
    const match = wanted === undefined && names.length === 0 ? null : findImage(files, wanted, names);
    if (!match) {
      missingImages.push(wanted ? `${label}: ${wanted}` : label);
      log.push(`Missing image for ${label}${wanted ? ` (${wanted})` : ''}`);
      return undefined;
    }
    const known = bySource.get(match.path);
    if (known) return known;
    const ext = fileExtension(match.path) || 'png';
    let path = `${target}.${ext}`;
    for (let i = 2; images.has(path); i++) path = `${target}-${i}.${ext}`;
    images.set(path, (await readZipBytes(zip, match.path)) as Uint8Array);
    bySource.set(match.path, path);
    if (match.step !== 'exact' || match.path !== path) log.push(`${label}: ${match.path} (found by ${match.step})`);
    return path;
  };

  for (const role of CANONICAL_ROLES) {
    const entry = theme.roles[role];
    const names = built.imageNames[role as RoleName] ?? [role, entry.displayName];
    const slug = themeSlug(role);
    const image = await take(role, entry.image, names, `roles/${slug}`);
    if (image) entry.image = image;
    else delete entry.image;
    if (entry.icon) {
      const icon = await take(`${role} icon`, entry.icon, [], `icons/${slug}`);
      if (icon) entry.icon = icon;
      else delete entry.icon;
    }
  }

  const assets = { ...(theme.assets ?? {}) };
  if (assets.cardBack) {
    const p = await take('card back', assets.cardBack, [], 'assets/card-back');
    if (p) assets.cardBack = p;
    else delete assets.cardBack;
  }
  if (assets.homeBackground) {
    const p = await take('home background', assets.homeBackground, [], 'backgrounds/home');
    if (p) assets.homeBackground = p;
    else delete assets.homeBackground;
  }
  if (!assets.homeBackground) {
    const conventional = findHomeBackground(files);
    if (conventional) {
      const p = await take('home background', conventional.path, [], 'backgrounds/home');
      if (p) assets.homeBackground = p;
    }
  }
  if (Object.keys(assets).length > 0) theme.assets = assets;
  else delete theme.assets;
  if (theme.homeBackgroundImage) {
    const p = await take('home background image', theme.homeBackgroundImage, [], assets.homeBackground ? 'backgrounds/home-image' : 'backgrounds/home');
    if (p) theme.homeBackgroundImage = p;
    else delete theme.homeBackgroundImage;
  }
  if (theme.backgroundImage) {
    const p = await take('background image', theme.backgroundImage, [], 'backgrounds/background');
    if (p) theme.backgroundImage = p;
    else delete theme.backgroundImage;
  }
  log.push(`Images: ${images.size} found, ${missingImages.length} missing`);
  return { theme, format: config.format, images, missingImages, log };
}

/** Every picture path a theme names (role images and icons, assets, backgrounds), without repeats. */
export function themeImageRefs(theme: Theme): string[] {
  const refs = new Set<string>();
  for (const role of Object.values(theme.roles)) {
    if (role.image) refs.add(role.image);
    if (role.icon) refs.add(role.icon);
  }
  for (const p of [theme.assets?.cardBack, theme.assets?.homeBackground, theme.homeBackgroundImage, theme.backgroundImage]) if (p) refs.add(p);
  return [...refs];
}

/** A copy of the theme with every picture path passed through `rename`. */
export function mapImageRefs(theme: Theme, rename: (path: string) => string): Theme {
  const copy = JSON.parse(JSON.stringify(theme)) as Theme;
  for (const role of Object.values(copy.roles)) {
    if (role.image) role.image = rename(role.image);
    if (role.icon) role.icon = rename(role.icon);
  }
  if (copy.assets?.cardBack) copy.assets.cardBack = rename(copy.assets.cardBack);
  if (copy.assets?.homeBackground) copy.assets.homeBackground = rename(copy.assets.homeBackground);
  if (copy.homeBackgroundImage) copy.homeBackgroundImage = rename(copy.homeBackgroundImage);
  if (copy.backgroundImage) copy.backgroundImage = rename(copy.backgroundImage);
  return copy;
}

/** A picture replaced by another (compression): its new path (e.g. '.webp' instead of '.png') and bytes. */
export interface ImageReplacement {
  path: string;
  bytes: Uint8Array;
}

/**
 * Swaps pictures of a pack (docs/themes.md "Compression"): each replaced one goes under its new path and
 * the theme's references follow; the others stay as they are.
 */
export function replaceImages(
  theme: Theme,
  images: ReadonlyMap<string, Uint8Array>,
  replacements: ReadonlyMap<string, ImageReplacement>,
): { theme: Theme; images: Map<string, Uint8Array> } {
  const out = new Map<string, Uint8Array>();
  for (const [path, bytes] of images) {
    const r = replacements.get(path);
    out.set(r ? r.path : path, r ? r.bytes : bytes);
  }
  return { theme: mapImageRefs(theme, (p) => replacements.get(p)?.path ?? p), images: out };
}

/**
 * Writes the normalized pack: `manifest.json` (the theme, pretty-printed) and the pictures under their
 * paths. The same theme and pictures always give the same bytes (fixed dates). This is what the browser
 * stores, what `POST /api/themes/packs` receives and what players download (docs/themes.md "Normalized pack").
 */
export async function writeNormalizedPack(theme: Theme, images: ReadonlyMap<string, Uint8Array>): Promise<Uint8Array> {
  const entries: ZipEntry[] = [{ path: NORMALIZED_MANIFEST, data: `${JSON.stringify(theme, null, 2)}\n` }];
  for (const path of [...images.keys()].sort()) {
    if (path !== NORMALIZED_MANIFEST) entries.push({ path, data: images.get(path) as Uint8Array });
  }
  return buildZip(entries);
}

/**
 * Reads a normalized pack back: its `manifest.json` checked by `validateTheme`, and every picture in it.
 * @throws ThemePackError 'Invalid theme pack: missing manifest.json' (spec 001 section 5) when it has no
 *   manifest at its root; the ZIP and validation errors of {@link readThemeZip}
 */
export async function readNormalizedPack(bytes: Uint8Array | ArrayBuffer): Promise<NormalizedPack> {
  const zip = await openZip(bytes);
  const text = await readZipText(zip, NORMALIZED_MANIFEST);
  if (text === null) throw new ThemePackError('Invalid theme pack: missing manifest.json');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ThemePackError(`manifest.json is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const theme = validateTheme(json);
  const files = new Map<string, Uint8Array>();
  for (const path of zipFilePaths(zip)) {
    if (path === NORMALIZED_MANIFEST || !isImagePath(path)) continue;
    files.set(path, (await readZipBytes(zip, path)) as Uint8Array);
  }
  return { theme, files };
}
