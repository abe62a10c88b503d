import type { RoleId, VoteResults } from '@nightfall/game-rules';

/** The viewer's outcome: 'You won by being eliminated!', 'Your team won!' or 'Your team lost.'. */
export function outcomeOf(results: VoteResults, meId: string, finalRole: RoleId | null | undefined): { won: boolean; text: string } {
  const mine = results.playerResults.find((r) => r.userId === meId);
  const won = mine ? mine.isWinner : results.winners.includes(meId);
  const eliminated = results.eliminatedPlayers.some((e) => e.userId === meId);
  if (won && eliminated && finalRole === 'Self-Eliminator') return { won, text: 'You won by being eliminated!' };
  return { won, text: won ? 'Your team won!' : 'Your team lost.' };
}

/** Victory/Defeat banner. */
export function OutcomeBanner({ results, meId, finalRole }: { results: VoteResults; meId: string; finalRole: RoleId | null | undefined }) {
  const { won, text } = outcomeOf(results, meId, finalRole);
  const color = won ? '#22c55e' : '#ef4444';
  const rawReason = results.playerResults.find((r) => r.userId === meId)?.winReason ?? '';
  const reason = rawReason.startsWith(text) ? rawReason.slice(text.length).trim() : rawReason;
  return (
    <div className="nf-banner" style={{ borderColor: color, background: `${color}1f` }} data-testid="outcome-banner" data-won={won}>
      <p className="nf-banner-title" style={{ color }}>
        {won ? 'Victory' : 'Defeat'}
      </p>
      <div style={{ fontSize: 17, fontWeight: 600 }} data-testid="outcome-text">
        {text}
      </div>
      {reason ? <div className="nf-muted nf-small" style={{ marginTop: 4 }}>{reason}</div> : null}
    </div>
  );
}
