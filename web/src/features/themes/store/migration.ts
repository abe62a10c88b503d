/**
 * Moving packs saved by older versions in localStorage into the pack store (spec 001 section 2 "Other":
 * "migration of themes held in local storage is checked" at start-up; docs/themes.md "Storage in the
 * browser"). Pure: the storage and the installer are passed in, so it runs in unit tests.
 */
import { mapImageRefs, themeImageRefs, themeSlug, validateTheme, writeNormalizedPack } from '@nightfall/themes';
import type { Theme } from '@nightfall/themes';
import { LEGACY_LIST_KEY, LEGACY_PACK_PREFIX } from './constants';
import type { PackListEntry } from './types';

/** The part of `Storage` (localStorage) used here. */
export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A pack as older versions kept it under `themePack:{id}` (spec 001 section 3 "Stored theme pack (browser)"). */
export interface LegacyStoredPack {
  id: string;
  name: string;
  description: string;
  /** The theme object (checked with validateTheme when moved). */
  theme: unknown;
  /** Epoch ms. */
  createdAt: number;
  source: 'uploaded';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parse(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

function toLegacyPack(value: unknown, fallbackId: string): LegacyStoredPack | null {
  if (!isObject(value)) return null;
  const theme = isObject(value.theme) ? value.theme : isObject(value.roles) ? value : null;
  if (!theme) return null;
  const id = typeof value.id === 'string' && value.id ? value.id : typeof theme.id === 'string' && theme.id ? theme.id : fallbackId;
  const name = typeof value.name === 'string' ? value.name : typeof theme.name === 'string' ? theme.name : id;
  const description = typeof value.description === 'string' ? value.description : typeof theme.description === 'string' ? theme.description : '';
  const createdAt = typeof value.createdAt === 'number' ? value.createdAt : typeof value.createdAt === 'string' ? Date.parse(value.createdAt) || 0 : 0;
  return { id, name, description, theme, createdAt, source: 'uploaded' };
}

/**
 * The packs still in localStorage: every `themePack:{id}` key, plus entries of the `customThemes` list that
 * carry their theme inline. Unreadable values are skipped.
 */
export function readLegacyPacks(storage: KeyValueStorage): LegacyStoredPack[] {
  const out = new Map<string, LegacyStoredPack>();
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k?.startsWith(LEGACY_PACK_PREFIX)) keys.push(k);
  }
  for (const k of keys.sort()) {
    const pack = toLegacyPack(parse(storage.getItem(k)), k.slice(LEGACY_PACK_PREFIX.length));
    if (pack && !out.has(pack.id)) out.set(pack.id, pack);
  }
  const list = parse(storage.getItem(LEGACY_LIST_KEY));
  if (Array.isArray(list)) {
    for (const entry of list) {
      const pack = toLegacyPack(entry, '');
      if (pack && pack.id && !out.has(pack.id)) out.set(pack.id, pack);
    }
  }
  return [...out.values()];
}

/** List entries of the packs still in localStorage (source 'localStorage'). */
export function legacyListEntries(storage: KeyValueStorage): PackListEntry[] {
  return readLegacyPacks(storage).map((p) => ({ id: p.id, name: p.name, description: p.description, createdAt: p.createdAt, source: 'localStorage' }));
}

/** Removes a pack from localStorage: its `themePack:{id}` key and its entry of the `customThemes` list. True when something was there. */
export function removeLegacyPack(storage: KeyValueStorage, id: string): boolean {
  let found = false;
  const key = `${LEGACY_PACK_PREFIX}${id}`;
  if (storage.getItem(key) !== null) {
    storage.removeItem(key);
    found = true;
  }
  const list = parse(storage.getItem(LEGACY_LIST_KEY));
  if (Array.isArray(list)) {
    const kept = list.filter((e) => !(isObject(e) && e.id === id));
    if (kept.length !== list.length) {
      found = true;
      if (kept.length > 0) storage.setItem(LEGACY_LIST_KEY, JSON.stringify(kept));
      else storage.removeItem(LEGACY_LIST_KEY);
    }
  }
  return found;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[^,]*)?,(.*)$/s;
const EXT_OF_MIME: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'image/bmp': 'bmp', 'image/svg+xml': 'svg' };

/** Bytes of a `data:` URL (base64 or percent-encoded), with its MIME type; null for anything else. */
export function decodeDataUrl(url: string): { mime: string; bytes: Uint8Array } | null {
  const m = DATA_URL.exec(url);
  if (!m) return null;
  const mime = (m[1] ?? 'text/plain').toLowerCase();
  const payload = m[3] ?? '';
  try {
    if ((m[2] ?? '').includes(';base64')) {
      const bin = atob(payload);
      return { mime, bytes: Uint8Array.from(bin, (c) => c.charCodeAt(0)) };
    }
    return { mime, bytes: new TextEncoder().encode(decodeURIComponent(payload)) };
  } catch {
    return null;
  }
}

/**
 * Pictures of an old pack: pictures kept inline as `data:` URLs become files of the normalized pack
 * (`legacy/{slug}.{ext}`); any other reference (a URL outside the pack) is dropped with a log line, the
 * bundled art being shown instead.
 */
export function extractInlineImages(theme: Theme, log: (line: string) => void = () => undefined): { theme: Theme; images: Map<string, Uint8Array> } {
  const images = new Map<string, Uint8Array>();
  const renamed = new Map<string, string | null>();
  let n = 0;
  for (const ref of themeImageRefs(theme)) {
    const decoded = decodeDataUrl(ref);
    const ext = decoded ? EXT_OF_MIME[decoded.mime] : undefined;
    if (decoded && ext) {
      const path = `legacy/${themeSlug(theme.id) || 'pack'}-${++n}.${ext}`;
      images.set(path, decoded.bytes);
      renamed.set(ref, path);
    } else {
      renamed.set(ref, null);
      log(`Picture ${ref.slice(0, 60)} of "${theme.name}" was not kept.`);
    }
  }
  const DROP = '\u0000drop';
  const mapped = mapImageRefs(theme, (p) => renamed.get(p) ?? DROP);
  for (const role of Object.values(mapped.roles)) {
    if (role.image === DROP) delete role.image;
    if (role.icon === DROP) delete role.icon;
  }
  if (mapped.assets) {
    if (mapped.assets.cardBack === DROP) delete mapped.assets.cardBack;
    if (mapped.assets.homeBackground === DROP) delete mapped.assets.homeBackground;
    if (Object.keys(mapped.assets).length === 0) delete mapped.assets;
  }
  if (mapped.backgroundImage === DROP) delete mapped.backgroundImage;
  if (mapped.homeBackgroundImage === DROP) delete mapped.homeBackgroundImage;
  return { theme: mapped, images };
}

/** What one migration run did. */
export interface MigrationOutcome {
  moved: string[];
  failed: Array<{ id: string; error: string }>;
}

/**
 * Moves every localStorage pack into the store: checks its theme (validateTheme), writes it as a normalized
 * pack, installs it, then removes it from localStorage. A pack that fails stays where it is and is reported.
 */
export async function migrateLegacyPacks(
  storage: KeyValueStorage,
  install: (bytes: Uint8Array, theme: Theme) => Promise<unknown>,
  log: (line: string) => void = () => undefined,
): Promise<MigrationOutcome> {
  const outcome: MigrationOutcome = { moved: [], failed: [] };
  for (const pack of readLegacyPacks(storage)) {
    try {
      const checked = validateTheme({ ...(pack.theme as Record<string, unknown>), id: pack.id });
      const { theme, images } = extractInlineImages(checked, log);
      await install(await writeNormalizedPack(theme, images), theme);
      removeLegacyPack(storage, pack.id);
      outcome.moved.push(pack.id);
      log(`Moved theme pack "${pack.name}" from localStorage into the pack store.`);
    } catch (err) {
      outcome.failed.push({ id: pack.id, error: err instanceof Error ? err.message : String(err) });
      log(`Could not move theme pack "${pack.name}": ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return outcome;
}
