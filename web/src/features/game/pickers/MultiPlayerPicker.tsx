import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { PlayerOption } from './options';
import { SubmitBar } from './SubmitBar';
import type { PickerProps } from './types';

/** Paranormal Investigator: one or two other players, looked at in the order picked. */
export function MultiPlayerPicker({ players, meId, allowed, connected, onSubmit }: PickerProps) {
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (id: string) => setPicked((cur) => (cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id].slice(-2)));
  const action: ActionPayload | null = picked.length > 0 ? { type: 'investigate_players', targetUserIds: picked } : null;
  return (
    <div className="nf-stack" data-testid="picker-investigate_players">
      <div className="nf-between">
        <span>Choose up to two players to investigate, in order.</span>
        <span className="nf-count" data-testid="pick-counter">{picked.length}/2</span>
      </div>
      <div className="nf-grid">
        {players
          .filter((p) => p.userId !== meId)
          .map((p) => {
            const pos = picked.indexOf(p.userId);
            return <PlayerOption key={p.userId} player={p} selected={pos >= 0} badge={pos >= 0 ? String(pos + 1) : undefined} onClick={() => toggle(p.userId)} />;
          })}
      </div>
      <SubmitBar action={action} connected={connected} canPass={allowed.includes('pass')} onSubmit={onSubmit} />
    </div>
  );
}
