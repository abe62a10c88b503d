/**
 * The Theme model (spec 001 section 3 "Theme"; docs/themes.md). A theme renames roles, teams, phase and
 * action wording and carries pictures; it never changes a rule. Every pack format is turned into this
 * one shape (a `manifest.json` holds it as is).
 */
import type { RoleName, Team } from '@nightfall/game-rules';

/** Built-in theme id (spec 001 section 9). */
export const GENERIC_THEME_ID = 'generic';

/** Supported theme engine range: at least 1.0.0 and below 2.0.0 (spec 001 section 9). */
export const ENGINE_VERSION = '1.0.0';

/** Version under which the browser saves a pack (spec 001 section 9). */
export const PACK_VERSION = '1.0.0';

/** Texts a theme may rename (spec 001 section 3 "text"). */
export interface ThemeText {
  gameTitle: string;
  lobbyTitle: string;
  homeTitle: string;
  homeSubtitle: string;
  /** Title of the night phase ('Night Phase'; the corporate sample says 'Lunch Break Phase'). */
  nightPhase: string;
  /** Heading over the night actions ('Night Actions'). */
  nightActions: string;
}

/** How one canonical role is shown. `image` is a path inside the pack (resolved to a URL by the reader). */
export interface ThemeRole {
  displayName: string;
  description: string;
  /** Team label shown with the role; the team's display name when absent. */
  teamLabel?: string;
  image?: string;
  icon?: string;
}

/** How one team is shown. */
export interface ThemeTeam {
  displayName: string;
  /** CSS colour ('#ef4444'). */
  color: string;
  description?: string;
}

/** Action wording of spec 001 section 3 "actions". */
export interface ThemeActions {
  /** Name of the bad-guy pile ('Bad-guy pile'). */
  badGuyPile: string;
  /** Result line of a converter who checks the pile. */
  badGuyPileCheck: string;
  /** Title of the notice of a converted player. */
  converted: string;
  /** Title of the notice of a robbed player. */
  robbed: string;
  /** Verb for a swap in the night log. */
  swapped: string;
  /** Verb for a look in the night log. */
  viewed: string;
}

/** Pictures of the pack (paths inside the pack). */
export interface ThemeAssets {
  cardBack?: string;
  homeBackground?: string;
}

/** A complete theme: what `manifest.json` holds and what every other format is built into. */
export interface Theme {
  /** Up to 64 characters (spec 001 section 9). */
  id: string;
  /** Up to 80 characters. */
  name: string;
  description: string;
  /** Semver, `>=1.0.0 <2.0.0`. */
  engineVersion: string;
  text: ThemeText;
  /** One entry per canonical role: the 30 of {@link CANONICAL_ROLES}. */
  roles: Record<RoleName, ThemeRole>;
  teams: Record<Team, ThemeTeam>;
  actions: ThemeActions;
  assets?: ThemeAssets;
  backgroundImage?: string;
  homeBackgroundImage?: string;
}
