import { Button, Card } from 'antd';
import type { NightInfo, RoleName } from '@nightfall/game-rules';
import { RoleTag } from '../../../components/RoleTag';
import { roleTeam } from '../../../lib/roles';

/** True when the night info has something to show (fellow bad guys, Mutual Knowers, Role Lookers). */
export function hasNightInfo(info: NightInfo | null | undefined, role: RoleName | null): boolean {
  if (!info) return false;
  return info.badGuys !== undefined || info.mutualKnowers !== undefined || info.roleLookers !== undefined || (role !== null && roleTeam(role) === 'bad' && !!info.loneWolf);
}

function Names({ people, testId }: { people: Array<{ userId: string; displayName: string; role?: RoleName }>; testId: string }) {
  return (
    <ul className="nf-rows" data-testid={testId}>
      {people.map((p) => (
        <li key={p.userId} className="nf-row">
          <span className="nf-row-name">{p.displayName}</span>
          {p.role ? <RoleTag role={p.role} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Per-role information screen (spec 000 section 2): fellow bad guys (wolves and the helper), the other
 * Mutual Knowers, or who the Role Looker is (Seer Knower). Dismissed with Continue.
 */
export function NightInfoScreen({ info, role, connected, onContinue }: { info: NightInfo; role: RoleName | null; connected: boolean; onContinue: () => void }) {
  const isHelper = role === 'Bad Guy Helper';
  return (
    <Card data-testid="night-info">
      <div className="nf-stack">
        {info.badGuys !== undefined ? (
          <div className="nf-stack-sm">
            <strong>{isHelper ? 'The Hidden Enemies are:' : 'Your fellow Hidden Enemies:'}</strong>
            {info.badGuys.length > 0 ? (
              <Names people={info.badGuys} testId="night-info-bad-guys" />
            ) : (
              <span className="nf-muted">{isHelper ? 'There are no Hidden Enemies among the players.' : 'You are the only Hidden Enemy awake.'}</span>
            )}
          </div>
        ) : null}
        {info.loneWolf && info.badGuys === undefined ? <span className="nf-muted">You are the only Hidden Enemy awake.</span> : null}
        {info.mutualKnowers !== undefined ? (
          <div className="nf-stack-sm">
            <strong>The other Mutual Knowers:</strong>
            {info.mutualKnowers.length > 0 ? (
              <Names people={info.mutualKnowers} testId="night-info-mutual-knowers" />
            ) : (
              <span className="nf-muted">You are the only Mutual Knower among the players.</span>
            )}
          </div>
        ) : null}
        {info.roleLookers !== undefined ? (
          <div className="nf-stack-sm">
            <strong>The Role Looker is:</strong>
            {info.roleLookers.length > 0 ? (
              <Names people={info.roleLookers} testId="night-info-role-lookers" />
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
