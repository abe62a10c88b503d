import { Alert, Card } from 'antd';
import { AimOutlined, BellOutlined } from '@ant-design/icons';
import type { ActionPayload, ActionResult, PublicPlayer } from '@nightfall/game-rules';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { ArtifactIcon } from '../ArtifactBadge';
import { artifactInfo } from '../artifacts';

/** 'Somebody wants you dead.' (Stalker's target) and 'You were tapped!' (Tapper's neighbour). */
export function NightWarnings({ stalkerMarked, tapped, tappedBy }: { stalkerMarked: boolean; tapped: boolean; tappedBy?: 'left' | 'right' }) {
  if (!stalkerMarked && !tapped) return null;
  return (
    <div className="nf-stack-sm">
      {stalkerMarked ? <Alert type="error" showIcon icon={<AimOutlined />} title="Somebody wants you dead." description="A Stalker chose you as their target." data-testid="stalker-warning" /> : null}
      {tapped ? <Alert type="warning" showIcon icon={<BellOutlined />} title="You were tapped!" description={tappedBy ? `The tap came from your ${tappedBy}.` : 'A neighbour tapped you on the shoulder.'} data-testid="tapped-warning" /> : null}
    </div>
  );
}

/** The Converter's own notice: the bad-guy pile card went to the chosen player. */
export function ConversionNotice({ action, result, players }: { action: ActionPayload | null; result: ActionResult | null; players: PublicPlayer[] }) {
  if (action?.type !== 'convert_player') return null;
  const name = result?.data?.targetName ?? players.find((p) => p.userId === action.targetUserId)?.displayName ?? 'your target';
  const blocked = !!result?.data?.shielded;
  const card = result?.data?.convertedTo ?? 'Bad Guy';
  return (
    <Card size="small" title="Bad-guy pile" className={blocked ? undefined : 'nf-danger-card'} data-testid="conversion-notice">
      <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
        <RoleImage role={blocked ? 'Role Locker' : card} size={48} />
        <span>
          {blocked ? (
            `${name}'s card was shielded: the conversion failed.`
          ) : (
            <>
              <strong>{name}</strong> now holds the pile's <RoleTag role={card} /> card{card === 'Bad Guy' ? ' and is on your team' : ''}.
            </>
          )}
        </span>
      </div>
    </Card>
  );
}

/** The role stolen / converted panel of a player whose card was taken or converted during the night. */
export function StolenOrConvertedPanel({ result }: { result: ActionResult | null }) {
  const data = result?.data;
  if (!data?.wasRobbed && !data?.wasConverted) return null;
  const converted = !!data.wasConverted;
  const now = data.finalRole ?? data.newRole;
  return (
    <Card size="small" title={converted ? 'You were converted' : 'Your role was stolen'} data-testid={converted ? 'converted-notice' : 'robbed-notice'} className="nf-danger-card">
      <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
        {now ? <RoleImage role={now} size={48} /> : null}
        <div className="nf-stack-sm" style={{ gap: 4 }}>
          <span>
            {converted
              ? 'Your card was swapped with the bad-guy pile: you are now on the Hidden Enemies Team.'
              : 'Somebody took your card during the night.'}
          </span>
          {now ? (
            <span className="nf-row-wrap nf-small" style={{ gap: 6 }}>
              <span className="nf-muted">You now hold</span> <RoleTag role={now} strong />
            </span>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** An artifact the Item Giver placed on the viewer. */
export function ArtifactReceived({ artifactId }: { artifactId: string | null }) {
  const info = artifactInfo(artifactId);
  if (!artifactId || !info) return null;
  return (
    <Card size="small" title="Artifact received" data-testid="artifact-received">
      <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
        <ArtifactIcon id={artifactId} size={48} />
        <div className="nf-stack-sm" style={{ gap: 2 }}>
          <strong data-testid="artifact-name">{info.name}</strong>
          {info.effect ? <span className="nf-muted nf-small">{info.effect}</span> : null}
        </div>
      </div>
    </Card>
  );
}
