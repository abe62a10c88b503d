/**
 * Names and limits of the browser pack store (spec 001 sections 3 "Browser storage" and 9; docs/themes.md
 * "Storage in the browser").
 */
import { PACK_VERSION } from '@nightfall/themes';

/** IndexedDB database of the packs: name, schema version and object stores (spec 001 section 3). */
export const THEMES_DB_NAME = 'themes';
export const THEMES_DB_VERSION = 1;
export const STORE_PACKS = 'packs';
export const STORE_SETTINGS = 'settings';
export const STORE_MIGRATIONS = 'migrations';

/** Folder of the packs in the origin-private file system. */
export const OPFS_ROOT = 'themes';

const MB = 1024 * 1024;
/** Kept free on top of a pack when checking space: 10 MB (spec 001 section 9). */
export const RESERVE_BYTES = 10 * MB;
/** Quota assumed when the browser does not tell: 100 MB (spec 001 section 9). */
export const FALLBACK_QUOTA_BYTES = 100 * MB;

/** localStorage key of the chosen theme id (spec 001 section 3). */
export const SELECTED_THEME_KEY = 'selectedTheme';
/**
 * localStorage keys of packs saved by older versions (docs/themes.md "Storage in the browser"): the theme
 * list (`customThemes`, a JSON array of list entries) and one key per pack (`themePack:{id}`, a JSON stored
 * pack `{id, name, description, theme, createdAt, source: 'uploaded'}`). Moved into the store once.
 */
export const LEGACY_LIST_KEY = 'customThemes';
export const LEGACY_PACK_PREFIX = 'themePack:';
/** Id of the migration record of the localStorage packs in the `migrations` store. */
export const LEGACY_MIGRATION_ID = 'localStorage-packs-v1';

/** One path segment safe for the file system ('a/b' -> 'a%2Fb'; never '.' or '..'). */
export function safeSegment(id: string): string {
  return encodeURIComponent(id).replace(/^\.+/, (dots) => '%2E'.repeat(dots.length));
}

/** File of a pack in the origin-private file system: `themes/{id}/{version}.bin` (spec 001 section 3). */
export function packPath(id: string, version: string = PACK_VERSION): string {
  return `${OPFS_ROOT}/${safeSegment(id)}/${safeSegment(version)}.bin`;
}

/** Key of a pack's metadata record: `id:version` (spec 001 section 3). */
export function packKey(id: string, version: string = PACK_VERSION): string {
  return `${id}:${version}`;
}
