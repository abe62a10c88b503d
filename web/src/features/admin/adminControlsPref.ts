/**
 * Open state of the profile modal's Admin Controls section: localStorage `showAdminControls` (spec 001
 * section 3), open unless the stored value is 'false'. Tiny on purpose: the home route imports it.
 */
export const SHOW_ADMIN_CONTROLS_KEY = 'showAdminControls';

/** Whether the Admin Controls section is open (true unless the stored value is 'false'). */
export function readShowAdminControls(storage: Pick<Storage, 'getItem'> | null = safeStorage()): boolean {
  try {
    return storage?.getItem(SHOW_ADMIN_CONTROLS_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** Saves the open state ('true' / 'false'). */
export function saveShowAdminControls(open: boolean, storage: Pick<Storage, 'setItem'> | null = safeStorage()): void {
  try {
    storage?.setItem(SHOW_ADMIN_CONTROLS_KEY, open ? 'true' : 'false');
  } catch {
    /* storage unavailable (private mode): the section just opens next time */
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
