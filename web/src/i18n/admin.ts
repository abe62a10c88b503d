/**
 * The admin console's `t`: the shared catalogue plus `en/admin.ts` and the theme screens' texts (the
 * console's Theme Settings tab holds the upload card), which load with the console only.
 */
import { ADMIN_EN } from './en/admin';
import { THEMES_EN } from './en/themes';
import type { AdminMessageKey, MessageKey as SharedKey, ThemesMessageKey } from './en/index';
import { scopedT } from './t';

export { interpolate, joinList, type Params } from './t';

/** A key the admin console may use. */
export type MessageKey = SharedKey | AdminMessageKey | ThemesMessageKey;

/** The text of `key` (shared, console or theme screens'), filled with `params`. */
export const t = scopedT({ ...THEMES_EN, ...ADMIN_EN });
