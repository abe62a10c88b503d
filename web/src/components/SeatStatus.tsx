import { ClockCircleOutlined, RobotOutlined } from '@ant-design/icons';
import type { PublicPlayer } from '@nightfall/game-rules';
import { useCountdown } from '../hooks/useCountdown';
import { formatClock } from '../lib/format';
import { t } from '../i18n/t';

/**
 * An absent player's seat as the server reports it (docs/rules.md "Seat hold and autopilot"): 'Away, seat
 * held 0:42' counting down to `seatHeldUntil`, then 'Autopilot' while the autopilot plays it. Nothing for a
 * present player.
 */
export function SeatStatus({ player }: { player: Pick<PublicPlayer, 'userId' | 'displayName' | 'seatHeldUntil' | 'autopilot'> }) {
  const left = useCountdown(player.seatHeldUntil ?? null);
  if (player.autopilot) {
    return (
      <span className="nf-seat-status nf-seat-autopilot" data-testid={`seat-autopilot-${player.userId}`} aria-label={t('seat.autopilot.aria', { name: player.displayName })}>
        <RobotOutlined aria-hidden /> {t('seat.autopilot')}
      </span>
    );
  }
  if (player.seatHeldUntil == null || left === null) return null;
  const time = formatClock(left);
  return (
    <span className="nf-seat-status nf-seat-held" data-testid={`seat-held-${player.userId}`} role="timer" aria-label={t('seat.held.aria', { name: player.displayName, time })}>
      <ClockCircleOutlined aria-hidden /> {t('seat.held', { time })}
    </span>
  );
}
