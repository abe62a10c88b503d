import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { togglePick } from './kinds';
import { PickerFrame, PlayerOption, targetsFor } from './options';
import type { PickerProps } from './types';

/** Paranormal Investigator: one or two of the server's valid targets, looked at in the order picked (a 0/2 counter). */
export function InvestigatorPicker(props: PickerProps) {
  const [picked, setPicked] = useState<string[]>([]);
  const action: ActionPayload | null = picked.length > 0 ? { type: 'investigate_players', targetUserIds: picked } : null;
  const text = useRuleText();
  return (
    <PickerFrame
      testId="picker-investigate_players"
      prompt={t('picker.investigate')}
      counter={`${picked.length}/2`}
      note={t('picker.investigate.note', { wolfMember: text.wolfMember(), role: text.role('Self-Eliminator') })}
      action={action}
      picker={props}
    >
      <div className="nf-grid">
        {targetsFor('investigate_players', props).map((p) => {
          const pos = picked.indexOf(p.userId);
          return <PlayerOption key={p.userId} player={p} selected={pos >= 0} badge={pos >= 0 ? String(pos + 1) : undefined} onClick={() => setPicked((cur) => togglePick(cur, p.userId, 2))} />;
        })}
      </div>
    </PickerFrame>
  );
}
