import type { VoteResults } from '@nightfall/game-rules';
import { useRuleText } from '../../../components/RolesContext';
import { t } from '../../../i18n/t';
import { STATUS_COLORS } from '../../../theme/appTheme';
import { readableOn } from '../../../lib/contrast';

/**
 * The viewer's outcome (spec 000 section 2 "Results view" labels): 'You won by being eliminated!' when the
 * engine's reason says so (`self_eliminator_won`), else 'Your team won!' or 'Your team lost.' from the
 * engine's `isWinner`. Nothing is recomputed here.
 */
export function outcomeOf(results: VoteResults, meId: string): { won: boolean; text: string } {
  const mine = results.playerResults.find((r) => r.userId === meId);
  const won = mine ? mine.isWinner : results.winners.includes(meId);
  if (won && mine?.reason?.code === 'self_eliminator_won') return { won, text: t('results.won_eliminated') };
  return { won, text: won ? t('results.team_won') : t('results.team_lost') };
}

/** Victory/Defeat banner with the engine's reason worded through the theme. */
export function OutcomeBanner({ results, meId }: { results: VoteResults; meId: string }) {
  const text = useRuleText();
  const { won, text: headline } = outcomeOf(results, meId);
  const color = won ? STATUS_COLORS.success : STATUS_COLORS.danger;
  const reason = text.winReason(results.playerResults.find((r) => r.userId === meId)?.reason);
  return (
    <div className="nf-banner" style={{ borderColor: color, background: `${color}1f` }} data-testid="outcome-banner" data-won={won}>
      <p className="nf-banner-title" style={{ color: readableOn(color) }}>
        {won ? t('results.victory') : t('results.defeat')}
      </p>
      <div style={{ fontSize: 17, fontWeight: 600 }} data-testid="outcome-text">
        {headline}
      </div>
      {reason ? (
        <div className="nf-muted nf-small" style={{ marginTop: 4 }} data-testid="outcome-reason">
          {reason}
        </div>
      ) : null}
    </div>
  );
}
