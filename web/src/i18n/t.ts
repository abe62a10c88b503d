/**
 * The message catalogue's formatter (docs/rules.md "Message codes": the engine sends codes, the browser words
 * them). Every player-facing text of the game screens is an entry of the catalogue (`./en`, `./es`), looked up by key
 * and filled with named parameters: `t('vote.button', { name: 'Ava' })` -> 'Vote for Ava'. Plural and
 * grammar choices are made by the callers (one key per form), so the formatter stays a plain substitution.
 * Framework-free (unit tested in i18n.spec.ts).
 */
import { EN, type MessageKey } from './en/index';

export type { MessageKey };

/** Named parameters of a catalogue entry: `{name}` in the entry is replaced by `params.name`. */
export type Params = Readonly<Record<string, string | number>>;

/** The catalogue in use: English, or the locale installed by `./locale.ts` (docs/architecture.md "Locales"). */
let catalogue: Readonly<Record<MessageKey, string>> = EN;

/** Replaces the catalogue (a second locale, or a test's); returns the previous one. */
export function setCatalogue(next: Readonly<Record<MessageKey, string>>): Readonly<Record<MessageKey, string>> {
  const previous = catalogue;
  catalogue = next;
  return previous;
}

/**
 * Fills `{name}` placeholders of `template` from `params`. A placeholder without a parameter stays as
 * written, so a missing parameter shows up in the text instead of vanishing.
 */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole));
}

/** The catalogue's text of `key`, filled with `params` (see {@link interpolate}). */
export function t(key: MessageKey, params?: Params): string {
  return interpolate(catalogue[key] ?? key, params);
}

/**
 * A `t` for screens loaded on demand that bring their own texts (`extra`: the admin console, the theme
 * screens): it knows the shared keys and `extra`'s. A catalogue set with {@link setCatalogue} (another
 * locale) may carry the extra keys too; they win over `extra`.
 */
export function scopedT<K extends string>(extra: Readonly<Record<K, string>>): (key: MessageKey | K, params?: Params) => string {
  return (key, params) => interpolate((catalogue as Readonly<Record<string, string>>)[key] ?? (extra as Readonly<Record<string, string>>)[key] ?? key, params);
}

/** A list for running text: 'A', 'A and B', 'A, B and C' (the catalogue's separators). */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return t('common.list.last', { head: items.slice(0, -1).join(t('common.list.separator')), last: items[items.length - 1] as string });
}
