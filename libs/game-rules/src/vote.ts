/**
 * Vote, elimination and winners (docs/rules.md "Votes" and docs/rules.md "Wins"). Pure functions over the final state of the
 * players (cards at the end of the night with their transformations, artifacts, votes, Protector
 * protections, Stalker targets).
 */
import { artifactOf } from './artifacts.js';
import { ROLES } from './catalogue.js';
import { cardTeam, isWolfCard, type CustomRoleSource } from './custom-roles.js';
import type { GameState, PlayerState, RoleId, Team, VoteResults, WinCondition, WinReason } from './types.js';

/** A player's identity at dawn (docs/rules.md "Wins"). */
export interface FinalIdentity {
  /** The card held at the end of the night. */
  card: RoleId;
  /** The role whose win condition applies: the card, then a transformation attached to it, then an artifact. */
  winRole: RoleId;
  team: Team;
  /** True when the player counts as a wolf for win purposes. */
  isWolf: boolean;
}

/**
 * The team, wolf status and win condition of a player at dawn (docs/rules.md "Wins" and docs/rules.md "Artifacts"): the final card
 * (`currentRole`), then the transformation attached to it (`transformedTo`: Investigator, Copier), then the
 * artifact the player holds (Claw: a wolf; Brand: good; Cudgel: a Self-Eliminator; Void and Mask: no change).
 * A custom role plays for its team (docs/rules.md "Custom roles"): pass the game (or its custom roles) so
 * that a custom card is read; without it a custom card reads as a good-team card.
 * @throws Error when the player holds no card (before the deal)
 */
export function finalIdentity(player: PlayerState, game?: CustomRoleSource): FinalIdentity {
  const card = player.currentRole;
  if (card === null) throw new Error(`finalIdentity: ${player.userId} holds no card`);
  const art = artifactOf(player.artifactId);
  if (art?.winRole) return { card, winRole: art.winRole, team: art.team ?? ROLES[art.winRole].team, isWolf: art.isWolf };
  const winRole = player.transformedTo ?? card;
  return { card, winRole, team: cardTeam(game, winRole), isWolf: isWolfCard(game, winRole) };
}

/** userIds that cannot be eliminated by the vote: the targets recorded by Protectors (`protectedPlayer`). */
export function protectedPlayers(state: GameState): Set<string> {
  const ids = new Set<string>();
  for (const p of state.players) if (p.protectedPlayer) ids.add(p.protectedPlayer);
  return ids;
}

/**
 * The userIds `userId` may vote for now (docs/rules.md "Votes"): every other player while the vote is
 * open, none otherwise (and none for a non-player).
 */
export function voteTargetsFor(state: GameState, userId: string): string[] {
  if (state.phase !== 'vote' || !state.players.some((p) => p.userId === userId)) return [];
  return state.players.filter((p) => p.userId !== userId).map((p) => p.userId);
}

/** Votes received per player (every player present, 0 included); votes for non-players are ignored. */
export function countVotes(state: GameState): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of state.players) counts[p.userId] = 0;
  for (const p of state.players) {
    const t = p.voteTarget;
    if (t !== null && t !== p.userId && counts[t] !== undefined) counts[t] += 1;
  }
  return counts;
}

/**
 * Eliminated players in order (docs/rules.md "Votes"): the most-voted players (all tied ones), none when
 * no player has more than one vote; protected players are skipped in favour of the next-highest count
 * if it is at least 2; then Revenge Voters (by final card) take the player they voted for, in chains,
 * never a protected player.
 */
export function eliminatedByVote(state: GameState): string[] {
  const counts = countVotes(state);
  const shielded = protectedPlayers(state);
  const levels = [...new Set(Object.values(counts))].filter((c) => c >= 2).sort((a, b) => b - a);
  let eliminated: string[] = [];
  for (const level of levels) {
    const hit = state.players.filter((p) => counts[p.userId] === level && !shielded.has(p.userId)).map((p) => p.userId);
    if (hit.length > 0) {
      eliminated = hit;
      break;
    }
  }
  const queue = [...eliminated];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    const p = state.players.find((x) => x.userId === id);
    if (!p || p.currentRole !== 'Revenge Voter' || p.voteTarget === null) continue;
    const target = p.voteTarget;
    if (eliminated.includes(target) || shielded.has(target)) continue;
    if (!state.players.some((x) => x.userId === target)) continue;
    eliminated.push(target);
    queue.push(target);
  }
  return eliminated;
}

/**
 * Computes the vote results exactly per docs/rules.md "Votes" and docs/rules.md "Wins" from the players' final identities
 * ({@link finalIdentity}: card, transformation, artifact), votes, protections and Stalker targets (players
 * who did not vote abstain). Does not change the state.
 * @returns winners (userIds), the win conditions (codes), eliminated players with final cards, each
 *   player's isWinner and reason (a code), vote counts and the winning teams
 * @throws Error when a player holds no card (called before the deal)
 */
export function computeVoteResults(state: GameState): VoteResults {
  const voteCount = countVotes(state);
  const eliminatedIds = eliminatedByVote(state);
  const elim = new Set(eliminatedIds);
  const byId = new Map(state.players.map((p) => [p.userId, p]));
  const ident = new Map(state.players.map((p) => [p.userId, finalIdentity(p, state)]));
  const identOf = (p: PlayerState) => ident.get(p.userId) as FinalIdentity;

  const wolves = state.players.filter((p) => identOf(p).isWolf);
  const wolfEliminated = wolves.some((p) => elim.has(p.userId));
  const seEliminated = state.players.some((p) => identOf(p).winRole === 'Self-Eliminator' && elim.has(p.userId));
  const goodWins = wolfEliminated || (wolves.length === 0 && elim.size === 0);
  const badWins = wolves.length > 0 && !wolfEliminated && !seEliminated;

  const playerResults: VoteResults['playerResults'] = [];
  const winners: string[] = [];
  let helperAloneWon = false;
  let neutralWon = false;
  let stalkerWon = false;
  for (const p of state.players) {
    const id = identOf(p);
    let isWinner = false;
    let reason: WinReason;
    if (id.winRole === 'Self-Eliminator') {
      isWinner = elim.has(p.userId);
      reason = { code: isWinner ? 'self_eliminator_won' : 'self_eliminator_lost', params: {} };
      neutralWon ||= isWinner;
    } else if (id.winRole === 'Stalker') {
      const target = p.stalkerTarget ? byId.get(p.stalkerTarget) : undefined;
      isWinner = target !== undefined && elim.has(target.userId);
      reason = !target
        ? { code: 'stalker_no_target', params: {} }
        : { code: isWinner ? 'stalker_target_eliminated' : 'stalker_target_survived', params: { player: { userId: target.userId, displayName: target.displayName } } };
      neutralWon ||= isWinner;
      stalkerWon ||= isWinner;
    } else if (id.team === 'good') {
      isWinner = goodWins;
      reason = {
        code: isWinner
          ? wolfEliminated ? 'good_won_wolf_eliminated' : 'good_won_no_wolves'
          : wolves.length > 0 ? 'good_lost_no_wolf_eliminated' : 'good_lost_no_wolves',
        params: {},
      };
    } else if (id.team === 'bad' && wolves.length > 0) {
      isWinner = badWins;
      reason = { code: isWinner ? 'bad_won' : wolfEliminated ? 'bad_lost_wolf_eliminated' : 'bad_lost_self_eliminator', params: {} };
    } else if (id.team === 'bad') {
      // No wolf among the players: the Helper wins if somebody other than itself is eliminated.
      const otherEliminated = eliminatedIds.some((e) => e !== p.userId);
      isWinner = !seEliminated && otherEliminated;
      helperAloneWon ||= isWinner;
      reason = { code: isWinner ? 'helper_won_no_wolves' : seEliminated ? 'bad_lost_self_eliminator' : 'helper_lost_no_wolves', params: {} };
    } else {
      reason = { code: 'lost', params: {} };
    }
    if (isWinner) winners.push(p.userId);
    playerResults.push({ userId: p.userId, isWinner, reason });
  }

  const winningTeams: Team[] = [];
  if (goodWins) winningTeams.push('good');
  if (badWins || helperAloneWon) winningTeams.push('bad');
  if (neutralWon) winningTeams.push('neutral');

  const winConditions: WinCondition[] = [];
  if (seEliminated) winConditions.push({ code: 'self_eliminator_wins', params: { role: 'Self-Eliminator' } });
  if (goodWins) winConditions.push({ code: wolfEliminated ? 'good_wins_wolf_eliminated' : 'good_wins_no_wolves', params: { team: 'good' } });
  if (badWins) winConditions.push({ code: 'bad_wins', params: { team: 'bad' } });
  if (helperAloneWon) winConditions.push({ code: 'helper_wins_no_wolves', params: { role: 'Bad Guy Helper' } });
  if (stalkerWon) winConditions.push({ code: 'stalker_wins', params: { role: 'Stalker' } });
  if (winConditions.length === 0) winConditions.push({ code: wolves.length === 0 ? 'nobody_wins_no_wolves' : 'nobody_wins', params: {} });

  return {
    winners,
    winConditions,
    eliminatedPlayers: eliminatedIds.map((uid) => {
      const p = byId.get(uid) as PlayerState;
      return { userId: uid, displayName: p.displayName, role: identOf(p).card };
    }),
    playerResults,
    voteCount,
    winningTeams,
  };
}

