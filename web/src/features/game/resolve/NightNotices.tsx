import { Alert, Card } from 'antd';
import { AimOutlined, BellOutlined } from '@ant-design/icons';
import type { ActionPayload, ActionResult, PublicPlayer } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { useRoleSource, useRuleText } from '../../../components/RolesContext';
import { tx } from '../../../i18n/react';
import { t } from '../../../i18n/t';
import { roleDisplay } from '../../../lib/roles';
import { ArtifactIcon } from '../ArtifactBadge';

/** 'Somebody wants you dead.' (Stalker's target) and 'You were tapped!' (Tapper's neighbour), spec 000 section 2. */
export function NightWarnings({ stalkerMarked, tapped, tappedBy }: { stalkerMarked: boolean; tapped: boolean; tappedBy?: 'left' | 'right' }) {
  const text = useRuleText();
  if (!stalkerMarked && !tapped) return null;
  return (
    <div className="nf-stack-sm">
      {stalkerMarked ? (
        <Alert type="error" showIcon icon={<AimOutlined />} title={t('resolve.stalked.title')} description={t('resolve.stalked.text', { role: text.role('Stalker') })} data-testid="stalker-warning" />
      ) : null}
      {tapped ? (
        <Alert
          type="warning"
          showIcon
          icon={<BellOutlined />}
          title={t('resolve.tapped.title')}
          description={tappedBy ? t('resolve.tapped.side', { side: t(tappedBy === 'left' ? 'side.left' : 'side.right') }) : t('resolve.tapped.text')}
          data-testid="tapped-warning"
        />
      ) : null}
    </div>
  );
}

/** The Converter's own notice, titled with the theme's bad-guy pile: the pile's card went to the chosen player. */
export function ConversionNotice({ action, result, players }: { action: ActionPayload | null; result: ActionResult | null; players: PublicPlayer[] }) {
  const text = useRuleText();
  const source = useRoleSource();
  if (action?.type !== 'convert_player') return null;
  const name = result?.data?.targetName ?? players.find((p) => p.userId === action.targetUserId)?.displayName ?? t('resolve.conversion.target');
  const blocked = !!result?.data?.shielded;
  const card = result?.data?.convertedTo ?? 'Bad Guy';
  // The converted player joins the converter's team when the card it now holds is a bad-team card.
  const joins = roleDisplay(source, card).team === 'bad';
  return (
    <Card size="small" title={text.pile()} className={blocked ? undefined : 'nf-danger-card'} data-testid="conversion-notice">
      <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
        <RoleImage role={blocked ? 'Role Locker' : card} size={48} />
        <span>
          {blocked
            ? t('resolve.conversion.failed', { name })
            : tx(joins ? 'resolve.conversion.done_team' : 'resolve.conversion.done', { name: <strong>{name}</strong>, role: <RoleTag role={card} /> })}
        </span>
      </div>
    </Card>
  );
}

/**
 * The role stolen / converted panel of a player whose card was taken or converted during the night, titled
 * with the theme's wording (`actions.converted`, `actions.robbed`).
 */
export function StolenOrConvertedPanel({ result }: { result: ActionResult | null }) {
  const text = useRuleText();
  const data = result?.data;
  if (!data?.wasRobbed && !data?.wasConverted) return null;
  const converted = !!data.wasConverted;
  const now = data.finalRole ?? data.newRole;
  const title = converted ? text.theme.actions?.converted : text.theme.actions?.robbed;
  return (
    <Card size="small" title={title} data-testid={converted ? 'converted-notice' : 'robbed-notice'} className="nf-danger-card">
      <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
        {now ? <RoleImage role={now} size={48} /> : null}
        <div className="nf-stack-sm" style={{ gap: 4 }}>
          <span>{converted ? t('resolve.converted.text', { pile: text.pileInSentence(), teamName: text.teamName('bad') }) : t('resolve.robbed.text')}</span>
          {now ? (
            <span className="nf-row-wrap nf-small" style={{ gap: 6 }}>
              <span className="nf-muted">{t('resolve.now_hold')}</span> <RoleTag role={now} strong />
            </span>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** An artifact the Item Giver placed on the viewer: its name and effect (catalogue, theme's team names). */
export function ArtifactReceived({ artifactId }: { artifactId: string | null }) {
  const text = useRuleText();
  if (!artifactId) return null;
  const effect = text.artifactEffect(artifactId);
  return (
    <Card size="small" title={t('resolve.artifact')} data-testid="artifact-received">
      <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
        <ArtifactIcon id={artifactId} size={48} />
        <div className="nf-stack-sm" style={{ gap: 2 }}>
          <strong data-testid="artifact-name">{text.artifactName(artifactId)}</strong>
          {effect ? <span className="nf-muted nf-small">{effect}</span> : null}
        </div>
      </div>
    </Card>
  );
}
