import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import type { SingleTargetType } from './kinds';
import { PickerFrame, PlayerOption, targetsFor } from './options';
import type { PickerProps } from './types';

/** Prompt (and an optional note) for each single-target action. */
const TEXTS: Record<SingleTargetType, { prompt: string; note?: string }> = {
  view_player: { prompt: 'Choose a player whose card you want to look at.' },
  rob_player: { prompt: 'Choose a player to swap your card with. You will see your new role.' },
  copy_role: { prompt: 'Choose a player whose role you will copy.', note: 'You see the copied card at once. If it has a night action, you perform it next.' },
  protect_player: { prompt: 'Choose a player whose card will be shielded tonight (you may choose yourself).', note: 'A shielded card cannot be viewed or moved for the rest of the night.' },
  protect_from_death: { prompt: 'Choose a player to protect from elimination.', note: 'The protected player cannot be eliminated by the vote.' },
  reveal_player: { prompt: 'Choose a player whose team will be revealed to everyone.', note: 'Their team is announced in the chat at the start of the discussion.' },
  target_player: { prompt: 'Choose your target. You win if they are eliminated.' },
};

/**
 * Pick one of the server's valid targets for `type`: Advanced Bad Guy (view, never the center), Role Thief,
 * Stalker, Role Copier, Role Revealer, Role Locker (the server lists the viewer too) and Protector.
 */
export function PlayerPicker({ type, ...props }: PickerProps & { type: SingleTargetType }) {
  const [target, setTarget] = useState<string | null>(null);
  const action: ActionPayload | null = target ? { type, targetUserId: target } : null;
  const text = TEXTS[type];
  return (
    <PickerFrame testId={`picker-${type}`} prompt={text.prompt} note={text.note} action={action} picker={props}>
      <div className="nf-grid">
        {targetsFor(type, props).map((p) => (
          <PlayerOption key={p.userId} player={p} you={p.userId === props.meId} selected={target === p.userId} onClick={() => setTarget(target === p.userId ? null : p.userId)} />
        ))}
      </div>
    </PickerFrame>
  );
}
