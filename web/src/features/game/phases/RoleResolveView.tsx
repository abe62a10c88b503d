import { Alert, Button, Card } from 'antd';
import { ReadyList } from '../../../components/ReadyList';
import { RoleTag } from '../../../components/RoleTag';
import { usePending } from '../../../hooks/usePending';
import { PhaseTitle } from '../PhaseTitle';
import type { PhaseProps } from '../types';

/** role_resolve: the night result (or 'No Action Taken'), Self-Checker style check, warnings, then 'Got it!'. */
export function RoleResolveView({ view, me, connected, send }: PhaseProps) {
  const mine = view.players.find((p) => p.userId === me.userId);
  const ready = !!mine?.isReady;
  const guard = usePending(ready);
  const result = me.actionResult;
  const data = result?.data;
  const check = data?.originalRole && data?.finalRole ? { original: data.originalRole, final: data.finalRole } : null;
  const changed = check ? check.original !== check.final : false;

  return (
    <section className="nf-stack" data-testid="phase-role_resolve">
      <PhaseTitle title="Night Results" subtitle="What you learned during the night" />

      {me.stalkerMarked ? <Alert type="error" showIcon title="Somebody wants you dead." data-testid="stalker-warning" /> : null}
      {me.isTappedByThing ? <Alert type="warning" showIcon title="You were tapped!" data-testid="tapped-warning" /> : null}

      <Card>
        <div className="nf-stack-sm">
          <strong style={{ fontSize: 18 }} data-testid="action-result">
            {result?.message || 'No Action Taken'}
          </strong>
          {data?.seen && data.seen.length > 0 ? (
            <ul className="nf-rows" data-testid="seen-cards">
              {data.seen.map((s, i) => (
                <li key={i} className="nf-row">
                  <span className="nf-row-name">{s.displayName ?? (s.centerIndex !== undefined ? `Center card ${s.centerIndex + 1}` : 'Card')}</span>
                  <RoleTag role={s.role} />
                </li>
              ))}
            </ul>
          ) : null}
          {data?.badGuyPileCards && data.badGuyPileCards.length > 0 ? (
            <div className="nf-row-wrap">
              <span className="nf-muted">Bad-guy pile:</span>
              {data.badGuyPileCards.map((r, i) => (
                <RoleTag key={i} role={r} />
              ))}
            </div>
          ) : null}
          {data?.newRole && !check ? (
            <div className="nf-row-wrap" data-testid="new-role">
              <span className="nf-muted">Your new role:</span> <RoleTag role={data.newRole} strong />
            </div>
          ) : null}
          {data?.shielded ? <span className="nf-muted">The card was shielded: nothing happened.</span> : null}
        </div>
      </Card>

      {check ? (
        <Card size="small" title="Role Check" data-testid="self-check">
          <div className="nf-stack-sm">
            <div className="nf-row-wrap">
              <span className="nf-muted">Original role:</span> <RoleTag role={check.original} />
            </div>
            <div className="nf-row-wrap">
              <span className="nf-muted">Final role:</span> <RoleTag role={check.final} strong />
            </div>
            <strong style={{ color: changed ? '#f59e0b' : '#22c55e' }}>
              {changed ? 'Your role has changed during the night!' : 'Your role has not changed.'}
            </strong>
          </div>
        </Card>
      ) : null}
      {data?.wasConverted ? <Alert type="error" showIcon title="You were converted: you are now on the Hidden Enemies Team." data-testid="converted-notice" /> : null}
      {data?.wasRobbed ? <Alert type="warning" showIcon title="Your card was stolen during the night." data-testid="robbed-notice" /> : null}

      {ready ? (
        <Card size="small">
          <ReadyList players={view.players} meId={me.userId} isDone={(p) => p.isReady} doneText="Ready" waitText="Reading" testId="resolve-ready" />
        </Card>
      ) : (
        <div className="nf-sticky-actions">
          <Button type="primary" size="large" block disabled={!connected || guard.pending} onClick={() => guard.run(() => send({ action: 'ready_next_phase', data: {} }))} data-testid="ready-resolve">
            {connected ? 'Got it!' : 'Reconnecting...'}
          </Button>
        </div>
      )}
    </section>
  );
}
