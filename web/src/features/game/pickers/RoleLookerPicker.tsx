import { useState } from 'react';
import { Segmented } from 'antd';
import { CENTER_INDEXES, type ActionPayload } from '@nightfall/game-rules';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { togglePick } from './kinds';
import { CenterOption, PickerFrame, PileOption, PlayerOption, targetsFor } from './options';
import type { PickerProps } from './types';

type Mode = 'player' | 'center' | 'pile';

/**
 * Role Looker: look at one other player's card, or at two of the three center cards (a third pick drops
 * the oldest; a 0/2 counter), or pass. With a Bad Guy Converter dealt it may check the bad-guy pile instead.
 */
export function RoleLookerPicker(props: PickerProps) {
  const { allowed } = props;
  const canPlayer = allowed.includes('view_player');
  const canCenter = allowed.includes('view_center');
  const canPile = allowed.includes('view_werewolf_pile');
  const modes: Mode[] = [...(canPlayer ? (['player'] as const) : []), ...(canCenter ? (['center'] as const) : []), ...(canPile ? (['pile'] as const) : [])];
  const [mode, setMode] = useState<Mode>(modes[0] ?? 'player');
  const [target, setTarget] = useState<string | null>(null);
  const [positions, setPositions] = useState<number[]>([]);

  let action: ActionPayload | null = null;
  if (mode === 'player' && target) action = { type: 'view_player', targetUserId: target };
  if (mode === 'center' && positions.length === 2) action = { type: 'view_center', positions: [...positions].sort((a, b) => a - b) };
  if (mode === 'pile') action = { type: 'view_werewolf_pile' };

  const text = useRuleText();
  const labels: Record<Mode, string> = { player: t('picker.looker.mode.player'), center: t('picker.looker.mode.center'), pile: text.pile() };
  const prompts: Record<Mode, string> = {
    player: t('picker.view_player'),
    center: t('picker.looker.center'),
    pile: t('picker.pile', { pile: text.pileInSentence() }),
  };

  return (
    <PickerFrame
      testId="picker-role-looker"
      prompt={prompts[mode]}
      counter={mode === 'center' ? `${positions.length}/2` : undefined}
      action={action}
      picker={props}
      header={
        modes.length > 1 ? (
          <Segmented<Mode>
            block
            size="large"
            value={mode}
            onChange={setMode}
            className="nf-segmented-wrap"
            options={modes.map((m) => ({ value: m, label: <span data-testid={`looker-mode-${m}`}>{labels[m]}</span> }))}
          />
        ) : null
      }
    >
      {mode === 'player' ? (
        <div className="nf-grid">
          {targetsFor('view_player', props).map((p) => (
            <PlayerOption key={p.userId} player={p} selected={target === p.userId} onClick={() => setTarget(target === p.userId ? null : p.userId)} />
          ))}
        </div>
      ) : mode === 'center' ? (
        <div className="nf-grid-3">
          {CENTER_INDEXES.map((i) => (
            <CenterOption key={i} index={i} selected={positions.includes(i)} onClick={() => setPositions((cur) => togglePick(cur, i, 2))} />
          ))}
        </div>
      ) : (
        <div className="nf-grid-3">
          <PileOption selected onClick={() => undefined} />
        </div>
      )}
    </PickerFrame>
  );
}
