import { useState } from 'react';
import { CENTER_INDEXES } from '@nightfall/game-rules';
import { t } from '../../../i18n/t';
import { CenterOption, PickerFrame } from './options';
import type { PickerProps } from './types';

/** Random Role Taker: swap with one of the three center cards, unseen (defaults to the first card). */
export function CenterSwapPicker(props: PickerProps) {
  const [index, setIndex] = useState(0);
  return (
    <PickerFrame
      testId="picker-swap_center"
      prompt={t('picker.center_swap')}
      action={{ type: 'swap_center', centerIndex: index }}
      picker={props}
    >
      <div className="nf-grid-3">
        {CENTER_INDEXES.map((i) => (
          <CenterOption key={i} index={i} selected={index === i} onClick={() => setIndex(i)} />
        ))}
      </div>
    </PickerFrame>
  );
}
