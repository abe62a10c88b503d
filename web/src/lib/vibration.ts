/**
 * The short vibration on phase changes (docs/architecture.md "Table experience"): the setting, kept in
 * localStorage (on unless the player turned it off), and when to buzz. Framework-free (vibration.spec.ts).
 */

/** localStorage key of the setting: 'off' turns the vibration off; anything else (or nothing) leaves it on. */
export const VIBRATION_KEY = 'nightfall.vibrate';

/** Length of the buzz, milliseconds. */
export const PHASE_VIBRATION_MS = 50;

/** The part of `Storage` the setting uses (localStorage in the browser, a fake in tests). */
export type SettingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage, or null where it is not available (private mode, no window). */
export function browserStorage(): SettingStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Whether phase changes vibrate: true unless the setting says 'off'. */
export function vibrationEnabled(storage: SettingStorage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(VIBRATION_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Turns the vibration on (removes the key) or off (stores 'off'). A storage that refuses is ignored. */
export function setVibrationEnabled(on: boolean, storage: SettingStorage | null = browserStorage()): void {
  try {
    if (on) storage?.removeItem(VIBRATION_KEY);
    else storage?.setItem(VIBRATION_KEY, 'off');
  } catch {
    /* nothing to keep */
  }
}

/** True when the device can vibrate (`navigator.vibrate` exists: Android browsers; not iOS Safari). */
export function canVibrate(nav: { vibrate?: unknown } | undefined): boolean {
  return typeof nav?.vibrate === 'function';
}

/**
 * Whether a phase change buzzes: the phase changed from one the page already showed (not the first view of
 * a page, so a reload does not buzz), and the setting is on.
 */
export function shouldBuzz(previous: string | null, next: string, enabled: boolean): boolean {
  return enabled && previous !== null && previous !== next;
}
