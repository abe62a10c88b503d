import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { t, type MessageKey } from '../../../i18n/t';
import type { SingleTargetType } from './kinds';
import { PickerFrame, PlayerOption, targetsFor } from './options';
import type { PickerProps } from './types';

/** Catalogue keys of the prompt (and an optional note) of each single-target action. */
const TEXTS: Record<SingleTargetType, { prompt: MessageKey; note?: MessageKey }> = {
  view_player: { prompt: 'picker.view_player' },
  rob_player: { prompt: 'picker.rob_player' },
  copy_role: { prompt: 'picker.copy_role', note: 'picker.copy_role.note' },
  protect_player: { prompt: 'picker.protect_player', note: 'picker.protect_player.note' },
  protect_from_death: { prompt: 'picker.protect_from_death', note: 'picker.protect_from_death.note' },
  reveal_player: { prompt: 'picker.reveal_player', note: 'picker.reveal_player.note' },
  target_player: { prompt: 'picker.target_player' },
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
    <PickerFrame testId={`picker-${type}`} prompt={t(text.prompt)} note={text.note ? t(text.note) : undefined} action={action} picker={props}>
      <div className="nf-grid">
        {targetsFor(type, props).map((p) => (
          <PlayerOption key={p.userId} player={p} you={p.userId === props.meId} selected={target === p.userId} onClick={() => setTarget(target === p.userId ? null : p.userId)} />
        ))}
      </div>
    </PickerFrame>
  );
}
