import { useState } from 'react';
import type { ActionPayload } from '@nightfall/game-rules';
import { CENTER_INDEXES, CenterOption } from './options';
import { SubmitBar } from './SubmitBar';
import type { PickerProps } from './types';

/**
 * One of the three center cards: Random Role Taker's swap_center (defaults to the first card) or the lone
 * Bad Guy's / Single Role Looker's view_center_card.
 */
export function CenterCardPicker({ type, allowed, connected, onSubmit }: PickerProps & { type: 'swap_center' | 'view_center_card' }) {
  const [index, setIndex] = useState<number | null>(type === 'swap_center' ? 0 : null);
  const action: ActionPayload | null = index === null ? null : { type, centerIndex: index };
  const prompt =
    type === 'swap_center'
      ? 'Choose a center card to swap with your own card. You will not see your new card.'
      : 'Choose one center card to look at.';
  return (
    <div className="nf-stack" data-testid={`picker-${type}`}>
      <p style={{ margin: 0 }}>{prompt}</p>
      <div className="nf-grid-3">
        {CENTER_INDEXES.map((i) => (
          <CenterOption key={i} index={i} selected={index === i} onClick={() => setIndex(type === 'swap_center' ? i : index === i ? null : i)} />
        ))}
      </div>
      <SubmitBar action={action} connected={connected} canPass={allowed.includes('pass')} onSubmit={onSubmit} />
    </div>
  );
}
