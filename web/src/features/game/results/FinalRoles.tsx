import { Card } from 'antd';
import { AimOutlined, ArrowRightOutlined, CheckCircleFilled, CopyOutlined, LockOutlined, SafetyOutlined } from '@ant-design/icons';
import { PILE_INDEX, type PublicPlayer, type RoleId, type VoteResults } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { STATUS_COLORS } from '../../../theme/appTheme';
import { ArtifactLabel } from '../ArtifactBadge';
import { readableOn } from '../../../lib/contrast';

/**
 * Final role reveals: dealt -> final role with the final team (the theme's name and colour), votes received, artifact, the Stalker's
 * target (with a tick when eliminated), the Protector's protection; then the center cards.
 */
export function FinalRoles({ results, players, centerCards }: { results: VoteResults; players: PublicPlayer[]; centerCards?: RoleId[] | null }) {
  const text = useRuleText();
  const nameOf = (id: string) => players.find((p) => p.userId === id)?.displayName ?? t('common.unknown');
  const eliminated = new Set(results.eliminatedPlayers.map((e) => e.userId));
  const protectedIds = new Set(players.map((p) => p.protectedPlayer).filter((x): x is string => !!x));
  return (
    <Card size="small" title={t('results.final')} data-testid="final-roles">
      <ul className="nf-rows">
        {players.map((p) => (
          <li key={p.userId} className="nf-row nf-final-row" data-testid={`final-role-${p.userId}`}>
            <RoleImage role={p.currentRole} team={p.finalTeam} size={48} />
            <div className="nf-stack-sm" style={{ gap: 4, minWidth: 0, flex: 1 }}>
              <div className="nf-between">
                <strong className="nf-row-name">
                  {p.displayName}
                  {eliminated.has(p.userId) ? <span style={{ color: readableOn(STATUS_COLORS.danger) }}>{t('results.final.eliminated')}</span> : null}
                </strong>
                <span className="nf-small" data-testid="votes-received">{t('results.vote_count', { count: results.voteCount?.[p.userId] ?? 0 })}</span>
              </div>
              <div className="nf-row-wrap" style={{ gap: 6 }}>
                <RoleTag role={p.originalRole} />
                {p.currentRole !== p.originalRole ? (
                  <>
                    <ArrowRightOutlined className="nf-muted" />
                    <RoleTag role={p.currentRole} team={p.finalTeam} strong />
                  </>
                ) : null}
              </div>
              {p.finalTeam ? (
                <span className="nf-small" style={{ color: text.teamTextColor(p.finalTeam), fontWeight: 600 }} data-testid="final-team">
                  {text.teamName(p.finalTeam)}
                </span>
              ) : null}
              {p.copiedRole ? (
                <span className="nf-small nf-muted nf-row-wrap" style={{ gap: 4 }} data-testid="copied-role">
                  <CopyOutlined /> {t('results.final.copied')} <RoleTag role={p.copiedRole} />
                </span>
              ) : null}
              {p.transformedTo && p.transformedTo !== p.currentRole && !p.copiedRole ? (
                <span className="nf-small nf-muted nf-row-wrap" style={{ gap: 4 }} data-testid="transformed-to">
                  {t('results.final.turned')} <RoleTag role={p.transformedTo} />
                </span>
              ) : null}
              {p.convertedBy ? (
                <span className="nf-small" style={{ color: text.teamTextColor('bad') }} data-testid="converted-by">
                  {t('results.final.converted_by', { name: nameOf(p.convertedBy) })}
                </span>
              ) : null}
              {p.artifactId ? <ArtifactLabel id={p.artifactId} /> : null}
              {p.shieldedPlayer ? (
                <span className="nf-small nf-muted" data-testid="shielded-player">
                  <LockOutlined />{' '}
                  {p.shieldedPlayer === p.userId ? t('results.final.shielded.own') : t('results.final.shielded.other', { name: nameOf(p.shieldedPlayer) })}
                </span>
              ) : null}
              {p.isTappedByThing ? (
                <span className="nf-small nf-muted" data-testid="was-tapped">
                  {t('results.final.tapped')}
                </span>
              ) : null}
              {p.stalkerTarget ? (
                <span className="nf-small nf-muted" data-testid="stalker-target">
                  <AimOutlined /> {t('results.final.target', { name: nameOf(p.stalkerTarget) })}{' '}
                  {eliminated.has(p.stalkerTarget) ? (
                    <CheckCircleFilled style={{ color: STATUS_COLORS.success }} aria-label={t('results.final.eliminated_aria')} data-testid="stalker-target-eliminated" />
                  ) : null}
                </span>
              ) : null}
              {p.protectedPlayer ? (
                <span className="nf-small nf-muted" data-testid="protected-player">
                  <SafetyOutlined /> {t('results.final.protected', { name: nameOf(p.protectedPlayer) })}
                </span>
              ) : null}
              {protectedIds.has(p.userId) ? (
                <span className="nf-small" style={{ color: STATUS_COLORS.success }} data-testid="was-protected">
                  <SafetyOutlined /> {t('results.final.was_protected')}
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {centerCards && centerCards.length > 0 ? (
        <div className="nf-row-wrap" style={{ marginTop: 10 }} data-testid="final-center-cards">
          <span className="nf-muted nf-small">{t('results.final.center')}</span>
          {centerCards.map((r, i) => (
            <span key={i} className="nf-row-wrap" style={{ gap: 4 }}>
              {i === PILE_INDEX ? <span className="nf-muted nf-small">{text.pile()}</span> : null}
              <RoleTag role={r} />
            </span>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
