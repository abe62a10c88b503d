/**
 * The built-in generic theme (spec 001 section 1: id `generic`, named 'Generic Social Deduction'), built
 * from the rules catalogue so that its role names and descriptions are the engine's. docs/themes.md.
 */
import { ROLE_LIST } from '@nightfall/game-rules';
import type { RoleName } from '@nightfall/game-rules';
import { ENGINE_VERSION, GENERIC_THEME_ID } from './types.js';
import type { Theme, ThemeRole } from './types.js';

const roles = Object.fromEntries(ROLE_LIST.map((r) => [r.name, Object.freeze({ displayName: r.displayName, description: r.description })])) as Record<RoleName, ThemeRole>;

/** The generic theme: what every screen shows without a pack, and every pack's fallback. */
export const GENERIC_THEME: Theme = Object.freeze({
  id: GENERIC_THEME_ID,
  name: 'Generic Social Deduction',
  description: 'The built-in theme: plain role names for any group.',
  engineVersion: ENGINE_VERSION,
  text: Object.freeze({
    gameTitle: 'Nightfall',
    lobbyTitle: 'Game Lobby',
    homeTitle: 'Nightfall',
    homeSubtitle: 'A social deduction game for 3-10 players. Find the hidden enemies among you.',
    nightPhase: 'Night Phase',
    nightActions: 'Night Actions',
  }),
  roles: Object.freeze(roles),
  // Team colours of the default theme (spec 000 section 3): bad red, good green, neutral amber.
  teams: Object.freeze({
    bad: Object.freeze({ displayName: 'Hidden Enemies Team', color: '#ef4444' }),
    good: Object.freeze({ displayName: 'Good Team', color: '#22c55e' }),
    neutral: Object.freeze({ displayName: 'Neutral', color: '#f59e0b' }),
  }),
  actions: Object.freeze({
    badGuyPile: 'Bad-guy pile',
    badGuyPileCheck: 'You checked the bad-guy pile',
    converted: 'You were converted',
    robbed: 'Your role was stolen',
    swapped: 'swapped',
    viewed: 'viewed',
  }),
}) as Theme;
