import { Button, Card } from 'antd';
import type { NightInfo, PublicPlayer, RoleId } from '@nightfall/game-rules';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';

/** True when the night info has something to show (fellow bad guys, Mutual Knowers, Role Lookers, lone wolf). */
export function hasNightInfo(info: NightInfo | null | undefined): info is NightInfo {
  if (!info) return false;
  return info.badGuys !== undefined || info.mutualKnowers !== undefined || info.roleLookers !== undefined || !!info.loneWolf;
}

function Names({ people, players, testId }: { people: Array<{ userId: string; displayName: string; role?: RoleId }>; players: PublicPlayer[]; testId: string }) {
  return (
    <ul className="nf-rows" data-testid={testId}>
      {people.map((p) => (
        <li key={p.userId} className="nf-row">
          <PlayerAvatar name={p.displayName} isBot={!!players.find((x) => x.userId === p.userId)?.isBot} size={28} />
          <span className="nf-row-name">{p.displayName}</span>
          {p.role ? <RoleTag role={p.role} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Per-role information screen (spec 000 section 2): the bad-guy roles see their fellow bad guys, the
 * helper sees the bad guys, Mutual Knowers see each other, the Seer Knower sees who the Role Looker is.
 * Dismissed with Continue.
 */
export function NightInfoScreen({
  info,
  role,
  players,
  connected,
  onContinue,
}: {
  info: NightInfo;
  role: RoleId | null;
  players: PublicPlayer[];
  connected: boolean;
  onContinue: () => void;
}) {
  const isHelper = role === 'Bad Guy Helper';
  return (
    <Card data-testid="night-info">
      <div className="nf-stack">
        {info.badGuys !== undefined ? (
          <div className="nf-stack-sm" data-testid="night-info-section-bad-guys">
            <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
              <RoleImage role="Bad Guy" size={40} />
              <strong>{isHelper ? 'The Hidden Enemies are:' : 'Your fellow Hidden Enemies:'}</strong>
            </div>
            {info.badGuys.length > 0 ? (
              <Names players={players} people={info.badGuys} testId="night-info-bad-guys" />
            ) : (
              <span className="nf-muted">{isHelper ? 'There are no Hidden Enemies among the players.' : 'You are the only Hidden Enemy awake.'}</span>
            )}
            {isHelper ? <span className="nf-muted nf-small">They do not know that you are their helper.</span> : null}
          </div>
        ) : null}
        {info.loneWolf ? <span className="nf-muted" data-testid="night-info-lone-wolf">Next, you may look at one center card.</span> : null}
        {info.mutualKnowers !== undefined ? (
          <div className="nf-stack-sm" data-testid="night-info-section-mutual-knowers">
            <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
              <RoleImage role="Mutual Knowers" size={40} />
              <strong>The other Mutual Knowers:</strong>
            </div>
            {info.mutualKnowers.length > 0 ? (
              <Names players={players} people={info.mutualKnowers} testId="night-info-mutual-knowers" />
            ) : (
              <span className="nf-muted">You are the only Mutual Knower among the players.</span>
            )}
          </div>
        ) : null}
        {info.roleLookers !== undefined ? (
          <div className="nf-stack-sm" data-testid="night-info-section-role-lookers">
            <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
              <RoleImage role="Role Looker" size={40} />
              <strong>The Role Looker is:</strong>
            </div>
            {info.roleLookers.length > 0 ? (
              <Names players={players} people={info.roleLookers} testId="night-info-role-lookers" />
            ) : (
              <span className="nf-muted">Nobody was dealt the Role Looker.</span>
            )}
          </div>
        ) : null}
        <Button type="primary" size="large" block disabled={!connected} onClick={onContinue} data-testid="night-continue">
          Continue
        </Button>
      </div>
    </Card>
  );
}
