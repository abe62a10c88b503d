import { Button, Card } from 'antd';
import { ReadyList } from '../../../components/ReadyList';
import { usePending } from '../../../hooks/usePending';
import { RoleTag } from '../../../components/RoleTag';
import { useRoleDisplay } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
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
      <PhaseTitle title={t('deal.title')} subtitle={t('deal.subtitle')} />
      {role ? <RoleCard role={role} /> : null}

      {role && display.team === 'bad' && mates.length > 0 ? (
        <Card size="small" title={t('deal.team')} data-testid="bad-team-mates">
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
        <Card size="small" title={t('deal.how_to_play')} data-testid="how-to-play">
          <p style={{ margin: 0 }}>{display.instructions}</p>
        </Card>
      ) : null}

      <AdminRolePanel view={view} />

      {ready ? (
        <Card size="small" data-testid="role-understood">
          <div className="nf-stack-sm">
            <strong style={{ fontSize: 16 }}>{t('deal.understood')}</strong>
            <ReadyList players={view.players} meId={me.userId} isDone={(p) => p.isReady} doneText={t('common.ready')} waitText={t('common.waiting')} />
          </div>
        </Card>
      ) : (
        <div className="nf-sticky-actions">
          <Button type="primary" size="large" block disabled={!connected || guard.pending} onClick={() => guard.run(() => send({ action: 'ready_next_phase', data: {} }))} data-testid="ready-role">
            {connected ? t('deal.ready') : t('common.reconnecting')}
          </Button>
        </div>
      )}
    </section>
  );
}
