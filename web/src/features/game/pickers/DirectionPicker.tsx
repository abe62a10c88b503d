import { useState } from 'react';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import type { ActionPayload } from '@nightfall/game-rules';
import { PickerFrame } from './options';
import type { PickerProps } from './types';

/** All Role Switcher (Village Idiot): every other player's card moves one seat left or right. No pass. */
export function DirectionPicker(props: PickerProps) {
  const [direction, setDirection] = useState<'left' | 'right' | null>(null);
  const action: ActionPayload | null = direction ? { type: 'shift_cards', direction } : null;
  return (
    <PickerFrame
      testId="picker-shift_cards"
      prompt="Choose the direction in which every other player's card moves."
      note="Your own card stays. This cannot be skipped."
      action={action}
      picker={props}
    >
      <div className="nf-grid">
        {(['left', 'right'] as const).map((d) => (
          <button key={d} type="button" className="nf-option nf-option-center" aria-pressed={direction === d} onClick={() => setDirection(d)} data-testid={`pick-direction-${d}`}>
            <span style={{ fontSize: 26 }}>{d === 'left' ? <ArrowLeftOutlined /> : <ArrowRightOutlined />}</span>
            <span>{d === 'left' ? 'Left' : 'Right'}</span>
          </button>
        ))}
      </div>
    </PickerFrame>
  );
}
