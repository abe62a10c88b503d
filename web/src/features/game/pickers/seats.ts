/**
 * Side labels of the Tapper's targets (spec 000 section 2: "tap one adjacent seat; the seat order wraps
 * around"). Which players may be tapped is the server's (`me.validTargets.tap_player`); the seat geometry is
 * the rules engine's `tapSide` (left = the next lower seat, wrapping). Framework-free for unit tests.
 */
import { tapSide } from '@nightfall/game-rules';

/** Where a player sits from the viewer: on the left, on the right, or both (the only other player of two). */
export type SeatSide = 'left' | 'right' | 'both';

/** The side `targetId` sits on, seen from `meId`; `players` in seat order (as in the view). */
export function seatSide(players: ReadonlyArray<{ userId: string }>, meId: string, targetId: string): SeatSide {
  const seated = { players };
  // tapSide(state, a, b) === 'left': a sits on b's left (b's next lower seat).
  const onMyLeft = tapSide(seated, targetId, meId) === 'left';
  const onMyRight = tapSide(seated, meId, targetId) === 'left';
  return onMyLeft && onMyRight ? 'both' : onMyLeft ? 'left' : 'right';
}
