import { Card, Collapse, Typography } from 'antd';
import { AimOutlined, ArrowRightOutlined, CopyOutlined, CrownOutlined, LockOutlined, SafetyOutlined } from '@ant-design/icons';
import type { GameView, PublicPlayer } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { PILE_INDEX } from '@nightfall/game-rules';
import { STATUS_COLORS } from '../../../theme/appTheme';
import { isAdminView } from '../../lobby/adminRole';
import { ArtifactLabel } from '../ArtifactBadge';
import { adminActionLines } from './adminView';

/** One player's cards, marks and night actions. */
function AdminPlayer({ p, view, nameOf }: { p: PublicPlayer; view: GameView; nameOf: (id: string) => string }) {
  const text = useRuleText();
  const lines = adminActionLines(p, view.game.nightLog, nameOf);
  const changed = p.currentRole !== p.originalRole;
  return (
    <li className="nf-admin-player" data-testid={`admin-player-${p.userId}`} data-original-role={p.originalRole ?? undefined} data-current-role={p.currentRole ?? undefined}>
      <div className="nf-row-wrap" style={{ gap: 6, flexWrap: 'nowrap' }}>
        <RoleImage role={p.currentRole} team={p.finalTeam} size={32} />
        <strong className="nf-row-name">
          <span className="nf-muted nf-small">#{p.seatPosition + 1} </span>
          {p.displayName}
        </strong>
        {p.finalTeam ? (
          <span className="nf-small" style={{ color: text.teamTextColor(p.finalTeam), fontWeight: 600, flex: 'none' }} data-testid="admin-final-team">
            {text.teamName(p.finalTeam)}
          </span>
        ) : null}
      </div>
      <div className="nf-row-wrap nf-small" style={{ gap: 6 }} data-testid="admin-player-roles">
        <span className="nf-muted">{t('admin.dealt')}</span>
        <RoleTag role={p.originalRole} strong={!changed} />
        {changed ? (
          <>
            <ArrowRightOutlined className="nf-muted" />
            <span style={{ color: STATUS_COLORS.warning }}>{t('admin.now')}</span>
            <RoleTag role={p.currentRole} strong />
          </>
        ) : (
          <span className="nf-muted">{t('admin.still')}</span>
        )}
      </div>
      <div className="nf-row-wrap nf-small nf-muted" style={{ gap: 10 }}>
        {p.copiedRole ? (
          <span className="nf-row-wrap" style={{ gap: 4 }}>
            <CopyOutlined /> {t('admin.copied')} <RoleTag role={p.copiedRole} />
          </span>
        ) : null}
        {p.transformedTo ? (
          <span className="nf-row-wrap" style={{ gap: 4 }}>
            {t('admin.turned')} <RoleTag role={p.transformedTo} />
          </span>
        ) : null}
        {p.convertedBy ? <span style={{ color: text.teamTextColor('bad') }}>{t('admin.converted_by', { name: nameOf(p.convertedBy) })}</span> : null}
        {p.shieldedPlayer ? (
          <span>
            <LockOutlined /> {p.shieldedPlayer === p.userId ? t('admin.shielded.own') : t('admin.shielded.other', { name: nameOf(p.shieldedPlayer) })}
          </span>
        ) : null}
        {p.protectedPlayer ? (
          <span>
            <SafetyOutlined /> {t('admin.protects', { name: nameOf(p.protectedPlayer) })}
          </span>
        ) : null}
        {p.stalkerTarget ? (
          <span>
            <AimOutlined /> {t('admin.stalks', { name: nameOf(p.stalkerTarget) })}
          </span>
        ) : null}
        {p.stalkerMarked ? <span>{t('admin.marked', { role: text.role('Stalker') })}</span> : null}
        {p.isTappedByThing ? <span>{t('admin.tapped')}</span> : null}
        {p.voteTarget ? <span>{t('admin.votes_for', { name: nameOf(p.voteTarget) })}</span> : null}
        {p.artifactId ? <ArtifactLabel id={p.artifactId} /> : null}
      </div>
      {lines.length > 0 ? (
        <ol className="nf-stack-sm" style={{ margin: 0, paddingLeft: 0, listStyle: 'none', gap: 4 }} data-testid="admin-player-actions">
          {lines.map((l, i) => (
            <li key={i} className="nf-small" data-testid="admin-action" data-copy={l.isCopy || undefined}>
              <div className="nf-row-wrap" style={{ gap: 6 }}>
                {l.order > 0 ? <span className="nf-count">#{l.order}</span> : null}
                {l.isCopy ? <span className="nf-muted">{t('admin.copy')}</span> : null}
                <span>
                  {text.actionKind(l.kind)}
                  {l.targets ? <span className="nf-muted">: {l.targets}</span> : null}
                </span>
              </div>
              {l.resolved ? (
                <Typography.Text type="secondary" className="nf-small" style={{ display: 'block', whiteSpace: 'pre-line' }} data-testid="admin-action-result">
                  {text.result(l.result)}
                </Typography.Text>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <span className="nf-small nf-muted">{t('admin.no_action')}</span>
      )}
    </li>
  );
}

/**
 * Admin only (spec 000 section 2): the center cards (the bad-guy pile included), every player's dealt and
 * current card, marks and full night actions with their results, in role_resolve and discussion. The
 * server sends admin views only to the super admin, so nothing here renders for anybody else.
 */
export function AdminCards({ view }: { view: GameView }) {
  const center = view.game.centerCards;
  const phase = view.game.phase;
  const text = useRuleText();
  if (!isAdminView(view) || !center || (phase !== 'role_resolve' && phase !== 'discussion')) return null;
  const nameOf = (id: string) => view.players.find((p) => p.userId === id)?.displayName ?? t('common.unknown');
  return (
    <Card
      size="small"
      className="nf-accent-card"
      title={
        <span>
          <CrownOutlined /> {t('admin.title')}
        </span>
      }
      data-testid="admin-cards"
    >
      <div className="nf-stack-sm">
        <div className="nf-admin-center" data-testid="admin-center-cards">
          {center.map((r, i) => (
            <div key={i} className="nf-admin-center-card" data-testid={`admin-center-${i}`} data-role={r}>
              <RoleImage role={r} size={36} />
              <span className="nf-muted nf-small">{i === PILE_INDEX ? text.pile() : t('admin.center', { n: i + 1 })}</span>
              <RoleTag role={r} />
            </div>
          ))}
        </div>
        <Collapse
          size="small"
          ghost
          defaultActiveKey={['players']}
          items={[
            {
              key: 'players',
              label: t('admin.players', { count: view.players.length }),
              children: (
                <ul className="nf-stack-sm" style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="admin-players">
                  {view.players.map((p) => (
                    <AdminPlayer key={p.userId} p={p} view={view} nameOf={nameOf} />
                  ))}
                </ul>
              ),
            },
          ]}
        />
      </div>
    </Card>
  );
}
