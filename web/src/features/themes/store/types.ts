/** Shapes of the browser pack store (spec 001 section 3 "Stored theme pack", "Pack metadata"; docs/themes.md). */

/** Where a listed pack lives: the origin-private file system, the IndexedDB fallback, or an old localStorage copy. */
export type PackSource = 'opfs' | 'indexeddb' | 'localStorage';

/** What the server answered to `POST /api/themes/packs`, kept so the pack can be shared in a game. */
export interface PackServerInfo {
  /** Id of the stored theme on the server (uuid). */
  storedThemeId: string;
  /** SHA-256 of the normalized pack bytes (hex). */
  sha256: string;
  sizeBytes: number;
}

/** Metadata of an installed pack, keyed `id:version`. Times are epoch ms, sizes bytes. */
export interface PackMetadata {
  key: string;
  id: string;
  version: string;
  /** Size of the normalized pack ZIP in bytes. */
  size: number;
  /** `themes/{id}/{version}.bin` (the file in the origin-private file system, or the name it would have). */
  path: string;
  installedAt: number;
  /** Where the bytes are: 'opfs', or 'indexeddb' when the file system was not available. */
  storage: 'opfs' | 'indexeddb';
  name: string;
  description: string;
  createdAt: number;
  server?: PackServerInfo;
}

/** One entry of the pack list (spec 001 section 3 "Locally stored list entry"). */
export interface PackListEntry {
  id: string;
  name: string;
  description: string;
  createdAt: number;
  source: PackSource;
  /** Bytes, when known. */
  size?: number;
  server?: PackServerInfo;
}

/** Storage usage of the origin (spec 001 section 3 "Storage stats"). Bytes; percent 0-100. */
export interface StorageStats {
  /** Number of installed packs. */
  count: number;
  usedBytes: number;
  quotaBytes: number;
  remainingBytes: number;
  percent: number;
}
