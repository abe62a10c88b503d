/**
 * Village Idiot (shown as All Role Switcher). docs/rules.md "Night order", step 8: moves every other player's card
 * one seat in the chosen direction, skipping its own seat and the shielded seats; the center never moves.
 * It cannot pass. Direction (docs/rules.md "Scenarios", night scenario 6, "shift toward the lower seat"): `left` moves
 * each card to the next LOWER seat among the seats that take part (seat 1's card wraps to the highest),
 * `right` to the next higher seat.
 */
import type { NightMessage } from '../types.js';
import { playerRef, result, type RoleModule } from './types.js';

/** The Village Idiot module (see the file comment for its rules). */
export const villageIdiot: RoleModule = {
  role: 'Village Idiot',
  allowedActions: () => ['shift_cards'],
  resolve(night, actor) {
    const dir = actor.action.direction;
    if (actor.action.type !== 'shift_cards' || (dir !== 'left' && dir !== 'right')) return null;
    const self = actor.player.userId;
    const skipped = night.state.players.filter((p) => p.userId !== self && night.isShielded(p.userId)).map(playerRef);
    const moved = night.shiftCards(self, dir);
    const lines: NightMessage[] = [moved > 0 ? { code: 'shifted_cards', params: { direction: dir } } : { code: 'shift_too_few', params: {} }];
    if (skipped.length > 0) lines.push({ code: 'shift_skipped', params: { players: skipped } });
    return result(lines, skipped.length > 0 ? { shielded: true } : undefined);
  },
  botAction: (_state, _bot, rng) => ({ type: 'shift_cards', direction: rng.chance(0.5) ? 'left' : 'right' }),
};
