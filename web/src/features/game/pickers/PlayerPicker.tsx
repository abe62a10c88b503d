import { useState } from 'react';
import type { ActionPayload, ActionType } from '@nightfall/game-rules';
import { PlayerOption } from './options';
import { SubmitBar } from './SubmitBar';
import type { PickerProps } from './types';

/** Single-target actions: which may target the actor too (RULES.md section 2). */
const SELF_ALLOWED: ReadonlySet<ActionType> = new Set(['protect_player']);

/** Prompt shown above the player list for each single-target action. */
const PROMPTS: Partial<Record<ActionType, string>> = {
  view_player: "Choose a player whose card you want to look at.",
  rob_player: 'Choose a player to swap your card with. You will see your new role.',
  convert_player: 'Choose a player to convert to your team, or pass.',
  copy_role: 'Choose a player whose role you will copy.',
  protect_player: 'Choose a player whose card will be shielded tonight.',
  protect_from_death: 'Choose a player to protect from elimination.',
  tap_player: 'Choose a neighbour to tap on the shoulder.',
  reveal_player: "Choose a player whose team will be revealed to everyone.",
  target_player: 'Choose your target. You win if they are eliminated.',
};

/** Pick one player (Role Thief, Advanced Bad Guy, Converter, Protector, Stalker...). */
export function PlayerPicker({ type, players, meId, allowed, connected, onSubmit }: PickerProps & { type: ActionType }) {
  const [target, setTarget] = useState<string | null>(null);
  const candidates = players.filter((p) => SELF_ALLOWED.has(type) || p.userId !== meId);
  const action: ActionPayload | null = target ? { type, targetUserId: target } : null;
  return (
    <div className="nf-stack" data-testid={`picker-${type}`}>
      <p style={{ margin: 0 }}>{PROMPTS[type] ?? 'Choose a player.'}</p>
      <div className="nf-grid">
        {candidates.map((p) => (
          <PlayerOption key={p.userId} player={p} selected={target === p.userId} onClick={() => setTarget(target === p.userId ? null : p.userId)} />
        ))}
      </div>
      <SubmitBar action={action} connected={connected} canPass={allowed.includes('pass')} onSubmit={onSubmit} />
    </div>
  );
}
