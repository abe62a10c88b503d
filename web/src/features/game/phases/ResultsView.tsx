import { Spin } from 'antd';
import { t } from '../../../i18n/t';
import { EliminatedAndWinners } from '../results/EliminatedAndWinners';
import { FinalRoles } from '../results/FinalRoles';
import { NightLog } from '../results/NightLog';
import { OutcomeBanner } from '../results/OutcomeBanner';
import { PlayAgainPanel } from '../results/PlayAgainPanel';
import { VerifyDeal } from '../results/VerifyDeal';
import { VoteSummary } from '../results/VoteSummary';
import { NightReplay } from '../../history/NightReplay';
import type { PhaseProps } from '../types';

/** results: banner, eliminated and winners, votes, the night replay (docs/rules.md "Night replay"), night log, final roles, Play Again, Verify deal. */
export function ResultsView({ view, me, connected, send }: PhaseProps) {
  const { game } = view;
  const results = game.voteResults;
  if (game.settings.calculatingResults || !results) {
    return (
      <section className="nf-status" data-testid="phase-results">
        <Spin size="large" />
        <strong data-testid="calculating-results">{t('results.calculating')}</strong>
      </section>
    );
  }
  return (
    <section className="nf-stack" data-testid="phase-results">
      <OutcomeBanner results={results} meId={me.userId} />
      <EliminatedAndWinners results={results} players={view.players} />
      <PlayAgainPanel players={view.players} meId={me.userId} connected={connected} onPlayAgain={() => send({ action: 'play_again', data: {} })} />
      <VoteSummary results={results} players={view.players} />
      <NightReplay view={view} />
      <NightLog entries={game.nightLog ?? []} players={view.players} />
      <FinalRoles results={results} players={view.players} centerCards={game.centerCards} />
      <VerifyDeal view={view} />
    </section>
  );
}
