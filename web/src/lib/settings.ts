/**
 * A device setting that is on unless the player turned it off, kept in localStorage (the phase vibration and
 * the host's narration: docs/architecture.md "Table experience"). Framework-free (vibration.spec.ts,
 * narrator.spec.ts).
 */

/** The part of `Storage` a setting uses (localStorage in the browser, a fake in tests). */
export type SettingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage, or null where it is not available (private mode, no window). */
export function browserStorage(): SettingStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reading and writing one on-by-default setting under `key`. */
export interface OnOffSetting {
  /** The localStorage key. */
  readonly key: string;
  /** True unless the stored value is 'off' (also when the storage is missing or refuses). */
  enabled(storage?: SettingStorage | null): boolean;
  /** On removes the key, off stores 'off'; a storage that refuses is ignored. */
  set(on: boolean, storage?: SettingStorage | null): void;
}

/** The on-by-default setting stored under `key` ('off' turns it off; anything else, or nothing, leaves it on). */
export function onOffSetting(key: string): OnOffSetting {
  return {
    key,
    enabled(storage = browserStorage()) {
      try {
        return storage?.getItem(key) !== 'off';
      } catch {
        return true;
      }
    },
    set(on, storage = browserStorage()) {
      try {
        if (on) storage?.removeItem(key);
        else storage?.setItem(key, 'off');
      } catch {
        /* nothing to keep */
      }
    },
  };
}
