import { useState } from 'react';
import type { RoleName } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleInfoModal } from '../../../components/RoleInfoModal';
import { roleLabel, summarizeRoles, TEAM_ORDER } from '../../../lib/roles';
import { TEAM_COLORS } from '../../../theme/appTheme';

/**
 * Roles in the game with their night-order numbers (acting roles first, by order) and the center card
 * count. Tapping a role opens its information.
 */
export function RolesInGame({ roles, centerCount }: { roles: RoleName[]; centerCount: number }) {
  const [info, setInfo] = useState<RoleName | null>(null);
  const summary = summarizeRoles(roles).sort(
    (a, b) => (a.order || 99) - (b.order || 99) || TEAM_ORDER.indexOf(a.team) - TEAM_ORDER.indexOf(b.team) || a.role.localeCompare(b.role),
  );
  return (
    <div className="nf-stack-sm" data-testid="roles-in-game">
      <div className="nf-roles-in-game">
        {summary.map(({ role, count, order, team }) => (
          <button key={role} type="button" className="nf-role-chip" style={{ borderColor: `${TEAM_COLORS[team]}66` }} onClick={() => setInfo(role)} data-testid={`role-in-game-${role}`} data-order={order}>
            <RoleImage role={role} size={30} />
            <span className="nf-role-chip-text">
              <span className="nf-role-chip-name" style={{ color: TEAM_COLORS[team] }}>
                {roleLabel(role)}
                {count > 1 ? <span className="nf-muted"> ×{count}</span> : null}
              </span>
              <span className="nf-muted nf-small" data-testid="night-order">{order > 0 ? `Night #${order}` : 'No night action'}</span>
            </span>
          </button>
        ))}
      </div>
      <span className="nf-muted" data-testid="center-count">
        {centerCount} center cards
      </span>
      <RoleInfoModal role={info} onClose={() => setInfo(null)} />
    </div>
  );
}
