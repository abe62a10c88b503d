import { Button, Card } from 'antd';
import { ReadyList } from '../../../components/ReadyList';
import { usePending } from '../../../hooks/usePending';
import { RoleTag } from '../../../components/RoleTag';
import { useRoleDisplay } from '../../../components/RolesContext';
import { AdminRolePanel } from '../../lobby/AdminRolePanel';
import { PhaseTitle } from '../PhaseTitle';
import { RoleCard } from '../RoleCard';
import type { PhaseProps } from '../types';

/**
 * role_deal: own role card (catalogue or custom role), bad-team mates, how-to-play, then 'I Understand My
 * Role'. The super admin (admin view) also gets the role panel, where a change swaps dealt cards.
 */
export function RoleDealView({ view, me, connected, send }: PhaseProps) {
  const role = me.originalRole;
  const display = useRoleDisplay(role);
  const mine = view.players.find((p) => p.userId === me.userId);
  const ready = !!mine?.isReady;
  const mates = me.nightInfo?.badGuys?.filter((b) => b.userId !== me.userId) ?? [];
  const guard = usePending(ready);

  return (
    <section className="nf-stack" data-testid="phase-role_deal">
      <PhaseTitle title="Your Role" subtitle="Keep it secret!" />
      {role ? <RoleCard role={role} /> : null}

      {role && display.team === 'bad' && mates.length > 0 ? (
        <Card size="small" title="Your Team" data-testid="bad-team-mates">
          <ul className="nf-rows">
            {mates.map((m) => (
              <li key={m.userId} className="nf-row">
                <span className="nf-row-name">{m.displayName}</span>
                <RoleTag role={m.role} />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      {display.hasNightAction && display.instructions ? (
        <Card size="small" title="How to play" data-testid="how-to-play">
          <p style={{ margin: 0 }}>{display.instructions}</p>
        </Card>
      ) : null}

      <AdminRolePanel view={view} />

      {ready ? (
        <Card size="small" data-testid="role-understood">
          <div className="nf-stack-sm">
            <strong style={{ fontSize: 16 }}>Role Understood</strong>
            <ReadyList players={view.players} meId={me.userId} isDone={(p) => p.isReady} doneText="Ready" waitText="Waiting..." />
          </div>
        </Card>
      ) : (
        <div className="nf-sticky-actions">
          <Button type="primary" size="large" block disabled={!connected || guard.pending} onClick={() => guard.run(() => send({ action: 'ready_next_phase', data: {} }))} data-testid="ready-role">
            {connected ? 'I Understand My Role' : 'Reconnecting...'}
          </Button>
        </div>
      )}
    </section>
  );
}
