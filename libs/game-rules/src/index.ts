/**
 * @nightfall/game-rules: the pure rules engine of Nightfall (RULES.md; spec 000). No framework, no I/O,
 * no Node built-ins: imported by the game-engine service and the browser app.
 */
export * from './types.js';
export {
  LIMITS,
  MAX_PLAYERS,
  MAX_BOTS,
  CENTER_SIZE,
  PILE_INDEX,
  DEFAULT_DISCUSSION_TIME,
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
export { RulesError, isRulesError, type RulesErrorCode } from './errors.js';
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
export { RESOLUTION_STEPS, resolutionStepOf } from './night/resolve.js';
export { isLoneWolf, nightInfoFor, nightRole } from './night/info.js';
export { ARTIFACTS, ARTIFACT_IDS, artifactOf } from './artifacts.js';
export { createGame, applyCommand, type CreateGameInput } from './engine.js';
export { validateChatMessage } from './chat.js';
export { playerView, type PlayerViewOptions } from './view.js';
export { computeVoteResults, finalIdentity, countVotes, eliminatedByVote, type FinalIdentity } from './vote.js';
export { allowedActionsFor, validTargetsFor } from './roles/index.js';
export { tapTargets } from './roles/tapper.js';
export { describeAction } from './actions.js';
