import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { PickerFrame, PlayerOption, targetsFor } from './options';
import { seatSide } from './seats';
import type { PickerProps } from './types';

const SIDE_TEXT = { left: 'Seated on your left', right: 'Seated on your right', both: 'Seated next to you' } as const;

/** Tapper: tap one of the server's valid targets (the adjacent seats), each labelled with its side. */
export function TapperPicker(props: PickerProps) {
  const neighbours = targetsFor('tap_player', props).map((player) => ({ player, side: seatSide(props.players, props.meId, player.userId) }));
  const [target, setTarget] = useState<string | null>(neighbours.length === 1 ? neighbours[0]!.player.userId : null);
  const action: ActionPayload | null = target ? { type: 'tap_player', targetUserId: target } : null;
  return (
    <PickerFrame
      testId="picker-tap_player"
      prompt="Choose a neighbour to tap on the shoulder."
      note="The tapped player learns that they were tapped."
      action={action}
      picker={props}
    >
      {neighbours.length > 0 ? (
        <div className="nf-grid">
          {neighbours.map(({ player, side }) => (
            <PlayerOption key={player.userId} player={player} note={SIDE_TEXT[side]} selected={target === player.userId} onClick={() => setTarget(target === player.userId ? null : player.userId)} />
          ))}
        </div>
      ) : (
        <span className="nf-muted" data-testid="no-target">
          No player is seated next to you: there is nobody to tap.
        </span>
      )}
    </PickerFrame>
  );
}
