/**
 * Phase transitions (spec 000 section 4): lobby -> role_deal -> job_choice -> role_resolve -> discussion
 * -> vote -> results -> (play again) lobby. Every function works on a draft state the caller owns.
 */
import { botChooseAction, botChooseVote } from './bots.js';
import { resolveNight } from './night/resolve.js';
import { submitNightAction } from './night/submit.js';
import { withGameRng } from './rng.js';
import type { CommandOutcome, GameState, Phase } from './types.js';
import { clone, playsItself, resetRoundFields } from './util.js';
import { computeVoteResults } from './vote.js';

/** Side outputs collected while applying a command. */
export interface Effects {
  systemMessages: CommandOutcome['systemMessages'];
  notice?: CommandOutcome['notice'];
}

/** True when every player is ready. */
export function everyoneReady(state: GameState): boolean {
  return state.players.every((p) => p.isReady);
}

/** True when every player has submitted a night action. */
export function everyoneSubmitted(state: GameState): boolean {
  return state.players.every((p) => p.hasSubmitted);
}

/** True when every player has a vote. */
export function everyoneVoted(state: GameState): boolean {
  return state.players.every((p) => p.voteTarget !== null);
}

/** The phase that follows a readiness phase. */
const AFTER_READY: Partial<Record<Phase, Phase>> = {
  role_deal: 'job_choice',
  role_resolve: 'discussion',
  discussion: 'vote',
};

/** Next phase once everyone is ready in `phase`, or undefined when readiness does not end `phase`. */
export function nextAfterReady(phase: Phase): Phase | undefined {
  return AFTER_READY[phase];
}

/**
 * Enters `phase` at time `now` (epoch ms): resets readiness (bots are ready at once), sets deadlines,
 * lets bots act or vote, and cascades when the phase is already complete.
 */
export function enterPhase(state: GameState, phase: Phase, now: number, fx: Effects): void {
  state.phase = phase;
  state.phaseStartedAt = now;
  state.deadlineAt = null;
  for (const p of state.players) p.isReady = playsItself(p);

  switch (phase) {
    case 'job_choice': {
      // Bots act in seat order, Role Lockers first then Role Copiers (docs/rules.md "Night order", steps 1-2), so
      // that a bot's copy honours a bot's shield and a bot Bad Guy sees a copied wolf.
      const bots = state.players.filter((p) => playsItself(p) && !p.hasSubmitted);
      const rank = (p: (typeof bots)[number]) => (p.originalRole === 'Role Locker' ? 0 : p.originalRole === 'Role Copier' ? 1 : 2);
      bots.sort((a, b) => rank(a) - rank(b));
      withGameRng(state, (rng) => {
        for (const bot of bots) {
          // A Role Copier bot submits twice when the copied role has a choice.
          for (let i = 0; i < 2 && !bot.hasSubmitted; i++) submitNightAction(state, bot, botChooseAction(state, bot, rng));
        }
      });
      if (everyoneSubmitted(state)) finishNight(state, now, fx);
      return;
    }
    case 'discussion': {
      state.settings.discussionStartTime = now;
      state.deadlineAt = now + state.settings.discussionTime * 1000;
      // States stored by an engine version before the codes hold sentences here: those are not posted.
      for (const announcement of state.announcements) {
        if (typeof announcement === 'object' && announcement !== null) {
          fx.systemMessages.push({ messageType: 'system', kind: 'revealer_announcement', announcement: clone(announcement) });
        }
      }
      break;
    }
    case 'vote': {
      state.settings.votingStartTime = now;
      state.deadlineAt = now + state.settings.votingTime * 1000;
      withGameRng(state, (rng) => {
        for (const bot of state.players) if (playsItself(bot)) bot.voteTarget = botChooseVote(state, bot, rng);
      });
      if (everyoneVoted(state)) finishVote(state, now);
      return;
    }
    case 'results':
      for (const p of state.players) {
        p.wantsPlayAgain = false;
        // seat holds and the autopilot end with play (docs/rules.md "Seat hold and autopilot")
        p.seatHeldUntil = null;
        p.autopilot = false;
      }
      return;
    default:
      break;
  }
  const next = nextAfterReady(phase);
  if (next && everyoneReady(state)) enterPhase(state, next, now, fx);
}

/** All actions are in: resolves the night (docs/rules.md "Night resolution") and enters role_resolve. */
export function finishNight(state: GameState, now: number, fx: Effects): void {
  resolveNight(state);
  enterPhase(state, 'role_resolve', now, fx);
}

/** The vote closes: computes the results (docs/rules.md "Votes" and docs/rules.md "Wins") and enters results. */
export function finishVote(state: GameState, now: number): void {
  state.settings.calculatingResults = true;
  state.voteResults = computeVoteResults(state);
  state.settings.calculatingResults = false;
  enterPhase(state, 'results', now, { systemMessages: [] });
}

/**
 * Play again (spec 000 section 4): back to the lobby keeping players, seats, selected roles, settings
 * and the custom roles (the service may refresh them now: docs/rules.md "Custom roles"); every per-round
 * field is reset (pre-assignments included), the round number increases and the seed is cleared.
 */
export function resetToLobby(state: GameState, now: number): void {
  state.phase = 'lobby';
  state.phaseStartedAt = now;
  state.deadlineAt = null;
  for (const p of state.players) resetRoundFields(p);
  state.centerCards = [];
  state.seed = null;
  state.seedCommitment = null;
  state.dealRecord = null;
  state.rngCounter = 0;
  state.nightLog = [];
  state.announcements = [];
  state.voteResults = null;
  state.settings.discussionStartTime = null;
  state.settings.votingStartTime = null;
  state.settings.calculatingResults = false;
  delete state.preassignedRoles;
  state.round += 1;
}
