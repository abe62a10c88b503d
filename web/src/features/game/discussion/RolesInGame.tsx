import { useState } from 'react';
import type { RoleId } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleInfoModal } from '../../../components/RoleInfoModal';
import { useRoleSource } from '../../../components/RolesContext';
import { groupColor } from '../../../components/roleStyle';
import { t } from '../../../i18n/t';
import { compareGroups, summarizeRoles } from '../../../lib/roles';
import { readableOn } from '../../../lib/contrast';

/**
 * Roles in the game with their night-order numbers (acting roles first, by order; custom roles by their
 * own night order) and the center card count. Tapping a role opens its information.
 */
export function RolesInGame({ roles, centerCount }: { roles: RoleId[]; centerCount: number }) {
  const source = useRoleSource();
  const [info, setInfo] = useState<string | null>(null);
  const summary = summarizeRoles(roles, source).sort(
    (a, b) => (a.order || 99) - (b.order || 99) || compareGroups(a.group, b.group) || a.title.localeCompare(b.title),
  );
  return (
    <div className="nf-stack-sm" data-testid="roles-in-game">
      <div className="nf-roles-in-game">
        {summary.map(({ role, count, order, group, title }) => {
          const color = groupColor(group, source.theme);
          return (
            <button key={role} type="button" className="nf-role-chip" style={{ borderColor: `${color}66` }} onClick={() => setInfo(role)} data-testid={`role-in-game-${role}`} data-order={order}>
              <RoleImage role={role} size={30} />
              <span className="nf-role-chip-text">
                <span className="nf-role-chip-name" style={{ color: readableOn(color) }}>
                  {title}
                  {count > 1 ? <span className="nf-muted"> ×{count}</span> : null}
                </span>
                <span className="nf-muted nf-small" data-testid="night-order">{order > 0 ? t('discussion.night_order', { order }) : t('discussion.no_night_action')}</span>
              </span>
            </button>
          );
        })}
      </div>
      <span className="nf-muted" data-testid="center-count">
        {t('discussion.center_count', { count: centerCount })}
      </span>
      <RoleInfoModal role={info} onClose={() => setInfo(null)} />
    </div>
  );
}
