import { Card } from 'antd';
import type { NightLogEntry, PublicPlayer, RoleName } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { truncate } from '../../../lib/format';
import { roleDef } from '../../../lib/roles';
import { actionTargets, describeLogEntry } from './actionText';

/** True for a log entry of a role that has no night action (it only "submitted" no_action). */
const isQuiet = (e: NightLogEntry) => e.action.type === 'no_action' && !roleDef(e.role)?.hasNightAction;

/**
 * Night actions ordered by role (night order; the engine's resolution sequence within an order), with a
 * description per action kind, the targets and the result cut to 100 characters; then the roles with no
 * night action.
 */
export function NightLog({ entries, players }: { entries: NightLogEntry[]; players: PublicPlayer[] }) {
  const nameOf = (id: string) => players.find((p) => p.userId === id)?.displayName ?? 'Unknown';
  const acting = entries
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => !isQuiet(e))
    .sort((a, b) => (a.e.order || 99) - (b.e.order || 99) || a.i - b.i)
    .map(({ e }) => e);
  const quietRoles = [...new Set<RoleName>([
    ...entries.filter(isQuiet).map((e) => e.role),
    // Players missing from the log whose dealt role has no night action.
    ...players
      .filter((p) => p.originalRole && !entries.some((e) => e.userId === p.userId) && !roleDef(p.originalRole)?.hasNightAction)
      .map((p) => p.originalRole as RoleName),
  ])];
  return (
    <Card size="small" title="Night Actions" data-testid="night-log">
      <div className="nf-stack-sm">
        {acting.length === 0 ? <span className="nf-muted">No night actions were taken.</span> : null}
        <ol className="nf-rows">
          {acting.map((e, i) => {
            const dealt = players.find((p) => p.userId === e.userId)?.originalRole;
            const copied = e.isCopy || (dealt && dealt !== e.role) ? (dealt ?? 'Role Copier') : null;
            const targets = actionTargets(e.action, nameOf);
            return (
              <li key={`${e.userId}-${i}`} className="nf-row nf-log-row" data-testid="night-log-entry" data-action={e.action.type} data-role={e.role}>
                <RoleImage role={e.role} size={36} />
                <div className="nf-stack-sm" style={{ gap: 2, minWidth: 0, flex: 1 }}>
                  <div className="nf-row-wrap" style={{ gap: 6 }}>
                    {e.order > 0 ? <span className="nf-count nf-small">#{e.order}</span> : null}
                    <RoleTag role={e.role} />
                    <strong>{e.displayName}</strong>
                    {copied ? <span className="nf-muted nf-small">(copy by the {roleDef(copied)?.displayName ?? copied})</span> : null}
                  </div>
                  <span data-testid="night-log-description">
                    {describeLogEntry(e)}
                    {targets ? <span className="nf-muted">: {targets}</span> : null}
                  </span>
                  {e.result ? (
                    <span className="nf-muted nf-small" data-testid="night-log-result" title={e.result}>
                      {truncate(e.result, 100)}
                    </span>
                  ) : null}
                </div>
              </li>
            );
          })}
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
