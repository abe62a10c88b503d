import type { ReactNode } from 'react';
import { CheckCircleFilled } from '@ant-design/icons';
import type { ActionPayload, ActionType, PublicPlayer } from '@nightfall/game-rules';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { SubmitBar } from './SubmitBar';
import type { PickerProps } from './types';

/** A tappable player tile (`pick-player-{userId}` unless another test id is given). */
export function PlayerOption({
  player,
  selected,
  disabled,
  onClick,
  testId,
  badge,
  you,
  note,
}: {
  player: PublicPlayer;
  selected: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId?: string;
  /** Shown instead of the tick, e.g. the pick order '1' / '2'. */
  badge?: string;
  /** Marks the viewer's own tile. */
  you?: boolean;
  /** Small second line, e.g. 'Left neighbour'. */
  note?: ReactNode;
}) {
  return (
    <button
      type="button"
      className="nf-option"
      aria-pressed={selected}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId ?? `pick-player-${player.userId}`}
    >
      <PlayerAvatar name={player.displayName} isBot={player.isBot} size={32} />
      <span className="nf-option-label nf-option-two-lines">
        <span className="nf-option-name">{player.displayName}</span>
        {note || you ? (
          <span className="nf-muted nf-small">
            {note}
            {note && you ? ' • ' : ''}
            {you ? t('common.you') : ''}
          </span>
        ) : null}
      </span>
      {badge ? <span className="nf-pick-badge">{badge}</span> : selected ? <CheckCircleFilled style={{ color: '#7c6cf0' }} /> : null}
    </button>
  );
}

/** Face-down card drawing used by the center-card tiles. */
export function CardBack({ size = 34, accent = '#7c6cf0' }: { size?: number; accent?: string }) {
  return (
    <svg width={size * 0.72} height={size} viewBox="0 0 36 50" aria-hidden>
      <rect x="1.5" y="1.5" width="33" height="47" rx="5" fill="#1c2338" stroke={accent} strokeWidth="3" />
      <path d="M18 11l8 14-8 14-8-14z" fill={accent} opacity="0.8" />
    </svg>
  );
}

/** A tappable face-down center card (`pick-center-{index}`). */
export function CenterOption({ index, selected, disabled, onClick, badge }: { index: number; selected: boolean; disabled?: boolean; onClick: () => void; badge?: string }) {
  return (
    <button type="button" className="nf-option nf-option-center" aria-pressed={selected} disabled={disabled} onClick={onClick} data-testid={`pick-center-${index}`}>
      <CardBack />
      <span>{t('picker.card', { n: index + 1 })}</span>
      {badge ? <span className="nf-pick-badge nf-pick-badge-corner">{badge}</span> : null}
    </button>
  );
}

/** The bad-guy pile (the theme's name, the bad team's colour) as a tappable tile (`pick-pile`), shown when view_werewolf_pile is allowed. */
export function PileOption({ selected, onClick }: { selected: boolean; onClick: () => void }) {
  const text = useRuleText();
  return (
    <button type="button" className="nf-option nf-option-center" aria-pressed={selected} onClick={onClick} data-testid="pick-pile">
      <CardBack accent={text.teamColor('bad')} />
      <span>{text.pile()}</span>
    </button>
  );
}

/**
 * Frame of every picker: the prompt (with an optional counter), the choices, then 'Submit Action'
 * (enabled only for an action the server allows) and 'Pass' when the server allows it.
 */
export function PickerFrame({
  testId,
  header,
  prompt,
  counter,
  note,
  children,
  action,
  picker,
}: {
  testId: string;
  /** Shown above the prompt (e.g. the Role Looker's mode switch). */
  header?: ReactNode;
  prompt: ReactNode;
  /** e.g. '1/2' (`pick-counter`). */
  counter?: string;
  /** A muted line under the prompt. */
  note?: ReactNode;
  children: ReactNode;
  /** The complete action chosen so far, or null. */
  action: ActionPayload | null;
  /** The picker's props: the server's facts, the connection and `onSubmit`. */
  picker: PickerProps;
}) {
  return (
    <div className="nf-stack" data-testid={testId}>
      {header}
      <div className="nf-stack-sm">
        <div className="nf-between" style={{ alignItems: 'flex-start' }}>
          <span data-testid="picker-prompt">{prompt}</span>
          {counter !== undefined ? (
            <span className="nf-count" data-testid="pick-counter">
              {counter}
            </span>
          ) : null}
        </div>
        {note ? <span className="nf-muted nf-small" data-testid="picker-note">{note}</span> : null}
      </div>
      {children}
      <SubmitBar action={action} picker={picker} />
    </div>
  );
}

/**
 * The players a picker offers for `type`: exactly the server's `me.validTargets[type]` (self included only
 * where the server lists the viewer), in seat order; none when the server lists none.
 */
export function targetsFor(type: ActionType, { players, validTargets }: Pick<PickerProps, 'players' | 'validTargets'>): PublicPlayer[] {
  const valid = validTargets?.[type] ?? [];
  return players.filter((p) => valid.includes(p.userId));
}
