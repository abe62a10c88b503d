import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { PickerFrame, PlayerOption } from './options';
import { adjacentPlayers } from './seats';
import type { PickerProps } from './types';

const SIDE_TEXT = { left: 'Seated on your left', right: 'Seated on your right', both: 'Seated next to you' } as const;

/** Tapper: tap one adjacent seat (wrap-around; with fewer than 3 players every other player). */
export function TapperPicker({ players, meId, allowed, validTargets, connected, onSubmit }: PickerProps) {
  const valid = validTargets?.tap_player;
  const neighbours = valid
    ? valid.flatMap((id) => {
        const player = players.find((p) => p.userId === id);
        const side = adjacentPlayers(players, meId).find((n) => n.player.userId === id)?.side ?? 'both';
        return player ? [{ player, side }] : [];
      })
    : adjacentPlayers(players, meId);
  const [target, setTarget] = useState<string | null>(neighbours.length === 1 ? neighbours[0]!.player.userId : null);
  const action: ActionPayload | null = target ? { type: 'tap_player', targetUserId: target } : null;
  return (
    <PickerFrame
      testId="picker-tap_player"
      prompt="Choose a neighbour to tap on the shoulder."
      note="The tapped player learns that they were tapped."
      action={action}
      connected={connected}
      canPass={allowed.includes('pass')}
      onSubmit={onSubmit}
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
