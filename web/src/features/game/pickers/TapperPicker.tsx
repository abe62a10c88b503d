import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { t, type MessageKey } from '../../../i18n/t';
import { PickerFrame, PlayerOption, targetsFor } from './options';
import { seatSide } from './seats';
import type { PickerProps } from './types';

const SIDE_TEXT: Record<'left' | 'right' | 'both', MessageKey> = { left: 'picker.tap.left', right: 'picker.tap.right', both: 'picker.tap.both' };

/** Tapper: tap one of the server's valid targets (the adjacent seats), each labelled with its side. */
export function TapperPicker(props: PickerProps) {
  const neighbours = targetsFor('tap_player', props).map((player) => ({ player, side: seatSide(props.players, props.meId, player.userId) }));
  const [target, setTarget] = useState<string | null>(neighbours.length === 1 ? neighbours[0]!.player.userId : null);
  const action: ActionPayload | null = target ? { type: 'tap_player', targetUserId: target } : null;
  return (
    <PickerFrame
      testId="picker-tap_player"
      prompt={t('picker.tap')}
      note={t('picker.tap.note')}
      action={action}
      picker={props}
    >
      {neighbours.length > 0 ? (
        <div className="nf-grid">
          {neighbours.map(({ player, side }) => (
            <PlayerOption key={player.userId} player={player} note={t(SIDE_TEXT[side])} selected={target === player.userId} onClick={() => setTarget(target === player.userId ? null : player.userId)} />
          ))}
        </div>
      ) : (
        <span className="nf-muted" data-testid="no-target">
          {t('picker.tap.nobody')}
        </span>
      )}
    </PickerFrame>
  );
}
