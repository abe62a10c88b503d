import { useState } from 'react';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import type { ActionPayload } from '@nightfall/game-rules';
import { t } from '../../../i18n/t';
import { PickerFrame } from './options';
import type { PickerProps } from './types';

/** All Role Switcher (Village Idiot): every other player's card moves one seat left or right. No pass. */
export function DirectionPicker(props: PickerProps) {
  const [direction, setDirection] = useState<'left' | 'right' | null>(null);
  const action: ActionPayload | null = direction ? { type: 'shift_cards', direction } : null;
  return (
    <PickerFrame
      testId="picker-shift_cards"
      prompt={t('picker.direction')}
      note={t('picker.direction.note')}
      action={action}
      picker={props}
    >
      <div className="nf-grid">
        {(['left', 'right'] as const).map((d) => (
          <button key={d} type="button" className="nf-option nf-option-center" aria-pressed={direction === d} onClick={() => setDirection(d)} data-testid={`pick-direction-${d}`}>
            <span style={{ fontSize: 26 }}>{d === 'left' ? <ArrowLeftOutlined /> : <ArrowRightOutlined />}</span>
            <span>{d === 'left' ? t('picker.direction.left') : t('picker.direction.right')}</span>
          </button>
        ))}
      </div>
    </PickerFrame>
  );
}
