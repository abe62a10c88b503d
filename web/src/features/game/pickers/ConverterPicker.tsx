import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { RoleTag } from '../../../components/RoleTag';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { PickerFrame, PlayerOption, targetsFor } from './options';
import type { PickerProps } from './types';

/**
 * Bad Guy Converter: sees the team, then converts one of the server's valid targets (other players who are
 * not bad guys; their card is swapped with the bad-guy pile), or passes.
 */
export function ConverterPicker(props: PickerProps) {
  const [target, setTarget] = useState<string | null>(null);
  const team = props.nightInfo?.badGuys ?? [];
  const candidates = targetsFor('convert_player', props);
  const action: ActionPayload | null = target ? { type: 'convert_player', targetUserId: target } : null;
  const text = useRuleText();
  return (
    <PickerFrame
      testId="picker-convert_player"
      prompt={t('picker.convert')}
      note={t('picker.convert.note', { pile: text.pileInSentence(), role: text.role('Bad Guy') })}
      action={action}
      picker={props}
    >
      <div className="nf-team-box" data-testid="converter-team">
        <strong className="nf-small">{t('picker.convert.team')}</strong>
        {team.length > 0 ? (
          <ul className="nf-rows">
            {team.map((b) => (
              <li key={b.userId} className="nf-row">
                <span className="nf-row-name">{b.displayName}</span>
                <RoleTag role={b.role} />
              </li>
            ))}
          </ul>
        ) : (
          <span className="nf-muted nf-small">{t('picker.convert.alone', { wolfMember: text.wolfMember() })}</span>
        )}
      </div>
      {candidates.length > 0 ? (
        <div className="nf-grid">
          {candidates.map((p) => (
            <PlayerOption key={p.userId} player={p} selected={target === p.userId} onClick={() => setTarget(target === p.userId ? null : p.userId)} />
          ))}
        </div>
      ) : (
        <span className="nf-muted" data-testid="no-target">
          {t('picker.convert.nobody')}
        </span>
      )}
    </PickerFrame>
  );
}
