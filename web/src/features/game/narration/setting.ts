/**
 * The host's 'Narrate the night' switch (docs/architecture.md "Table experience"): kept in localStorage, on
 * unless the host turned it off. Off mutes the narrator's voice; the captions stay. Framework-free (narrator.spec.ts).
 */
import { browserStorage, type SettingStorage } from '../../../lib/vibration';

/** localStorage key of the setting: 'off' mutes the narrator; anything else (or nothing) leaves it on. */
export const NARRATION_KEY = 'nightfall.narrate';

/** Whether the narrator speaks: true unless the setting says 'off'. */
export function narrationEnabled(storage: SettingStorage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(NARRATION_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Turns the narrator's voice on (removes the key) or off (stores 'off'). A storage that refuses is ignored. */
export function setNarrationEnabled(on: boolean, storage: SettingStorage | null = browserStorage()): void {
  try {
    if (on) storage?.removeItem(NARRATION_KEY);
    else storage?.setItem(NARRATION_KEY, 'off');
  } catch {
    /* nothing to keep */
  }
}
