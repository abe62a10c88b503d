/**
 * The English catalogue: one module per screen area, merged here. To add a string, add its key to the
 * module of its area (or a new module spread below); `MessageKey` grows with it and `t()` type-checks the
 * key. Keys are `area.thing[.form]`; placeholders are `{name}`.
 */
import { COMMON_EN } from './common';
import { GAME_EN } from './game';
import { RULES_EN } from './rules';

/** Every English text, by key. */
export const EN = { ...COMMON_EN, ...GAME_EN, ...RULES_EN } as const;

/** A key of the catalogue. */
export type MessageKey = keyof typeof EN;
