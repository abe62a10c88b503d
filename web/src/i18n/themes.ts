/**
 * The theme screens' `t` (/themes, the upload card, the pack list, the pack store's messages): the shared
 * catalogue plus `en/themes.ts`, which loads with these screens and not with the home route.
 */
import { THEMES_EN } from './en/themes';
import type { MessageKey as SharedKey, ThemesMessageKey } from './en/index';
import { scopedT } from './t';

export { interpolate, joinList, type Params } from './t';

/** A key the theme screens may use. */
export type MessageKey = SharedKey | ThemesMessageKey;

/** The text of `key` (shared or theme screens'), filled with `params`. */
export const t = scopedT(THEMES_EN);
