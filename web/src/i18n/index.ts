/**
 * The message catalogue of the web app (docs/rules.md "Message codes"): `t(key, params)` for the screens'
 * texts and `ruleText(...)` for the rules engine's codes, worded through the active theme. Screens get a
 * ready `RuleText` from `useRuleText()` (web/src/components/RolesContext.tsx).
 */
export { t, interpolate, joinList, setCatalogue, type MessageKey, type Params } from './t';
export { ruleText, actionTargets, type RuleText, type RuleTextSource } from './rules';
export { EN } from './en/index';
export { activeLocale, pickLocale, startLocale, switchLocale, LOCALES, type Locale } from './locale';
