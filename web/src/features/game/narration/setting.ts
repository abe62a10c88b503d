/**
 * The host's 'Narrate the night' switch (docs/architecture.md "Table experience"): kept in localStorage, on
 * unless the host turned it off. Off mutes the narrator's voice; the captions stay. Framework-free (narrator.spec.ts).
 */
import { onOffSetting } from '../../../lib/settings';

/** localStorage key of the setting: 'off' mutes the narrator; anything else (or nothing) leaves it on. */
export const NARRATION_KEY = 'nightfall.narrate';

/** The narration setting (see {@link NARRATION_KEY}): `enabled()` says whether the narrator speaks, `set(on)` turns its voice on or off. */
export const NARRATION = onOffSetting(NARRATION_KEY);
