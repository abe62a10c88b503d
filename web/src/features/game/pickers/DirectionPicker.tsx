import { useState } from 'react';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import type { ActionPayload } from '@nightfall/game-rules';
import { SubmitBar } from './SubmitBar';
import type { PickerProps } from './types';

/** All Role Switcher: move every other player's card one seat left or right (cannot pass). */
export function DirectionPicker({ allowed, connected, onSubmit }: PickerProps) {
  const [direction, setDirection] = useState<'left' | 'right' | null>(null);
  const action: ActionPayload | null = direction ? { type: 'shift_cards', direction } : null;
  return (
    <div className="nf-stack" data-testid="picker-shift_cards">
      <p style={{ margin: 0 }}>Choose the direction in which every other player's card moves.</p>
      <div className="nf-grid">
        {(['left', 'right'] as const).map((d) => (
          <button key={d} type="button" className="nf-option nf-option-center" aria-pressed={direction === d} onClick={() => setDirection(d)} data-testid={`pick-direction-${d}`}>
            {d === 'left' ? <ArrowLeftOutlined /> : <ArrowRightOutlined />}
            <span>{d === 'left' ? 'Left' : 'Right'}</span>
          </button>
        ))}
      </div>
      <SubmitBar action={action} connected={connected} canPass={allowed.includes('pass')} onSubmit={onSubmit} />
    </div>
  );
}
