/**
 * Per-viewer views with secrets stripped (ARCHITECTURE.md principle 1; boardgame.io-style playerView).
 *
 * Before results a non-admin viewer gets: public fields of every player (ready/submitted/voted flags),
 * their own dealt role, their night information, their own action(s), the Role Copier's immediate
 * result, their own night result, the role they learned they hold (`knownCurrentRole`), their own
 * notices (stalker mark, tap, artifact; from role_resolve on), their own vote. Never: other players'
 * roles, actions, results, artifacts, marks, protections or votes, the center cards, the seed or the
 * night log. The results phase reveals everything (RULES.md sections 3-7: stalker targets, protections,
 * shields, conversions, copies, transformations, artifacts); an admin sees everything always.
 */
import { nightInfoFor } from './night/info.js';
import { allowedActionsFor, validTargetsFor } from './roles/index.js';
import type { GameState, GameView, PlayerState, PublicPlayer, RoleName } from './types.js';
import { clone, cloneAction, cloneResult } from './util.js';
import { finalIdentity } from './vote.js';

/** Options of {@link playerView}. */
export interface PlayerViewOptions {
  /** The fixed admin account (spec 000 section 6): sees center cards, all roles and action data. */
  admin?: boolean;
}

/** Phases from which a player's night result exists. */
const AFTER_NIGHT = new Set(['role_resolve', 'discussion', 'vote', 'results']);

function publicPlayer(state: GameState, p: PlayerState, reveal: boolean): PublicPlayer {
  const out: PublicPlayer = {
    userId: p.userId,
    displayName: p.displayName,
    seatPosition: p.seatPosition,
    isBot: p.isBot,
    isHost: p.userId === state.hostId,
    isReady: p.isReady,
    hasSubmitted: p.hasSubmitted,
    hasVoted: p.voteTarget !== null,
    wantsPlayAgain: p.wantsPlayAgain,
    online: p.isBot || (p.connections ?? 0) > 0,
  };
  if (reveal) {
    out.originalRole = p.originalRole;
    out.currentRole = p.currentRole;
    out.voteTarget = p.voteTarget;
    out.artifactId = p.artifactId;
    out.stalkerTarget = p.stalkerTarget;
    out.protectedPlayer = p.protectedPlayer;
    out.convertedBy = p.convertedBy ?? null;
    out.copiedRole = p.copiedRole ?? null;
    out.transformedTo = p.transformedTo ?? null;
    out.shieldedPlayer = p.shieldedPlayer ?? null;
    out.stalkerMarked = p.stalkerMarked;
    out.isTappedByThing = p.isTappedByThing;
    if (p.currentRole !== null) out.finalTeam = finalIdentity(p).team;
  }
  return out;
}

/** The role a player has learned it holds now (from its night result), or null. */
function learnedRole(p: PlayerState): RoleName | null {
  const data = p.actionResult?.data;
  return data?.finalRole ?? data?.newRole ?? null;
}

/**
 * What `viewerId` may see of the game now.
 * @param state the full secret state (not modified)
 * @param viewerId the viewing user (from the session); a non-player gets `me: null` and public data only
 * @param opts `admin: true` reveals everything at every phase
 * @returns a fresh {@link GameView} (safe to serialise and send)
 */
export function playerView(state: GameState, viewerId: string, opts: PlayerViewOptions = {}): GameView {
  const admin = opts.admin === true;
  const results = state.phase === 'results';
  const reveal = results || admin;
  const me = state.players.find((p) => p.userId === viewerId) ?? null;
  const afterNight = AFTER_NIGHT.has(state.phase);
  const allowedActions = me ? allowedActionsFor(state, me) : [];

  return {
    game: {
      id: state.id,
      roomCode: state.roomCode,
      hostId: state.hostId,
      phase: state.phase,
      themeId: state.themeId,
      selectedRoles: state.selectedRoles.slice(),
      settings: { ...state.settings },
      deadlineAt: state.deadlineAt,
      phaseStartedAt: state.phaseStartedAt,
      centerCount: Math.max(0, state.selectedRoles.length - state.players.length),
      round: state.round,
      voteResults: reveal && state.voteResults ? clone(state.voteResults) : null,
      nightLog: reveal && state.phase !== 'lobby' ? clone(state.nightLog) : null,
      seed: reveal ? state.seed : null,
      centerCards: reveal ? state.centerCards.slice() : null,
    },
    players: state.players.map((p) => publicPlayer(state, p, reveal)),
    me: me && {
      userId: me.userId,
      isHost: me.userId === state.hostId,
      originalRole: me.originalRole,
      nightInfo: state.phase === 'lobby' ? null : nightInfoFor(state, me),
      action: me.actionData ? cloneAction(me.actionData) : null,
      copyAction: me.copyActionData ? cloneAction(me.copyActionData) : null,
      immediateResult: me.immediateResult ? cloneResult(me.immediateResult) : null,
      actionResult: afterNight && me.actionResult ? cloneResult(me.actionResult) : null,
      knownCurrentRole: results ? me.currentRole : afterNight ? learnedRole(me) : null,
      stalkerMarked: afterNight && me.stalkerMarked,
      isTappedByThing: afterNight && me.isTappedByThing,
      artifactId: afterNight ? me.artifactId : null,
      voteTarget: me.voteTarget,
      allowedActions,
      ...(allowedActions.length > 0 ? { validTargets: validTargetsFor(state, me) } : {}),
      copiedRole: me.copiedRole ?? null,
    },
  };
}
