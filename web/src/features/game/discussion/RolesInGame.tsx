import type { RoleName } from '@nightfall/game-rules';
import { RoleTag } from '../../../components/RoleTag';
import { summarizeRoles } from '../../../lib/roles';

/** Roles in the game with their night-order numbers and the center card count. */
export function RolesInGame({ roles, centerCount }: { roles: RoleName[]; centerCount: number }) {
  const summary = summarizeRoles(roles);
  return (
    <div className="nf-stack-sm" data-testid="roles-in-game">
      <div className="nf-row-wrap">
        {summary.map(({ role, count, order }) => (
          <span key={role} className="nf-row-wrap" style={{ gap: 4 }}>
            {order > 0 ? <span className="nf-muted nf-small">#{order}</span> : null}
            <RoleTag role={role} />
            {count > 1 ? <span className="nf-muted nf-small">×{count}</span> : null}
          </span>
        ))}
      </div>
      <span className="nf-muted" data-testid="center-count">
        {centerCount} center cards
      </span>
    </div>
  );
}
