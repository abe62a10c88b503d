import { Card } from 'antd';
import type { ActionResult, RoleId } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { useRuleText } from '../../../components/RolesContext';
import { tx } from '../../../i18n/react';
import { t } from '../../../i18n/t';
import { isCustomRoleId, isRoleName } from '@nightfall/game-rules';

/** The role a copy result names (a catalogue or custom role): data.copiedRole, data.newRole, else the first card seen. */
export function copiedRoleOf(result: ActionResult | null | undefined): RoleId | null {
  const data = result?.data;
  const role = data?.copiedRole ?? data?.newRole ?? data?.seen?.[0]?.role ?? null;
  return role && (isRoleName(role) || isCustomRoleId(role)) ? role : null;
}

/**
 * Role Copier's discovery (me.immediateResult): the copied card, shown at once during the night, with the
 * engine's lines worded through the catalogue and the theme.
 */
export function CopierDiscovery({ result, compact = false }: { result: ActionResult; compact?: boolean }) {
  const text = useRuleText();
  const role = copiedRoleOf(result);
  return (
    <Card size="small" data-testid="copier-discovery" className="nf-accent-card">
      <div className="nf-row-wrap" style={{ flexWrap: 'nowrap', alignItems: 'center' }}>
        {role ? <RoleImage role={role} size={compact ? 44 : 56} /> : null}
        <div className="nf-stack-sm" style={{ gap: 4 }}>
          <strong>{result.data?.shielded ? t('nightview.copier.blocked') : t('nightview.copier.copied')}</strong>
          <span data-testid="immediate-result">{text.lines(result.lines).join(' ')}</span>
          {role ? (
            <span className="nf-row-wrap nf-small" style={{ gap: 6 }}>
              <span className="nf-muted">{tx('nightview.copier.now', { role: <RoleTag role={role} strong /> })}</span>
              {result.data?.becameTeam ? <span style={{ color: text.teamTextColor(result.data.becameTeam) }}>({text.teamName(result.data.becameTeam)})</span> : null}
            </span>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
