import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { RolesProvider } from '../../components/RolesContext';
import { ErrorScreen, RemovedScreen, StatusScreen } from '../../components/StatusScreen';
import { SpectatorGame } from '../spectate/SpectatorGame';
import { useGameConnection } from '../../hooks/useGameConnection';
import { usePhaseVibration, useVibrationSetting } from '../../hooks/usePhaseVibration';
import { useWakeLock } from '../../hooks/useWakeLock';
import { t } from '../../i18n/t';
import { resolveUserId } from '../../lib/storage';
import { useActiveTheme } from '../../theme/activeTheme';
import { SaveThisTheme, ThemeOffer } from '../theme-offer/ThemeOffer';
import { GameHeader } from './GameHeader';
import { HostNarrator, useNarrationSetting } from './narration/HostNarrator';
import { DiscussionView } from './phases/DiscussionView';
import { NightView } from './phases/NightView';
import { ResultsView } from './phases/ResultsView';
import { useNoteCommitment } from './results/dealCommitment';
import { RoleDealView } from './phases/RoleDealView';
import { RoleResolveView } from './phases/RoleResolveView';
import { VoteView } from './phases/VoteView';
import type { PhaseProps } from './types';

/**
 * In-game page (/game/:gameId): header plus one view per phase; the lobby phase goes back to /lobby. Role
 * components below it know the game's custom roles and theme (RolesProvider). While it is open the screen stays
 * on (Screen Wake Lock) and phase changes vibrate briefly unless turned off in the menu; on the host's device the
 * narrator says each phase's lines with captions (docs/architecture.md "Table experience").
 */
export default function GamePage() {
  const { gameId } = useParams();
  const [userId] = useState(() => (gameId ? resolveUserId(gameId) : null));
  const conn = useGameConnection(gameId, userId);
  const { settled: themeSettled } = useActiveTheme();
  // the deal's published fingerprint, noted for 'Verify deal' at results (docs/rules.md "Verifiable deal")
  useNoteCommitment(conn.snapshot?.view);
  const [vibrate, setVibrate] = useVibrationSetting();
  const [narrate, setNarrate] = useNarrationSetting();
  useWakeLock(true);
  usePhaseVibration(conn.snapshot?.view.game.phase, vibrate);

  if (!gameId) return <StatusScreen text={t('game.status.no_game_id')} homeLink />;
  if (conn.removed === 'left') return <Navigate to="/" replace />;
  if (conn.removed) return <RemovedScreen reason={conn.removed} />;
  if (!userId) return <StatusScreen text={t('game.status.no_user_id')} homeLink />;
  if (conn.loadError === 'not_found') return <StatusScreen text={t('game.status.not_found')} homeLink />;
  if (conn.loadError === 'not_player') return <StatusScreen text={t('game.status.player_not_found')} homeLink />;
  if (conn.loadError === 'unavailable' && conn.loadErrorBody) return <ErrorScreen error={conn.loadErrorBody} />;
  if (conn.loadError === 'error') return <StatusScreen text={t('game.status.load_error')} homeLink />;
  const snapshot = conn.snapshot;
  if (!snapshot) return <StatusScreen text={t('game.status.loading')} loading />;
  // The game's screens are worded by the active theme: wait for the start-up choice (at most SETTLE_MS).
  if (!themeSettled) return <StatusScreen text={t('game.status.loading_theme')} loading />;
  const { view } = snapshot;
  if (view.game.phase === 'lobby' && (view.me || view.spectating)) return <Navigate to={`/lobby/${gameId}`} replace />;
  if (!view.me && view.spectating) {
    // a spectator (docs/rules.md "Spectators"): the public view, read only
    return (
      <RolesProvider customRoles={view.game.customRoles} themeId={view.game.themeId}>
        <main className="nf-page" data-testid="game-page" data-phase={view.game.phase}>
          <GameHeader roomCode={view.game.roomCode} phase={view.game.phase} connection={conn.connection} onRetry={conn.retry} vibrate={vibrate} onVibrateChange={setVibrate} />
          <SpectatorGame view={view} messages={snapshot.messages} connected={conn.connected} onStop={() => conn.send({ action: 'leave_game', data: {} })} />
        </main>
      </RolesProvider>
    );
  }
  if (!view.me) return <StatusScreen text={t('game.status.player_not_found')} homeLink />;

  const props: PhaseProps = { view, me: view.me, messages: snapshot.messages, connected: conn.connected, send: conn.send };
  let body;
  switch (view.game.phase) {
    case 'role_deal':
      body = <RoleDealView {...props} />;
      break;
    case 'job_choice':
      body = <NightView {...props} />;
      break;
    case 'role_resolve':
      body = <RoleResolveView {...props} />;
      break;
    case 'discussion':
      body = <DiscussionView {...props} />;
      break;
    case 'vote':
      body = <VoteView {...props} />;
      break;
    case 'results':
      body = <ResultsView {...props} />;
      break;
    default:
      body = <StatusScreen text={t('game.status.unknown_phase')} />;
  }

  return (
    <RolesProvider customRoles={view.game.customRoles} themeId={view.game.themeId}>
      <main className="nf-page" data-testid="game-page" data-phase={view.game.phase}>
        <GameHeader
          roomCode={view.game.roomCode}
          phase={view.game.phase}
          connection={conn.connection}
          onRetry={conn.retry}
          vibrate={vibrate}
          onVibrateChange={setVibrate}
          narrate={view.me.isHost ? narrate : undefined}
          onNarrateChange={setNarrate}
        />
        {view.me.isHost ? <HostNarrator phase={view.game.phase} selection={view.game.selectedRoles} customRoles={view.game.customRoles} voice={narrate} /> : null}
        {body}
        <ThemeOffer view={view} send={conn.send} />
        {view.game.phase === 'role_deal' || view.game.phase === 'results' ? <SaveThisTheme view={view} /> : null}
      </main>
    </RolesProvider>
  );
}
