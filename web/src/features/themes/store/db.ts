/**
 * The IndexedDB database 'themes' (schema version 1; stores `packs`, `settings`, `migrations`), spec 001
 * section 3 "Browser storage"; docs/themes.md "Storage in the browser".
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { t } from '../../../i18n/themes';
import { STORE_MIGRATIONS, STORE_PACKS, STORE_SETTINGS, THEMES_DB_NAME, THEMES_DB_VERSION } from './constants';
import type { PackMetadata } from './types';

/** A `packs` record: the metadata, plus the pack bytes when they are kept here instead of the file system. */
export interface PackRecord extends PackMetadata {
  data?: Blob;
}

/** A `settings` record. */
export interface SettingRecord {
  key: string;
  value: unknown;
}

/** A `migrations` record: which one ran, when (epoch ms), and what it did. */
export interface MigrationRecord {
  id: string;
  at: number;
  moved: string[];
  failed: Array<{ id: string; error: string }>;
}

/** Schema of the database. */
export interface ThemesDb extends DBSchema {
  packs: { key: string; value: PackRecord; indexes: { byId: string } };
  settings: { key: string; value: SettingRecord };
  migrations: { key: string; value: MigrationRecord };
}

/** Raised when the browser has no IndexedDB (spec 001 section 5: an unsupported-environment error). */
export class ThemeStorageUnsupportedError extends Error {
  constructor() {
    super(t('themes.store.unsupported'));
    this.name = 'ThemeStorageUnsupportedError';
  }
}

let opening: Promise<IDBPDatabase<ThemesDb>> | null = null;

/**
 * Opens (and on first use creates) the database; one connection per page, reopened after another tab
 * upgrades it or the browser closes it.
 * @throws ThemeStorageUnsupportedError without IndexedDB
 */
export function openThemesDb(): Promise<IDBPDatabase<ThemesDb>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new ThemeStorageUnsupportedError());
  opening ??= openDB<ThemesDb>(THEMES_DB_NAME, THEMES_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(STORE_PACKS)) db.createObjectStore(STORE_PACKS, { keyPath: 'key' }).createIndex('byId', 'id');
      if (!db.objectStoreNames.contains(STORE_SETTINGS)) db.createObjectStore(STORE_SETTINGS, { keyPath: 'key' });
      if (!db.objectStoreNames.contains(STORE_MIGRATIONS)) db.createObjectStore(STORE_MIGRATIONS, { keyPath: 'id' });
    },
    blocking(_current, _next, event) {
      (event.target as IDBDatabase | null)?.close();
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}
