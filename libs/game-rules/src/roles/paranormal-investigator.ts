/**
 * Paranormal Investigator. docs/rules.md "Night order", step 4: looks at one or two other players' cards, one at a
 * time; on seeing a printed wolf card it becomes a bad guy (a wolf), on seeing a printed Self-Eliminator
 * card it becomes a Self-Eliminator (a transformation attached to its card), and stops. It sees printed
 * cards only (docs/rules.md "Transformation secrecy"): a transformation attached to a card it looks at
 * neither shows nor turns it. A shielded card is skipped ("shielded") and the investigation goes on with
 * the next target.
 */
import { ROLES } from '../catalogue.js';
import { isWolfCard } from '../custom-roles.js';
import type { ActionResult, NightMessage, RoleName } from '../types.js';
import { othersOf, result, seenPlayer, type RoleModule } from './types.js';

/** The Paranormal Investigator module (see the file comment for its rules). */
export const paranormalInvestigator: RoleModule = {
  role: 'Paranormal Investigator',
  allowedActions: (state, player) => (othersOf(state, player).length > 0 ? ['investigate_players', 'pass'] : ['pass']),
  resolve(night, actor) {
    const ids = actor.action.targetUserIds;
    if (actor.action.type !== 'investigate_players' || !ids) return null;
    const lines: NightMessage[] = [];
    const seen: NonNullable<NonNullable<ActionResult['data']>['seen']> = [];
    let became: RoleName | null = null;
    let shielded = false;
    for (const id of ids) {
      const player = night.ref(id);
      if (night.isShielded(id)) {
        lines.push({ code: 'view_shielded', params: { player } });
        shielded = true;
        continue;
      }
      const card = night.seeCard(id);
      seen.push(seenPlayer(id, player.displayName, card));
      lines.push({ code: 'saw_player_card', params: { player, role: card } });
      // Decided on the printed card, the only thing the investigator sees: a transformation attached to the
      // card (a Role Copier that copied a wolf, an investigator card that turned) is secret to it
      // (docs/rules.md "Transformation secrecy"), so it neither shows nor turns the investigator.
      // A custom `werewolf` card is a wolf card too (docs/rules.md "Custom roles").
      if (isWolfCard(night.state, card)) became = 'Bad Guy';
      else if (card === 'Self-Eliminator') became = 'Self-Eliminator';
      if (became) break;
    }
    const data: NonNullable<ActionResult['data']> = {};
    if (seen.length > 0) data.seen = seen;
    if (shielded) data.shielded = true;
    if (became) {
      actor.player.transformedTo = became;
      data.becameTeam = ROLES[became].team;
      lines.push(became === 'Bad Guy' ? { code: 'turned_bad', params: { team: 'bad' } } : { code: 'turned_self_eliminator', params: {} });
    }
    return result(lines, data);
  },
  botAction: (state, bot, rng) => {
    const others = othersOf(state, bot);
    if (others.length === 0 || rng.chance(0.1)) return { type: 'pass' };
    const k = others.length >= 2 && rng.chance(0.6) ? 2 : 1;
    return { type: 'investigate_players', targetUserIds: rng.sample(others, k).map((p) => p.userId) };
  },
};
