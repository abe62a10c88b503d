/**
 * Business constants and limits of the game (spec 000 sections 5 and 9).
 */
import type { RoleName } from './types.js';

/** Hard maximum of players in one game, bots included (spec 000 section 9). */
export const MAX_PLAYERS = 27;
/** Maximum number of bots (26 bots with 1 human player; spec 000 section 9). */
export const MAX_BOTS = 26;
/** Number of center cards (docs/rules.md "Setup and deal"; the bad-guy pile is a 4th card on top of these). */
export const CENTER_SIZE = 3;
/**
 * Index of the bad-guy pile among the center cards (docs/rules.md "Setup and deal"): the card after the 3
 * center cards, present only when a Bad Guy Converter was dealt to a player. `GameState.centerCards[PILE_INDEX]`,
 * `ActionResult.data.seen[].centerIndex === PILE_INDEX` for a look at the pile. Never a valid `centerIndex` of a payload.
 */
export const PILE_INDEX = CENTER_SIZE;
/** The center indexes a night action may choose (`centerIndex`, `positions`): 0, 1, 2. Frozen. */
export const CENTER_INDEXES: readonly number[] = Object.freeze(Array.from({ length: CENTER_SIZE }, (_, i) => i));
/** Default discussion time, seconds (spec 000 section 9). */
export const DEFAULT_DISCUSSION_TIME = 300;
/**
 * How long the seat of a player who lost every connection during play is held before the autopilot plays
 * it, ms (issue 13 "Seat hold and autopilot": default 60 s; the service may pass another hold).
 */
export const SEAT_HOLD_MS = 60_000;
/** Voting time, seconds (spec 000 section 9). */
export const VOTING_TIME = 60;
/** Minimum discussion time, seconds (spec 000 section 5: 1-10 minutes in steps of 60 s). */
export const DISCUSSION_TIME_MIN = 60;
/** Maximum discussion time, seconds. */
export const DISCUSSION_TIME_MAX = 600;
/** Discussion time step, seconds. */
export const DISCUSSION_TIME_STEP = 60;
/** Maximum chat message length after trimming, characters (spec 000 section 5). */
export const CHAT_MAX = 200;
/** Minimum display name length after trimming, characters (spec 001 section 9). */
export const DISPLAY_NAME_MIN = 1;
/** Maximum display name length, characters. */
export const DISPLAY_NAME_MAX = 50;
/** Default theme id (spec 000 section 9). */
export const DEFAULT_THEME_ID = 'generic';

/** All limits in one object, for callers that prefer a namespace. */
export const LIMITS = {
  MAX_PLAYERS,
  MAX_BOTS,
  CENTER_SIZE,
  DEFAULT_DISCUSSION_TIME,
  VOTING_TIME,
  DISCUSSION_TIME_MIN,
  DISCUSSION_TIME_MAX,
  DISCUSSION_TIME_STEP,
  CHAT_MAX,
  DISPLAY_NAME_MIN,
  DISPLAY_NAME_MAX,
} as const;

/**
 * Roles of a new host lobby (spec 000 section 5: "defaults to four roles (werewolf, seer, robber,
 * villager)").
 */
export const DEFAULT_ROLES: readonly RoleName[] = Object.freeze([
  'Bad Guy',
  'Role Looker',
  'Role Thief',
  'Basic Good Guy',
] as RoleName[]);
