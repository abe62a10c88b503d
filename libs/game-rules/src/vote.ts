/**
 * Vote, elimination and winners (docs/rules.md "Votes" and docs/rules.md "Wins"). Pure functions over the final state of the
 * players (cards at the end of the night with their transformations, artifacts, votes, Protector
 * protections, Stalker targets).
 */
import { artifactOf } from './artifacts.js';
import { ROLES } from './catalogue.js';
import { cardTeam, isWolfCard, type CustomRoleSource } from './custom-roles.js';
import type { GameState, PlayerState, RoleId, Team, VoteResults } from './types.js';

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

/** Votes received per player (every player present, 0 included); votes for non-players are ignored. */
/**
 * The userIds `userId` may vote for now (docs/rules.md "Votes"): every other player while the vote is
 * open, none otherwise (and none for a non-player).
 */
export function voteTargetsFor(state: GameState, userId: string): string[] {
  if (state.phase !== 'vote' || !state.players.some((p) => p.userId === userId)) return [];
  return state.players.filter((p) => p.userId !== userId).map((p) => p.userId);
}

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
 * @returns winners (userIds), a one-line winCondition, eliminated players with final cards, each
 *   player's isWinner/winReason, vote counts and the winning teams
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
    let winReason: string;
    if (id.winRole === 'Self-Eliminator') {
      isWinner = elim.has(p.userId);
      winReason = isWinner ? 'You won by being eliminated!' : 'You lost: you were not eliminated.';
      neutralWon ||= isWinner;
    } else if (id.winRole === 'Stalker') {
      const target = p.stalkerTarget ? byId.get(p.stalkerTarget) : undefined;
      isWinner = target !== undefined && elim.has(target.userId);
      winReason = !target
        ? 'You lost: you had no target.'
        : isWinner
          ? `You won: your target ${target.displayName} was eliminated.`
          : `You lost: your target ${target.displayName} was not eliminated.`;
      neutralWon ||= isWinner;
      stalkerWon ||= isWinner;
    } else if (id.team === 'good') {
      isWinner = goodWins;
      winReason = isWinner
        ? wolfEliminated
          ? 'Your team won! A bad guy was eliminated.'
          : 'Your team won! There were no bad guys and nobody was eliminated.'
        : wolves.length > 0
          ? 'Your team lost. No bad guy was eliminated.'
          : 'Your team lost. There were no bad guys, but someone was eliminated.';
    } else if (id.team === 'bad' && wolves.length > 0) {
      isWinner = badWins;
      winReason = isWinner
        ? 'Your team won! No bad guy was eliminated.'
        : wolfEliminated
          ? 'Your team lost. A bad guy was eliminated.'
          : 'Your team lost. The Self-Eliminator was eliminated.';
    } else if (id.team === 'bad') {
      // No wolf among the players: the Helper wins if somebody other than itself is eliminated.
      const otherEliminated = eliminatedIds.some((e) => e !== p.userId);
      isWinner = !seEliminated && otherEliminated;
      helperAloneWon ||= isWinner;
      winReason = isWinner
        ? 'Your team won! There were no bad guys and someone other than you was eliminated.'
        : seEliminated
          ? 'Your team lost. The Self-Eliminator was eliminated.'
          : 'Your team lost. There were no bad guys and nobody other than you was eliminated.';
    } else {
      winReason = 'You lost.';
    }
    if (isWinner) winners.push(p.userId);
    playerResults.push({ userId: p.userId, isWinner, winReason });
  }

  const winningTeams: Team[] = [];
  if (goodWins) winningTeams.push('good');
  if (badWins || helperAloneWon) winningTeams.push('bad');
  if (neutralWon) winningTeams.push('neutral');

  const parts: string[] = [];
  if (seEliminated) parts.push('The Self-Eliminator was eliminated and wins');
  if (goodWins) {
    parts.push(
      wolfEliminated
        ? 'A bad guy was eliminated: the Good Team wins'
        : 'There were no bad guys and nobody was eliminated: the Good Team wins',
    );
  }
  if (badWins) parts.push('No bad guy was eliminated: the Bad Team wins');
  if (helperAloneWon) parts.push('There were no bad guys and someone other than the Bad Guy Helper was eliminated: the Bad Guy Helper wins');
  if (stalkerWon) parts.push("The Stalker's target was eliminated: the Stalker wins");
  if (parts.length === 0) {
    parts.push(
      wolves.length === 0
        ? 'There were no bad guys, but someone was eliminated: nobody wins'
        : 'Nobody wins',
    );
  }
  const winCondition = `${parts.join('. ')}.`;

  return {
    winners,
    winCondition,
    eliminatedPlayers: eliminatedIds.map((uid) => {
      const p = byId.get(uid) as PlayerState;
      return { userId: uid, displayName: p.displayName, role: identOf(p).card };
    }),
    playerResults,
    voteCount,
    winningTeams,
  };
}

