import { Card } from 'antd';
import type { NightLogEntry, PublicPlayer, RoleName } from '@nightfall/game-rules';
import { RoleTag } from '../../../components/RoleTag';
import { truncate } from '../../../lib/format';
import { roleDef } from '../../../lib/roles';

/** Night actions ordered by role, with the action description and the result cut to 100 characters. */
export function NightLog({ entries, players }: { entries: NightLogEntry[]; players: PublicPlayer[] }) {
  const sorted = [...entries].sort((a, b) => a.order - b.order);
  const acted = new Set(entries.map((e) => e.userId));
  const quiet = players
    .filter((p) => p.originalRole && !acted.has(p.userId) && !roleDef(p.originalRole)?.hasNightAction)
    .map((p) => p.originalRole as RoleName);
  const quietRoles = [...new Set(quiet)];
  return (
    <Card size="small" title="Night Actions" data-testid="night-log">
      <div className="nf-stack-sm">
        {sorted.length === 0 ? <span className="nf-muted">No night actions were taken.</span> : null}
        <ol className="nf-rows">
          {sorted.map((e, i) => (
            <li key={`${e.userId}-${i}`} className="nf-row" style={{ alignItems: 'flex-start', flexDirection: 'column', gap: 4 }}>
              <div className="nf-row-wrap">
                {e.order > 0 ? <span className="nf-muted nf-small">#{e.order}</span> : null}
                <RoleTag role={e.role} />
                <strong>{e.displayName}</strong>
              </div>
              <span>{e.description}</span>
              {e.result ? <span className="nf-muted nf-small">{truncate(e.result, 100)}</span> : null}
            </li>
          ))}
        </ol>
        {quietRoles.length > 0 ? (
          <div className="nf-row-wrap" data-testid="no-night-action-roles">
            <span className="nf-muted nf-small">No night action:</span>
            {quietRoles.map((r) => (
              <RoleTag key={r} role={r} />
            ))}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
