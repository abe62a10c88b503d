import { Button, Card } from 'antd';
import { ReadyList } from '../../../components/ReadyList';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { usePending } from '../../../hooks/usePending';
import { tx } from '../../../i18n/react';
import { t } from '../../../i18n/t';
import { AdminCards } from '../discussion/AdminCards';
import { CopierDiscovery } from '../night/CopierDiscovery';
import { PhaseTitle } from '../PhaseTitle';
import { ActionResultCard } from '../resolve/ActionResultCard';
import { withoutDiscovery } from '../resolve/discovery';
import { ArtifactReceived, ConversionNotice, NightWarnings, StolenOrConvertedPanel } from '../resolve/NightNotices';
import { SelfCheckCard } from '../resolve/SelfCheckCard';
import type { PhaseProps } from '../types';

/**
 * role_resolve ('Night Results'): warnings, the copier's discovery, the night result's lines worded
 * through the catalogue and theme (or 'No Action Taken'), the Self-Checker style check, the conversion notice, the stolen/converted panel, an artifact
 * received; then 'Got it!' and who is Ready or Reading.
 */
export function RoleResolveView({ view, me, connected, send }: PhaseProps) {
  const mine = view.players.find((p) => p.userId === me.userId);
  const ready = !!mine?.isReady;
  const guard = usePending(ready);
  const result = withoutDiscovery(me.actionResult, me.immediateResult);
  const data = me.actionResult?.data;
  const check = data?.originalRole && data?.finalRole ? { original: data.originalRole, final: data.finalRole } : null;

  return (
    <section className="nf-stack" data-testid="phase-role_resolve">
      <PhaseTitle title={t('resolve.title')} subtitle={t('resolve.subtitle')} />
      {me.originalRole ? (
        <div className="nf-night-role" data-testid="resolve-role">
          <RoleImage role={me.originalRole} size={48} />
          <span className="nf-small">
            <span className="nf-muted">{tx('resolve.dealt', { role: <RoleTag role={me.originalRole} /> })}</span>
          </span>
        </div>
      ) : null}
      <NightWarnings stalkerMarked={me.stalkerMarked || !!data?.stalkerMarked} tapped={me.isTappedByThing} tappedBy={data?.tappedBy} />
      {me.immediateResult ? <CopierDiscovery result={me.immediateResult} compact /> : null}
      <ActionResultCard result={result} showNewRole={!check} />
      {check ? <SelfCheckCard original={check.original} final={check.final} converted={!!data?.wasConverted} /> : null}
      <ConversionNotice action={me.action} result={result} players={view.players} />
      <StolenOrConvertedPanel result={result} />
      <ArtifactReceived artifactId={me.artifactId ?? data?.artifact ?? null} />
      <AdminCards view={view} />

      {ready ? (
        <Card size="small">
          <ReadyList players={view.players} meId={me.userId} isDone={(p) => p.isReady} doneText={t('common.ready')} waitText={t('resolve.reading')} testId="resolve-ready" />
        </Card>
      ) : (
        <div className="nf-sticky-actions">
          <Button type="primary" size="large" block disabled={!connected || guard.pending} onClick={() => guard.run(() => send({ action: 'ready_next_phase', data: {} }))} data-testid="ready-resolve">
            {connected ? t('resolve.ready') : t('common.reconnecting')}
          </Button>
        </div>
      )}
    </section>
  );
}
