import { useState } from 'react';
import { CENTER_INDEXES, type ActionPayload } from '@nightfall/game-rules';
import { t } from '../../../i18n/t';
import { CenterOption, PickerFrame, PlayerOption, targetsFor } from './options';
import type { PickerProps } from './types';

/** Role Giver: look at one center card and give it to one of the server's valid targets (the giver included), or pass. */
export function RoleGiverPicker(props: PickerProps) {
  const [center, setCenter] = useState<number | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const action: ActionPayload | null = center !== null && target ? { type: 'view_and_swap', centerIndex: center, targetUserId: target } : null;
  return (
    <PickerFrame
      testId="picker-view_and_swap"
      prompt={t('picker.give')}
      note={t('picker.give.note')}
      action={action}
      picker={props}
    >
      <strong className="nf-small">{t('picker.give.step_center')}</strong>
      <div className="nf-grid-3">
        {CENTER_INDEXES.map((i) => (
          <CenterOption key={i} index={i} selected={center === i} onClick={() => setCenter(center === i ? null : i)} />
        ))}
      </div>
      <strong className="nf-small">{t('picker.give.step_player')}</strong>
      <div className="nf-grid">
        {targetsFor('view_and_swap', props).map((p) => (
          <PlayerOption key={p.userId} player={p} you={p.userId === props.meId} selected={target === p.userId} onClick={() => setTarget(target === p.userId ? null : p.userId)} />
        ))}
      </div>
    </PickerFrame>
  );
}
