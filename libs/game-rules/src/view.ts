/**
 * Per-viewer views with secrets stripped (docs/rules.md "Player view"; boardgame.io-style playerView).
 *
 * Before results a non-admin viewer gets: public fields of every player (ready/submitted/voted flags),
 * their own dealt role, their night information, their own action(s), the Role Copier's immediate
 * result, their own night result, the role they learned they hold (`knownCurrentRole`, the printed card),
 * their own notices (stalker mark, tap, artifact; from role_resolve on), their own vote. Never: other
 * players' roles, actions, results, artifacts, marks, protections or votes, the center cards, the seed,
 * the night log, or a transformation attached to a card the viewer saw or received
 * (docs/rules.md "Transformation secrecy"). The results phase reveals everything (stalker targets,
 * protections, shields, conversions, copies, transformations, artifacts, actions); an admin sees everything
 * always, the lobby's pre-assignments included. The game's custom role definitions are public
 * (docs/rules.md "Custom roles").
 */
import { customRolesView } from './custom-roles.js';
import { requiredRoleCount } from './lobby.js';
import { nightInfoFor } from './night/info.js';
import { allowedActionsFor, validTargetsFor } from './roles/index.js';
import { describeAction } from './actions.js';
import type { ActionResult, GameState, GameView, NightLogEntry, PlayerState, PublicPlayer, RoleId, VoteResults } from './types.js';
import { clone, cloneAction, cloneResult } from './util.js';
import { finalIdentity, voteTargetsFor } from './vote.js';

/** Options of {@link playerView}. */
export interface PlayerViewOptions {
  /**
   * The super admin (spec 000 sections 2 and 6; docs/rules.md "Player view"): sees the center cards, every
   * player's cards and actions, the night log, the seed and the lobby's pre-assignments in every phase.
   * The service sets it only for the game's admin viewers.
   */
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
    seatHeldUntil: p.seatHeldUntil ?? null,
    autopilot: p.autopilot === true,
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
    out.action = p.actionData ? cloneAction(p.actionData) : null;
    out.copyAction = p.copyActionData ? cloneAction(p.copyActionData) : null;
    if (p.currentRole !== null) out.finalTeam = finalIdentity(p, state).team;
  }
  return out;
}

/**
 * A copy of a night result as views carry it: its lines and data only. Results stored by an engine version
 * before the message codes hold an English `message` and no `lines`: the sentence is dropped (views carry
 * no prose, docs/rules.md "Message codes") and the lines read as empty.
 */
function viewResult(r: ActionResult): ActionResult {
  const copy = cloneResult(r);
  return copy.data ? { lines: copy.lines, data: copy.data } : { lines: copy.lines };
}

/**
 * A copy of a night result without any transformation of a card the player saw or received
 * (docs/rules.md "Transformation secrecy"). The engine never writes one; this strips what older engine
 * versions stored in games still running (the `newRoleTransformedTo` and `seen[].transformedTo` fields;
 * their sentences are never shown, see {@link viewResult}), so that no view before results carries one.
 */
function withoutTransformations(r: ActionResult): ActionResult {
  const out = viewResult(r);
  const d = out.data;
  if (d) {
    delete d.newRoleTransformedTo;
    if (d.seen) d.seen = d.seen.map(({ transformedTo: _secret, ...card }) => card);
  }
  return out;
}

/**
 * The night log as views carry it (results and admins): entries of an engine version before the message
 * codes get their `kind` from the action and an empty `result` instead of their English texts.
 */
function viewNightLog(log: readonly NightLogEntry[]): NightLogEntry[] {
  return clone(log as NightLogEntry[]).map((e) => {
    const { description: _text, ...entry } = e as NightLogEntry & { description?: string };
    return { ...entry, kind: entry.kind ?? describeAction(entry.action.type, entry.role), result: Array.isArray(entry.result) ? entry.result : [] };
  });
}

/**
 * The vote results as views carry them. Results stored by an engine version before the message codes (an
 * English `winCondition` and `winReason`s, which are not shown) get no win-condition lines and the plain
 * `won` / `lost` reason of their outcome.
 */
function viewVoteResults(r: VoteResults): VoteResults {
  const { winCondition: _text, ...copy } = clone(r) as VoteResults & { winCondition?: string };
  // (each old `winReason` is dropped with its entry's other fields below)
  return {
    ...copy,
    winConditions: Array.isArray(copy.winConditions) ? copy.winConditions : [],
    playerResults: copy.playerResults.map(({ userId, isWinner, reason }) => ({ userId, isWinner, reason: reason ?? { code: isWinner ? 'won' : 'lost', params: {} } })),
  };
}

/** The role a player has learned it holds now (from its night result), or null. */
function learnedRole(p: PlayerState): RoleId | null {
  const data = p.actionResult?.data;
  return data?.finalRole ?? data?.newRole ?? null;
}

/**
 * What `viewerId` may see of the game now: {@link sharedView} followed by {@link viewerView}.
 * @param state the full secret state (not modified)
 * @param viewerId the viewing user (from the session); a non-player gets `me: null` and public data only
 * @param opts `admin: true` reveals everything at every phase
 * @returns a fresh {@link GameView} (safe to serialise and send)
 */
export function playerView(state: GameState, viewerId: string, opts: PlayerViewOptions = {}): GameView {
  return { ...sharedView(state, opts), ...viewerView(state, viewerId, opts) };
}

/** The part of a {@link GameView} that is the same for every viewer of one kind (admin or not). */
export type SharedView = Pick<GameView, 'game' | 'players'>;
/** The part of a {@link GameView} that depends on the viewer: `me`, and `spectating` for a spectator. */
export type ViewerView = Omit<GameView, 'game' | 'players'>;

/**
 * The viewer-independent part of every view (the game and the public players): equal for all non-admin
 * viewers, and for all admin viewers, so a change's views can build and serialise it once
 * (docs/hot-path.md "One shared part per change"). `{...sharedView(s, o), ...viewerView(s, id, o)}` is
 * {@link playerView}`(s, id, o)`, keys in the same order.
 * @param state the full secret state (not modified)
 * @param opts `admin: true` reveals everything at every phase
 * @returns fresh objects (safe to serialise and send)
 */
export function sharedView(state: GameState, opts: PlayerViewOptions = {}): SharedView {
  const admin = opts.admin === true;
  const results = state.phase === 'results';
  const reveal = results || admin;
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
      requiredRoleCount: requiredRoleCount(state.players.length),
      round: state.round,
      voteResults: reveal && state.voteResults ? viewVoteResults(state.voteResults) : null,
      nightLog: reveal && state.phase !== 'lobby' ? viewNightLog(state.nightLog) : null,
      seed: reveal ? state.seed : null,
      seedCommitment: state.phase === 'lobby' ? null : (state.seedCommitment ?? null),
      deal: results && state.dealRecord ? { center: state.dealRecord.center.slice(), preassigned: state.dealRecord.preassigned.slice() } : null,
      centerCards: reveal ? state.centerCards.slice() : null,
      customRoles: customRolesView(state),
      preassignedRoles: admin ? { ...(state.preassignedRoles ?? {}) } : null,
      sharedTheme: state.sharedTheme ? { ...state.sharedTheme } : null,
      themeOffered: state.themeOffered === true,
      spectatorCount: state.spectators?.length ?? 0,
    },
    players: state.players.map((p) => publicPlayer(state, p, reveal)),
  };
}

/**
 * The viewer's own part of its view: `me` (its role, night information, own action and results, allowed
 * actions and targets; null for a non-player) and `spectating: true` for a spectator. See {@link sharedView}.
 * @param state the full secret state (not modified)
 * @param viewerId the viewing user (from the session)
 * @param opts `admin: true` reveals the viewer's own results whole at every phase
 */
export function viewerView(state: GameState, viewerId: string, opts: PlayerViewOptions = {}): ViewerView {
  const results = state.phase === 'results';
  const reveal = results || opts.admin === true;
  const me = state.players.find((p) => p.userId === viewerId) ?? null;
  const afterNight = AFTER_NIGHT.has(state.phase);
  const allowedActions = me ? allowedActionsFor(state, me) : [];
  const ownResult = (r: ActionResult | null): ActionResult | null => (r === null ? null : reveal ? viewResult(r) : withoutTransformations(r));

  return {
    ...(!me && state.spectators?.some((w) => w.userId === viewerId) ? { spectating: true as const } : {}),
    me: me && {
      userId: me.userId,
      isHost: me.userId === state.hostId,
      originalRole: me.originalRole,
      nightInfo: state.phase === 'lobby' ? null : nightInfoFor(state, me),
      action: me.actionData ? cloneAction(me.actionData) : null,
      copyAction: me.copyActionData ? cloneAction(me.copyActionData) : null,
      immediateResult: ownResult(me.immediateResult),
      actionResult: afterNight ? ownResult(me.actionResult) : null,
      knownCurrentRole: results ? me.currentRole : afterNight ? learnedRole(me) : null,
      stalkerMarked: afterNight && me.stalkerMarked,
      isTappedByThing: afterNight && me.isTappedByThing,
      artifactId: afterNight ? me.artifactId : null,
      voteTarget: me.voteTarget,
      allowedActions,
      voteTargets: voteTargetsFor(state, me.userId),
      ...(allowedActions.length > 0 ? { validTargets: validTargetsFor(state, me) } : {}),
      copiedRole: me.copiedRole ?? null,
    },
  };
}
