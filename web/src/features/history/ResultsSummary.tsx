import type { GameView } from '@nightfall/game-rules';
import { EliminatedAndWinners } from '../game/results/EliminatedAndWinners';
import { FinalRoles } from '../game/results/FinalRoles';
import { NightLog } from '../game/results/NightLog';
import { OutcomeBanner } from '../game/results/OutcomeBanner';
import { VerifyDeal } from '../game/results/VerifyDeal';
import { VoteSummary } from '../game/results/VoteSummary';
import { NightReplay } from './NightReplay';

/**
 * A past round's results as its results screen showed them (docs/architecture.md "History and replay"): the
 * banner, eliminated and winners, votes, the night replay, the night log, final roles and the deal's check;
 * without Play Again (the round is over).
 */
export function ResultsSummary({ view }: { view: GameView }) {
  const results = view.game.voteResults;
  if (!results || !view.me) return null;
  return (
    <section className="nf-stack" data-testid="history-results">
      <OutcomeBanner results={results} meId={view.me.userId} />
      <EliminatedAndWinners results={results} players={view.players} />
      <NightReplay view={view} />
      <VoteSummary results={results} players={view.players} />
      <NightLog entries={view.game.nightLog ?? []} players={view.players} />
      <FinalRoles results={results} players={view.players} centerCards={view.game.centerCards} />
      <VerifyDeal view={view} />
    </section>
  );
}
