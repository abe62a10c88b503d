/**
 * The simulated human player of the integration tests, the load benchmark (scripts/bench) and the k6
 * load test. Keep this file free of runtime imports (types only) and of Node APIs: `npm run build` of
 * @nightfall/testing also transpiles it into deploy/k6/lib/simulated-player.js (k6-bundle.mjs), which
 * k6 imports as a plain ES module.
 */
import type { ActionPayload, GameView } from '@nightfall/game-rules';

/**
 * How many night actions the viewer has taken this night (its own action, and a Role Copier's copied one). A
 * simulated client sends each move of a phase once, keyed by round, phase and action; this count belongs in the
 * key, because a Role Copier acts twice in one night (the copy, then the copied role's action) and its second
 * action is a new move (without it, 27-seat bench games with a Role Copier stalled in job_choice).
 */
export function nightActionsTaken(view: GameView): number {
  return (view.me?.action ? 1 : 0) + (view.me?.copyAction ? 1 : 0);
}

/** Refusals of one move after which a simulated client stops choosing it again (a stalled game then shows it). */
const MAX_REFUSALS = 3;

/**
 * Whether a simulated client chooses a move again after the server refused it for the `refusals`-th time
 * (1-based), as a person picks again after the error toast: a night action or a vote is still owed (the game
 * can change after the view it was chosen from: a Role Copier that copied a wolf is no longer a Bad Guy
 * Converter's target, and the refusal is INVALID_TARGET), at most {@link MAX_REFUSALS} times; a ready or play
 * again is not. Without it a 27-seat bench game stalled in job_choice.
 */
export function choosesAgainAfterRefusal(phase: GameView['game']['phase'], refusals: number): boolean {
  return (phase === 'job_choice' || phase === 'vote') && refusals <= MAX_REFUSALS;
}

/** What a simulated human sends next: a `game_action` name and its data. */
export interface SimulatedMove {
  action: 'ready_next_phase' | 'submit_action' | 'submit_vote' | 'play_again';
  data: Record<string, unknown>;
}

/**
 * The next move of a simulated human client, decided from its own view only (as a real client
 * would): ready up, submit a valid night action from `me.allowedActions`, vote for another player.
 * Used by integration tests, the load benchmark and k6. `pick(n)` returns an index in [0, n).
 * @returns null when the player has nothing to do in this phase (or already did it)
 */
export function nextSimulatedMove(view: GameView, pick: (n: number) => number = () => 0, playAgain = false): SimulatedMove | null {
  const me = view.me;
  if (!me) return null;
  const self = view.players.find((p) => p.userId === me.userId);
  if (!self) return null;
  const others = view.players.filter((p) => p.userId !== me.userId);
  switch (view.game.phase) {
    case 'role_deal':
    case 'role_resolve':
    case 'discussion':
      return self.isReady ? null : { action: 'ready_next_phase', data: {} };
    case 'job_choice': {
      if (self.hasSubmitted) return null;
      const action = chooseAction(me.allowedActions, others.map((p) => p.userId), pick, me.validTargets);
      return action ? { action: 'submit_action', data: action as unknown as Record<string, unknown> } : null;
    }
    case 'vote':
      if (self.hasVoted || others.length === 0) return null;
      return { action: 'submit_vote', data: { targetUserId: others[pick(others.length)]!.userId } };
    case 'results':
      return playAgain && !self.wantsPlayAgain && view.game.voteResults ? { action: 'play_again', data: {} } : null;
    default:
      return null;
  }
}

/**
 * A valid payload for one of the allowed action types (spec 000 section 5 validity). Targets come from
 * the view's `validTargets` for that type when the engine lists them (Tapper's neighbours, the
 * Converter's non-wolves, the Role Locker's self...), else from the other players.
 */
function chooseAction(
  allowed: readonly string[],
  othersAll: string[],
  pick: (n: number) => number,
  validTargets?: Partial<Record<string, string[]>>,
): ActionPayload | null {
  if (allowed.length === 0) return null;
  const usable = allowed.filter((t) => !validTargets?.[t] || validTargets[t]!.length > 0);
  if (usable.length === 0) return null;
  const type = usable[pick(usable.length)]!;
  const others = validTargets?.[type] ?? othersAll;
  const one = () => others[pick(others.length)]!;
  switch (type) {
    case 'no_action':
    case 'pass':
    case 'view_werewolf_pile':
    case 'swap_with_center':
      return { type } as ActionPayload;
    case 'view_center': {
      const skip = pick(3);
      return { type, positions: [0, 1, 2].filter((i) => i !== skip) };
    }
    case 'view_center_card':
    case 'swap_center':
      return { type, centerIndex: pick(3) };
    case 'swap_players': {
      if (others.length < 2) return allowed.includes('pass') ? { type: 'pass' } : null;
      const a = pick(others.length);
      const b = (a + 1 + pick(others.length - 1)) % others.length;
      return { type, player1UserId: others[a]!, player2UserId: others[b]! };
    }
    case 'investigate_players':
      return { type, targetUserIds: [one()] };
    case 'shift_cards':
      return { type, direction: pick(2) === 0 ? 'left' : 'right' };
    case 'view_and_swap':
      return { type, centerIndex: pick(3), targetUserId: one() };
    case 'assign_artifact':
      return others.length ? { type, targetUserId: one() } : null;
    default:
      return others.length ? ({ type, targetUserId: one() } as ActionPayload) : null;
  }
}
