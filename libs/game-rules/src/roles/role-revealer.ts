/**
 * Role Revealer (Revealer). docs/rules.md "Night order", step 6: reveals whether another player's card is, at that
 * step, on the Good Team, the Bad Team or Neutral, the card's transformation included (a team, never a
 * role: see docs/rules.md "Transformation secrecy"). The result is
 * public: a chat message labelled 'Revealer Announcement' is posted at the start of the discussion
 * (`state.announcements`, sent as `CommandOutcome.systemMessages`). A shielded card is not revealed and
 * the announcement says so.
 */
import { othersOf, result, type RoleModule } from './types.js';

/** The Role Revealer module (see the file comment for its rules). */
export const roleRevealer: RoleModule = {
  role: 'Role Revealer',
  allowedActions: (state, player) => (othersOf(state, player).length > 0 ? ['reveal_player', 'pass'] : ['pass']),
  resolve(night, actor) {
    const target = actor.action.targetUserId;
    if (actor.action.type !== 'reveal_player' || !target) return null;
    const player = night.ref(target);
    const name = player.displayName;
    if (night.isShielded(target)) {
      night.state.announcements.push({ code: 'revealer_shielded', params: { player: { ...player } } });
      return result([{ code: 'reveal_shielded', params: { player } }], { targetName: name, shielded: true });
    }
    const team = night.cardTeam(target);
    night.state.announcements.push({ code: 'revealer_revealed', params: { player: { ...player }, team } });
    return result([{ code: 'revealed_team', params: { player, team } }], { targetName: name, revealedTeam: team });
  },
  botAction: (state, bot, rng) => {
    const others = othersOf(state, bot);
    if (others.length === 0 || rng.chance(0.1)) return { type: 'pass' };
    return { type: 'reveal_player', targetUserId: rng.pick(others).userId };
  },
};
