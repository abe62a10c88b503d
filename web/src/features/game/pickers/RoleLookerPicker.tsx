import { useState } from 'react';
import { Button, Segmented } from 'antd';
import type { ActionPayload } from '@nightfall/game-rules';
import { CENTER_INDEXES, CenterOption, PlayerOption } from './options';
import { SubmitBar } from './SubmitBar';
import type { PickerProps } from './types';

type Mode = 'player' | 'center';

/**
 * Role Looker: look at one other player's card, or at two of the three center cards (a third pick drops
 * the oldest; a 0/2 counter), or pass. With a bad-guy pile in play it may check the pile instead.
 */
export function RoleLookerPicker({ players, meId, allowed, connected, onSubmit }: PickerProps) {
  const canCenter = allowed.includes('view_center');
  const canPlayer = allowed.includes('view_player');
  const [mode, setMode] = useState<Mode>(canPlayer ? 'player' : 'center');
  const [target, setTarget] = useState<string | null>(null);
  const [positions, setPositions] = useState<number[]>([]);

  const toggleCenter = (i: number) =>
    setPositions((cur) => (cur.includes(i) ? cur.filter((x) => x !== i) : [...cur, i].slice(-2)));

  let action: ActionPayload | null = null;
  if (mode === 'player' && target) action = { type: 'view_player', targetUserId: target };
  if (mode === 'center' && positions.length === 2) action = { type: 'view_center', positions: [...positions].sort((a, b) => a - b) };

  return (
    <div className="nf-stack" data-testid="picker-role-looker">
      {canPlayer && canCenter ? (
        <Segmented<Mode>
          block
          size="large"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'player', label: <span data-testid="looker-mode-player">One player</span> },
            { value: 'center', label: <span data-testid="looker-mode-center">Two center cards</span> },
          ]}
        />
      ) : null}
      {mode === 'player' ? (
        <>
          <p style={{ margin: 0 }}>Choose a player whose card you want to look at.</p>
          <div className="nf-grid">
            {players
              .filter((p) => p.userId !== meId)
              .map((p) => (
                <PlayerOption key={p.userId} player={p} selected={target === p.userId} onClick={() => setTarget(target === p.userId ? null : p.userId)} />
              ))}
          </div>
        </>
      ) : (
        <>
          <div className="nf-between">
            <span>Choose two center cards to look at.</span>
            <span className="nf-count" data-testid="pick-counter">{positions.length}/2</span>
          </div>
          <div className="nf-grid-3">
            {CENTER_INDEXES.map((i) => (
              <CenterOption key={i} index={i} selected={positions.includes(i)} onClick={() => toggleCenter(i)} />
            ))}
          </div>
        </>
      )}
      {allowed.includes('view_werewolf_pile') ? (
        <Button size="large" block disabled={!connected} onClick={() => onSubmit({ type: 'view_werewolf_pile' })} data-testid="view-bad-guy-pile">
          Check the bad-guy pile
        </Button>
      ) : null}
      <SubmitBar action={action} connected={connected} canPass={allowed.includes('pass')} onSubmit={onSubmit} />
    </div>
  );
}
