import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { t } from '../../../i18n/t';
import { togglePick } from './kinds';
import { PickerFrame, PlayerOption, targetsFor } from './options';
import type { PickerProps } from './types';

/** Role Swapper: pick exactly two of the server's valid targets (a third pick drops the oldest). */
export function TwoPlayerPicker(props: PickerProps) {
  const [picked, setPicked] = useState<string[]>([]);
  const action: ActionPayload | null =
    picked.length === 2 ? { type: 'swap_players', player1UserId: picked[0], player2UserId: picked[1] } : null;
  return (
    <PickerFrame
      testId="picker-swap_players"
      prompt={t('picker.swap')}
      counter={`${picked.length}/2`}
      action={action}
      picker={props}
    >
      <div className="nf-grid">
        {targetsFor('swap_players', props).map((p) => (
          <PlayerOption key={p.userId} player={p} selected={picked.includes(p.userId)} onClick={() => setPicked((cur) => togglePick(cur, p.userId, 2))} />
        ))}
      </div>
    </PickerFrame>
  );
}
