/**
 * The browser pack store (spec 001 section 3 "Browser storage", section 4 "Pack install" and "Delete pack";
 * docs/themes.md "Storage in the browser"): normalized pack ZIPs in the origin-private file system at
 * `themes/{id}/{version}.bin` (in IndexedDB when the file system is not available), their metadata in the
 * IndexedDB database 'themes', and the chosen theme id in localStorage `selectedTheme`.
 */
import { GENERIC_THEME_ID, PACK_VERSION, imageMimeType, readNormalizedPack, validateTheme } from '@nightfall/themes';
import type { Theme } from '@nightfall/themes';
import { t } from '../../../i18n/themes';
import type { ThemePackFiles } from '../../../theme/activeTheme';
import { LEGACY_LIST_KEY, LEGACY_MIGRATION_ID, LEGACY_PACK_PREFIX, OPFS_ROOT, SELECTED_THEME_KEY, packKey, packPath, safeSegment } from './constants';
import { ThemeStorageError } from './errors';
import { ThemeStorageUnsupportedError, openThemesDb, type MigrationRecord, type PackRecord } from './db';
import { legacyListEntries, migrateLegacyPacks, readLegacyPacks, removeLegacyPack, type KeyValueStorage, type MigrationOutcome } from './migration';
import { opfsAvailable, opfsEntryExists, readOpfsFile, removeOpfsEntry, writeOpfsFile } from './opfs';
import { checkSpace, isQuotaError, notEnoughSpaceMessage, quotaExceededMessage, storageStatsFrom, type StorageEstimateLike } from './space';
import type { PackListEntry, PackMetadata, PackServerInfo, StorageStats } from './types';

export { ThemeStorageError, ThemeStorageUnsupportedError };


function local(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The browser's storage estimate, or null when it has none. */
export async function estimateStorage(): Promise<StorageEstimateLike | null> {
  try {
    return typeof navigator !== 'undefined' && navigator.storage?.estimate ? await navigator.storage.estimate() : null;
  } catch {
    return null;
  }
}

const withoutData = ({ data: _data, ...meta }: PackRecord): PackMetadata => meta;

/**
 * Opens the store (spec 001 section 2 "Other": theme storage is initialised at start-up).
 * @returns whether packs go to the origin-private file system (else IndexedDB)
 * @throws ThemeStorageUnsupportedError when the browser has no IndexedDB
 */
export async function initThemeStorage(): Promise<{ opfs: boolean }> {
  if (typeof indexedDB === 'undefined') throw new ThemeStorageUnsupportedError();
  await openThemesDb();
  return { opfs: opfsAvailable() };
}

/** Asks the browser to keep this site's storage (navigator.storage.persist); true when it is persisted. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist) return false;
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/**
 * Installs a normalized pack (spec 001 section 4 "Pack install"): checks the space (pack + 10 MB reserve),
 * writes the bytes to `themes/{id}/1.0.0.bin` (IndexedDB when the file system is unavailable or refuses),
 * then saves the metadata; on failure whatever was written is removed. Installing an id again replaces it.
 *
 * @param bytes the normalized pack ZIP (`writeNormalizedPack`)
 * @param theme its theme when already read (else it is read from the bytes)
 * @throws ThemeStorageError 'Not enough storage space. Need X MB but only Y MB available. Try removing older
 *   theme packs.' or 'Storage quota exceeded. Try removing older theme packs.'; ThemePackError when the bytes
 *   are not a normalized pack; ThemeStorageUnsupportedError without IndexedDB
 */
export async function installPack(bytes: Uint8Array, theme?: Theme): Promise<PackMetadata> {
  const db = await openThemesDb();
  const checked = theme ?? (await readNormalizedPack(bytes)).theme;
  const check = checkSpace(bytes.byteLength, await estimateStorage());
  if (!check.ok) throw new ThemeStorageError(notEnoughSpaceMessage(check));
  const version = PACK_VERSION;
  const path = packPath(checked.id, version);
  const now = Date.now();
  let storage: PackMetadata['storage'] = 'indexeddb';
  try {
    if (opfsAvailable()) {
      try {
        await writeOpfsFile(path, bytes);
        storage = 'opfs';
      } catch (err) {
        if (isQuotaError(err)) throw err;
        await removeOpfsEntry(path).catch(() => false);
      }
    }
    const record: PackRecord = {
      key: packKey(checked.id, version),
      id: checked.id,
      version,
      size: bytes.byteLength,
      path,
      installedAt: now,
      storage,
      name: checked.name,
      description: checked.description,
      createdAt: now,
      ...(storage === 'indexeddb' ? { data: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }) } : {}),
    };
    await db.put('packs', record);
    return withoutData(record);
  } catch (err) {
    if (storage === 'opfs') await removeOpfsEntry(path).catch(() => false);
    await db.delete('packs', packKey(checked.id, version)).catch(() => undefined);
    if (isQuotaError(err)) throw new ThemeStorageError(quotaExceededMessage());
    throw err;
  }
}

async function recordsOf(id: string): Promise<PackRecord[]> {
  const db = await openThemesDb();
  return db.getAllFromIndex('packs', 'byId', id);
}

/** The newest installed version's metadata of a pack, or null. */
export async function getPackMetadata(id: string): Promise<PackMetadata | null> {
  const records = await recordsOf(id);
  const latest = records.sort((a, b) => b.installedAt - a.installedAt)[0];
  return latest ? withoutData(latest) : null;
}

/** Keeps what the server answered for a pack (its stored theme id, hash and size) in its metadata. */
export async function setPackServerInfo(id: string, server: PackServerInfo): Promise<void> {
  const db = await openThemesDb();
  const records = await db.getAllFromIndex('packs', 'byId', id);
  for (const r of records) await db.put('packs', { ...r, server });
}

/**
 * Every pack of this browser, newest first: the installed ones (source 'opfs' or 'indexeddb') and those
 * still in localStorage (source 'localStorage').
 */
export async function listPacks(): Promise<PackListEntry[]> {
  const db = await openThemesDb();
  const byId = new Map<string, PackListEntry>();
  for (const r of await db.getAll('packs')) {
    const prev = byId.get(r.id);
    if (prev && prev.createdAt >= r.createdAt) continue;
    byId.set(r.id, {
      id: r.id,
      name: r.name,
      description: r.description,
      createdAt: r.createdAt,
      source: r.storage,
      size: r.size,
      ...(r.server ? { server: r.server } : {}),
    });
  }
  const storage = local();
  if (storage) for (const e of legacyListEntries(storage)) if (!byId.has(e.id)) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt || a.name.localeCompare(b.name));
}

/** The normalized pack bytes of an installed pack (to share it), or null when it is not installed. */
export async function loadPackBytes(id: string): Promise<Uint8Array | null> {
  const record = (await recordsOf(id)).sort((a, b) => b.installedAt - a.installedAt)[0];
  if (!record) return null;
  if (record.storage === 'indexeddb') {
    if (!record.data) throw new ThemeStorageError(t('themes.store.pack_not_found'));
    return new Uint8Array(await record.data.arrayBuffer());
  }
  try {
    return await readOpfsFile(record.path);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ThemeStorageError(t('themes.store.opfs_read_failed', { id, reason }));
  }
}

/**
 * Loads a pack for display: its checked theme and its pictures as Blobs by path (what the active theme
 * provider takes). A pack still in localStorage comes without pictures. Null when the id is unknown here.
 * @throws ThemeStorageError 'Failed to read OPFS-stored pack "{id}" (...). The pack may need to be re-installed.'
 */
export async function loadPack(id: string): Promise<ThemePackFiles | null> {
  const bytes = await loadPackBytes(id);
  if (bytes) {
    const pack = await readNormalizedPack(bytes);
    const files = new Map<string, Blob>();
    for (const [path, data] of pack.files) files.set(path, new Blob([data as Uint8Array<ArrayBuffer>], { type: imageMimeType(path) }));
    return { theme: pack.theme, files };
  }
  const storage = local();
  const legacy = storage ? readLegacyPacks(storage).find((p) => p.id === id) : undefined;
  if (!legacy) return null;
  return { theme: validateTheme({ ...(legacy.theme as Record<string, unknown>), id }), files: new Map() };
}

/** True when a pack of this id is installed or still in localStorage. */
export async function hasPack(id: string): Promise<boolean> {
  if ((await recordsOf(id)).length > 0) return true;
  const storage = local();
  return !!storage && readLegacyPacks(storage).some((p) => p.id === id);
}

/**
 * Deletes a pack (spec 001 section 4 "Delete pack"): all its versions from the file system and the
 * database, and its localStorage copy; a `selectedTheme` naming it goes back to generic.
 * @throws ThemeStorageError 'Theme pack not found in storage' when it was in none of them
 */
export async function deletePack(id: string): Promise<void> {
  const db = await openThemesDb();
  let found = false;
  for (const r of await db.getAllFromIndex('packs', 'byId', id)) {
    await db.delete('packs', r.key);
    found = true;
  }
  if (await removeOpfsEntry(`${OPFS_ROOT}/${safeSegment(id)}`)) found = true;
  const storage = local();
  if (storage && removeLegacyPack(storage, id)) found = true;
  if (!found) throw new ThemeStorageError(t('themes.store.not_in_storage'));
  if (savedThemeId() === id) saveThemeId(GENERIC_THEME_ID);
}

/** Usage for the storage panel: installed packs, origin usage and quota (100 MB assumed when unknown). */
export async function storageStats(): Promise<StorageStats> {
  const db = await openThemesDb();
  const records = await db.getAll('packs');
  const ids = new Set(records.map((r) => r.id));
  const storage = local();
  if (storage) for (const e of legacyListEntries(storage)) ids.add(e.id);
  const packBytes = records.reduce((n, r) => n + r.size, 0);
  return storageStatsFrom(ids.size, await estimateStorage(), packBytes);
}

/**
 * Removes every pack: the `themes` folder of the file system, the `packs` and `settings` stores, the
 * localStorage packs and `selectedTheme` (the migration record stays).
 */
export async function clearStorage(): Promise<void> {
  const db = await openThemesDb();
  await removeOpfsEntry(OPFS_ROOT);
  await db.clear('packs');
  await db.clear('settings');
  const storage = local();
  if (storage) {
    for (const p of readLegacyPacks(storage)) removeLegacyPack(storage, p.id);
    storage.removeItem(LEGACY_LIST_KEY);
    storage.removeItem(SELECTED_THEME_KEY);
  }
}

/**
 * Moves the packs older versions kept in localStorage (`themePack:{id}`, `customThemes`) into the store,
 * once: the run is recorded in the `migrations` store and later calls do nothing.
 * @returns what was moved, or null when the migration had already run
 */
export async function migrateLocalStoragePacks(log: (line: string) => void = () => undefined): Promise<MigrationOutcome | null> {
  const db = await openThemesDb();
  if (await db.get('migrations', LEGACY_MIGRATION_ID)) return null;
  const storage = local();
  const outcome = storage ? await migrateLegacyPacks(storage, (bytes, theme) => installPack(bytes, theme), log) : { moved: [], failed: [] };
  const record: MigrationRecord = { id: LEGACY_MIGRATION_ID, at: Date.now(), ...outcome };
  await db.put('migrations', record);
  return outcome;
}

/** The theme id saved in this browser (`selectedTheme`), or null. */
export function savedThemeId(): string | null {
  try {
    return local()?.getItem(SELECTED_THEME_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Saves the chosen theme id (`selectedTheme`). */
export function saveThemeId(id: string): void {
  try {
    local()?.setItem(SELECTED_THEME_KEY, id);
  } catch {
    /* storage unavailable (private mode): nothing to keep */
  }
}

/** What {@link startThemeStorage} found. */
export interface ThemeStorageStart {
  supported: boolean;
  opfs: boolean;
  persisted: boolean;
  migration: MigrationOutcome | null;
}

/**
 * The start-up steps of spec 001 section 2 "Other" in one call: initialise the store, request persistent
 * storage, check the localStorage migration. Never throws: an unsupported browser gives `supported: false`
 * and failures are logged to the console.
 */
export async function startThemeStorage(): Promise<ThemeStorageStart> {
  try {
    const { opfs } = await initThemeStorage();
    const persisted = await requestPersistentStorage();
    const migration = await migrateLocalStoragePacks().catch((err: unknown) => {
      console.warn('Theme pack migration failed', err);
      return null;
    });
    return { supported: true, opfs, persisted, migration };
  } catch (err) {
    console.warn('Theme storage unavailable', err);
    return { supported: false, opfs: false, persisted: false, migration: null };
  }
}

/** Keys of the legacy localStorage layout (for tests and the docs). */
export const LEGACY_KEYS = Object.freeze({ list: LEGACY_LIST_KEY, packPrefix: LEGACY_PACK_PREFIX });
export { opfsEntryExists };
