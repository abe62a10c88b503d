/**
 * The host's theme offer (spec 000 sections 2 and 7 `share_theme` / `theme_shared`; docs/rules.md "Theme
 * offer"). A theme never changes a rule: the engine only records which stored pack the host offered, so
 * that every view can carry it and the game keeps its `themeId`. The pack itself is downloaded over HTTP.
 */
import { DEFAULT_THEME_ID } from './constants.js';
import { RulesError } from './errors.js';
import type { GameState, SharedTheme } from './types.js';

const SHA256 = /^[0-9a-f]{64}$/;

/** Phases in which the host may offer a theme: from the deal until the vote (spec 000: "when the phase turns to role_deal"). */
const OFFER_PHASES = new Set(['role_deal', 'job_choice', 'role_resolve', 'discussion', 'vote']);

/**
 * Records the host's offer: `sharedTheme` (kept for the game, so that non-hosts may save it later) and
 * `themeOffered` (true until the lobby is re-entered), and sets the game's `themeId`.
 *
 * @param pack the stored pack as the theme service describes it (the service looked it up as the host's own)
 * @throws RulesError NOT_HOST when `userId` is not the host; WRONG_PHASE outside role_deal..vote;
 *   INVALID_THEME for a malformed pack reference
 */
export function shareTheme(state: GameState, userId: string, pack: Omit<SharedTheme, 'hostId'>): void {
  if (userId !== state.hostId) throw new RulesError('NOT_HOST', 'Only the host can share a theme');
  if (!OFFER_PHASES.has(state.phase)) throw new RulesError('WRONG_PHASE', 'A theme can be shared once the roles are dealt');
  const ok =
    typeof pack?.storedThemeId === 'string' && pack.storedThemeId.length > 0 && pack.storedThemeId.length <= 64 &&
    typeof pack.sha256 === 'string' && SHA256.test(pack.sha256) &&
    typeof pack.themeId === 'string' && pack.themeId.length > 0 && pack.themeId.length <= 50 && pack.themeId !== DEFAULT_THEME_ID &&
    typeof pack.name === 'string' && pack.name.length > 0 && pack.name.length <= 80 &&
    typeof pack.description === 'string' && pack.description.length <= 2000 &&
    Number.isInteger(pack.sizeBytes) && pack.sizeBytes > 0;
  if (!ok) throw new RulesError('INVALID_THEME', 'Invalid theme pack');
  state.sharedTheme = {
    storedThemeId: pack.storedThemeId,
    sha256: pack.sha256,
    themeId: pack.themeId,
    name: pack.name,
    description: pack.description,
    sizeBytes: pack.sizeBytes,
    hostId: state.hostId,
  };
  state.themeOffered = true;
  state.themeId = pack.themeId;
}

/** Re-entering the lobby ends the offer (spec 000 section 2: "reset when the lobby is re-entered"); the game keeps its theme. */
export function endThemeOffer(state: GameState): void {
  state.themeOffered = false;
}
