/**
 * The short vibration on phase changes (docs/architecture.md "Table experience"): the setting, kept in
 * localStorage (on unless the player turned it off), and when to buzz. Framework-free (vibration.spec.ts).
 */

import { onOffSetting } from './settings';

export type { SettingStorage } from './settings';

/** localStorage key of the setting: 'off' turns the vibration off; anything else (or nothing) leaves it on. */
export const VIBRATION_KEY = 'nightfall.vibrate';

/** Length of the buzz, milliseconds. */
export const PHASE_VIBRATION_MS = 50;

/** The vibration setting (see {@link VIBRATION_KEY}): `enabled()` says whether phase changes vibrate, `set(on)` turns it on or off. */
export const VIBRATION = onOffSetting(VIBRATION_KEY);

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
