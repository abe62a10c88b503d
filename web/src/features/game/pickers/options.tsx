import { CheckCircleFilled } from '@ant-design/icons';
import type { PublicPlayer } from '@nightfall/game-rules';
import { PlayerAvatar } from '../../../components/PlayerAvatar';

/** A tappable player tile (`pick-player-{userId}` unless another test id is given). */
export function PlayerOption({
  player,
  selected,
  disabled,
  onClick,
  testId,
  badge,
}: {
  player: PublicPlayer;
  selected: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId?: string;
  badge?: string;
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
      <span className="nf-option-label">{player.displayName}</span>
      {badge ? <span className="nf-role-count" style={{ background: '#7c6cf0', color: '#fff' }}>{badge}</span> : selected ? <CheckCircleFilled style={{ color: '#7c6cf0' }} /> : null}
    </button>
  );
}

/** A tappable face-down center card (`pick-center-{index}`). */
export function CenterOption({ index, selected, disabled, onClick, badge }: { index: number; selected: boolean; disabled?: boolean; onClick: () => void; badge?: string }) {
  return (
    <button type="button" className="nf-option nf-option-center" aria-pressed={selected} disabled={disabled} onClick={onClick} data-testid={`pick-center-${index}`}>
      <span style={{ fontSize: 26 }} aria-hidden>
        🂠
      </span>
      <span>Card {index + 1}</span>
      {badge ? <span className="nf-muted nf-small">{badge}</span> : null}
    </button>
  );
}

/** Number of center cards a player may pick from. */
export const CENTER_INDEXES = [0, 1, 2] as const;
