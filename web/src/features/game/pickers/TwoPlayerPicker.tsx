import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { PlayerOption } from './options';
import { SubmitBar } from './SubmitBar';
import type { PickerProps } from './types';

/** Role Swapper: pick exactly two other players (a third pick drops the oldest). */
export function TwoPlayerPicker({ players, meId, allowed, connected, onSubmit }: PickerProps) {
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (id: string) =>
    setPicked((cur) => (cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id].slice(-2)));
  const action: ActionPayload | null =
    picked.length === 2 ? { type: 'swap_players', player1UserId: picked[0], player2UserId: picked[1] } : null;
  return (
    <div className="nf-stack" data-testid="picker-swap_players">
      <div className="nf-between">
        <span>Choose two other players whose cards will be swapped.</span>
        <span className="nf-count" data-testid="pick-counter">{picked.length}/2</span>
      </div>
      <div className="nf-grid">
        {players
          .filter((p) => p.userId !== meId)
          .map((p) => (
            <PlayerOption key={p.userId} player={p} selected={picked.includes(p.userId)} onClick={() => toggle(p.userId)} />
          ))}
      </div>
      <SubmitBar action={action} connected={connected} canPass={allowed.includes('pass')} onSubmit={onSubmit} />
    </div>
  );
}
