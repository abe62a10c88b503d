import { Button, Card } from 'antd';
import type { NightInfo, PublicPlayer, RoleId } from '@nightfall/game-rules';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { RoleImage } from '../../../components/RoleImage';
import { RoleTag } from '../../../components/RoleTag';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';

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
 * helper sees the bad guys, Mutual Knowers see each other, the Seer Knower sees who the Role Looker is
 * (roles and the bad team named as the active theme names them). Dismissed with Continue.
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
  const text = useRuleText();
  const wolves = { wolfTeam: text.wolfTeam(), wolfMember: text.wolfMember() };
  return (
    <Card data-testid="night-info">
      <div className="nf-stack">
        {info.badGuys !== undefined ? (
          <div className="nf-stack-sm" data-testid="night-info-section-bad-guys">
            <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
              <RoleImage role="Bad Guy" size={40} />
              <strong>{t(isHelper ? 'nightview.info.wolves.helper' : 'nightview.info.wolves.fellow', wolves)}</strong>
            </div>
            {info.badGuys.length > 0 ? (
              <Names players={players} people={info.badGuys} testId="night-info-bad-guys" />
            ) : (
              <span className="nf-muted">{t(isHelper ? 'nightview.info.wolves.none.helper' : 'nightview.info.wolves.none.fellow', wolves)}</span>
            )}
            {isHelper ? <span className="nf-muted nf-small">{t('nightview.info.helper_unknown')}</span> : null}
          </div>
        ) : null}
        {info.loneWolf ? (
          <span className="nf-muted" data-testid="night-info-lone-wolf">
            {t('nightview.info.lone_wolf')}
          </span>
        ) : null}
        {info.mutualKnowers !== undefined ? (
          <div className="nf-stack-sm" data-testid="night-info-section-mutual-knowers">
            <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
              <RoleImage role="Mutual Knowers" size={40} />
              <strong>{t('nightview.info.mutual_knowers', { role: text.role('Mutual Knowers') })}</strong>
            </div>
            {info.mutualKnowers.length > 0 ? (
              <Names players={players} people={info.mutualKnowers} testId="night-info-mutual-knowers" />
            ) : (
              <span className="nf-muted">{t('nightview.info.mutual_knowers.none', { role: text.role('Mutual Knowers') })}</span>
            )}
          </div>
        ) : null}
        {info.roleLookers !== undefined ? (
          <div className="nf-stack-sm" data-testid="night-info-section-role-lookers">
            <div className="nf-row-wrap" style={{ flexWrap: 'nowrap' }}>
              <RoleImage role="Role Looker" size={40} />
              <strong>{t('nightview.info.role_lookers', { role: text.role('Role Looker') })}</strong>
            </div>
            {info.roleLookers.length > 0 ? (
              <Names players={players} people={info.roleLookers} testId="night-info-role-lookers" />
            ) : (
              <span className="nf-muted">{t('nightview.info.role_lookers.none', { role: text.role('Role Looker') })}</span>
            )}
          </div>
        ) : null}
        <Button type="primary" size="large" block disabled={!connected} onClick={onContinue} data-testid="night-continue">
          {t('common.continue')}
        </Button>
      </div>
    </Card>
  );
}
