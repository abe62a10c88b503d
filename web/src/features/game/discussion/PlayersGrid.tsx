import { CheckCircleFilled } from '@ant-design/icons';
import type { PublicPlayer } from '@nightfall/game-rules';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { PlayerName } from '../../../components/PlayerName';
import { SeatStatus } from '../../../components/SeatStatus';
import { t } from '../../../i18n/t';
import { STATUS_COLORS } from '../../../theme/appTheme';

/** Compact grid of players; a tick marks players who are ready. */
export function PlayersGrid({ players, meId, isDone }: { players: PublicPlayer[]; meId: string; isDone?: (p: PublicPlayer) => boolean }) {
  return (
    <div className="nf-grid" data-testid="players-grid">
      {players.map((p) => (
        <div key={p.userId} className="nf-row" style={{ minHeight: 44 }}>
          <PlayerAvatar name={p.displayName} isBot={p.isBot} online={p.online} size={28} />
          <span className="nf-stack-xs">
            <PlayerName name={p.displayName} you={p.userId === meId} stacked />
            <SeatStatus player={p} />
          </span>
          {isDone?.(p) ? <CheckCircleFilled style={{ color: STATUS_COLORS.success }} aria-label={t('ready.aria')} /> : null}
        </div>
      ))}
    </div>
  );
}
