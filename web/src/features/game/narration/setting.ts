/**
 * The host's 'Narrate the night' switch (docs/architecture.md "Table experience"): kept in localStorage, on
 * unless the host turned it off. Off mutes the narrator's voice; the captions stay. Framework-free (narrator.spec.ts).
 */
import { browserStorage, onOffSetting, type SettingStorage } from '../../../lib/settings';

/** localStorage key of the setting: 'off' mutes the narrator; anything else (or nothing) leaves it on. */
export const NARRATION_KEY = 'nightfall.narrate';

/** The narration setting (see {@link NARRATION_KEY}). */
export const NARRATION = onOffSetting(NARRATION_KEY);

/** Whether the narrator speaks: true unless the setting says 'off'. */
export function narrationEnabled(storage: SettingStorage | null = browserStorage()): boolean {
  return NARRATION.enabled(storage);
}

/** Turns the narrator's voice on (removes the key) or off (stores 'off'). A storage that refuses is ignored. */
export function setNarrationEnabled(on: boolean, storage: SettingStorage | null = browserStorage()): void {
  NARRATION.set(on, storage);
}
