/**
 * @nightfall/game-rules: the pure rules engine of Nightfall (docs/rules.md; spec 000). No framework, no I/O,
 * no Node built-ins: imported by the game-engine service and the browser app.
 *
 * A client (the web app) never re-implements a rule: it imports the helpers below (role caps and counts,
 * self-targeting, center indexes, action kinds, tap neighbours, text checks) and otherwise reads
 * what `playerView` gives it (`allowedActions`, `validTargets`, `nightInfo`, results). The engine writes no
 * player-facing sentence: results, the night log, announcements, wins and notices are codes with
 * parameters (docs/rules.md "Message codes") that a client renders through its catalogue and theme.
 */
export * from './types.js';

/** Limits and constants (spec 000 sections 5 and 9; docs/rules.md "Setup and deal"). */
export {
  LIMITS,
  MAX_PLAYERS,
  MAX_BOTS,
  CENTER_SIZE,
  CENTER_INDEXES,
  PILE_INDEX,
  DEFAULT_DISCUSSION_TIME,
  SEAT_HOLD_MS,
  VOTING_TIME,
  DISCUSSION_TIME_MIN,
  DISCUSSION_TIME_MAX,
  DISCUSSION_TIME_STEP,
  CHAT_MAX,
  DISPLAY_NAME_MIN,
  DISPLAY_NAME_MAX,
  DEFAULT_THEME_ID,
  DEFAULT_ROLES,
} from './constants.js';

/** The one error type (`code`, `title`, `message`). */
export { RulesError, isRulesError, type RulesErrorCode } from './errors.js';

/** The role catalogue (docs/rules.md "Roles") and the night order numbers (docs/rules.md "Night order"). */
export {
  ROLES,
  ROLE_LIST,
  SELECTABLE_ROLES,
  AVAILABLE_ROLES,
  NIGHT_ORDER,
  isRoleName,
  roleTeam,
  isWolfRole,
  nightOrderOf,
  rolesInNightOrder,
  displayNameOf,
} from './catalogue.js';

/**
 * Lobby rules a client checks before sending (docs/rules.md "Setup and deal"): players + 3 roles, role caps,
 * the role toggle, the start check, the discussion time and the display name. The same functions validate
 * the commands in the engine.
 */
export {
  requiredRoleCount,
  roleCap,
  toggleRole,
  validateRoleSelection,
  checkCanStart,
  checkDiscussionTime,
} from './lobby.js';
export { checkDisplayName } from './display-name.js';

/** Seat hold, autopilot, kick and leave (docs/rules.md "Seat hold and autopilot", "Kick and leave"). */
export { seatPresenceChanged, nextDueAt, nextSeatHoldEnd, seatHoldMs, isPlayPhase, playsItself, isSpectator, MAX_SPECTATORS } from './seats.js';

/** Quick setup (docs/rules.md "Suggested roles"): a balanced selection for a player count. */
export { suggestRoles, SUGGESTION_ORDER } from './suggest-roles.js';

/** Night order and resolution (docs/rules.md "Night order", docs/rules.md "Night resolution"). */
export { RESOLUTION_STEPS, resolutionStepOf } from './night/resolve.js';
export { isLoneWolf, nightInfoFor, nightRole } from './night/info.js';

/** Action payload rules (docs/rules.md "Submitting actions"): self-targeting, the night log's action kind, type guard. */
export { describeAction, canTargetSelf, targetsPlayers, isActionType } from './actions.js';
export { allowedActionsFor, validTargetsFor } from './roles/index.js';
export { tapTargets, tapSide } from './roles/tapper.js';

/** The codes of night results, announcements, wins and notices (docs/rules.md "Message codes"). */
export { NIGHT_MESSAGE_CODES, ANNOUNCEMENT_CODES, WIN_CONDITION_CODES, WIN_REASON_CODES, NOTICE_CODES, NIGHT_ACTION_KINDS } from './messages.js';

/** Artifacts of the Item Giver (docs/rules.md "Artifacts"). */
export { ARTIFACTS, ARTIFACT_IDS, artifactOf } from './artifacts.js';

/**
 * Custom roles (docs/rules.md "Custom roles"): ids, the snapshot's checks, and `roleInfo(state, card)` for
 * the name, team and night order of any card (pass a view's `game` on the client).
 */
export {
  CUSTOM_ROLE_PREFIX,
  MAX_CUSTOM_ROLES,
  CUSTOM_ROLE_NAME_MAX,
  CUSTOM_ROLE_TEAM_MAX,
  CUSTOM_ROLE_ABILITIES_MAX,
  CUSTOM_ROLE_ID_MAX,
  isCustomRoleId,
  customRoleId,
  customRoleSide,
  customRoleDef,
  roleInfo,
  cardName,
  cardTeam,
  isWolfCard,
  checkCustomRole,
  checkCustomRoles,
  type CustomRoleSource,
} from './custom-roles.js';

/** The super admin's tools (docs/rules.md "Admin"): the role change / pre-assignment and admin viewers. */
export { adminSetPlayerRole, isAdminViewer } from './admin.js';

/** The command engine (docs/rules.md "Setup and deal" and following). */
export { createGame, applyCommand, type CreateGameInput } from './engine.js';

/** Chat text rules (spec 000 section 5; the Mask of Muting: docs/rules.md "Artifacts"). */
export { validateChatMessage, checkChatText } from './chat.js';

/** Per-viewer views (docs/rules.md "Player view"). */
export { playerView, sharedView, viewerView, type PlayerViewOptions, type SharedView, type ViewerView } from './view.js';

// The deal as a pure function of the seed, and its verification at results (docs/rules.md "Verifiable deal")
export { dealCards, verifyDeal, type Dealt, type DealCheck, type DealVerification } from './deal.js';

/** Votes and wins (docs/rules.md "Votes", docs/rules.md "Wins"). */
export { computeVoteResults, finalIdentity, countVotes, eliminatedByVote, voteTargetsFor, type FinalIdentity } from './vote.js';
export { shareTheme, endThemeOffer } from './theme-offer.js';

/** The night replay of a finished round (docs/rules.md "Night replay"): ordered steps with the cards' positions. */
export {
  nightReplay,
  replayInputOfView,
  movesOf,
  targetsOf,
  type NightReplay,
  type NightReplayInput,
  type ReplayCards,
  type ReplayMove,
  type ReplaySlot,
  type ReplayStep,
  type ReplayTarget,
} from './replay.js';
