import { Card } from 'antd';
import type { ActionResult, RoleId } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { TEAM_COLORS, TEAM_LABELS } from '../../../theme/appTheme';
import { isCustomRoleId, isRoleName } from '@nightfall/game-rules';

/** The role a copy result names (a catalogue or custom role): data.copiedRole, data.newRole, else the first card seen. */
export function copiedRoleOf(result: ActionResult | null | undefined): RoleId | null {
  const data = result?.data;
  const role = data?.copiedRole ?? data?.newRole ?? data?.seen?.[0]?.role ?? null;
  return role && (isRoleName(role) || isCustomRoleId(role)) ? role : null;
}

/** Role Copier's discovery (me.immediateResult): the copied card, shown at once during the night. */
export function CopierDiscovery({ result, compact = false }: { result: ActionResult; compact?: boolean }) {
  const role = copiedRoleOf(result);
  return (
    <Card size="small" data-testid="copier-discovery" className="nf-accent-card">
      <div className="nf-row-wrap" style={{ flexWrap: 'nowrap', alignItems: 'center' }}>
        {role ? <RoleImage role={role} size={compact ? 44 : 56} /> : null}
        <div className="nf-stack-sm" style={{ gap: 4 }}>
          <strong>{result.data?.shielded ? 'Copy blocked' : 'Role copied'}</strong>
          <span data-testid="immediate-result">{result.message}</span>
          {role ? (
            <span className="nf-row-wrap nf-small" style={{ gap: 6 }}>
              <span className="nf-muted">You are now the</span> <RoleTag role={role} strong />
              {result.data?.becameTeam ? <span style={{ color: TEAM_COLORS[result.data.becameTeam] }}>({TEAM_LABELS[result.data.becameTeam]})</span> : null}
            </span>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
