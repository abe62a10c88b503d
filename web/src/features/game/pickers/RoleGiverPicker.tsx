import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { CENTER_INDEXES, CenterOption, PickerFrame, PlayerOption, targetsFor } from './options';
import type { PickerProps } from './types';

/** Role Giver: look at one center card and give it to a player (yourself included), or pass. */
export function RoleGiverPicker({ players, meId, allowed, validTargets, connected, onSubmit }: PickerProps) {
  const [center, setCenter] = useState<number | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const action: ActionPayload | null = center !== null && target ? { type: 'view_and_swap', centerIndex: center, targetUserId: target } : null;
  return (
    <PickerFrame
      testId="picker-view_and_swap"
      prompt="Choose a center card and the player who receives it."
      note="You see the center card; the player's card goes to the center unseen."
      action={action}
      connected={connected}
      canPass={allowed.includes('pass')}
      onSubmit={onSubmit}
    >
      <strong className="nf-small">1. A center card</strong>
      <div className="nf-grid-3">
        {CENTER_INDEXES.map((i) => (
          <CenterOption key={i} index={i} selected={center === i} onClick={() => setCenter(center === i ? null : i)} />
        ))}
      </div>
      <strong className="nf-small">2. A player</strong>
      <div className="nf-grid">
        {targetsFor('view_and_swap', players, meId, validTargets, true).map((p) => (
          <PlayerOption key={p.userId} player={p} you={p.userId === meId} selected={target === p.userId} onClick={() => setTarget(target === p.userId ? null : p.userId)} />
        ))}
      </div>
    </PickerFrame>
  );
}
