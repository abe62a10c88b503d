import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { RolesProvider } from '../../components/RolesContext';
import { ErrorScreen, StatusScreen } from '../../components/StatusScreen';
import { useGameConnection } from '../../hooks/useGameConnection';
import { resolveUserId } from '../../lib/storage';
import { GameHeader } from './GameHeader';
import { DiscussionView } from './phases/DiscussionView';
import { NightView } from './phases/NightView';
import { ResultsView } from './phases/ResultsView';
import { RoleDealView } from './phases/RoleDealView';
import { RoleResolveView } from './phases/RoleResolveView';
import { VoteView } from './phases/VoteView';
import type { PhaseProps } from './types';

/**
 * In-game page (/game/:gameId): header plus one view per phase; the lobby phase goes back to /lobby. Role
 * components below it know the game's custom roles and theme (RolesProvider).
 */
export default function GamePage() {
  const { gameId } = useParams();
  const [userId] = useState(() => (gameId ? resolveUserId(gameId) : null));
  const conn = useGameConnection(gameId, userId);

  if (!gameId) return <StatusScreen text="No game ID provided" homeLink />;
  if (!userId) return <StatusScreen text="No user ID found. Please return to home." homeLink />;
  if (conn.loadError === 'not_found') return <StatusScreen text="Game not found" homeLink />;
  if (conn.loadError === 'not_player') return <StatusScreen text="Player not found" homeLink />;
  if (conn.loadError === 'unavailable' && conn.loadErrorBody) return <ErrorScreen error={conn.loadErrorBody} />;
  if (conn.loadError === 'error') return <StatusScreen text="Error loading game data. Please refresh the page." homeLink />;
  const snapshot = conn.snapshot;
  if (!snapshot) return <StatusScreen text="Loading..." loading />;
  const { view } = snapshot;
  if (!view.me) return <StatusScreen text="Player not found" homeLink />;
  if (view.game.phase === 'lobby') return <Navigate to={`/lobby/${gameId}`} replace />;

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
      body = <StatusScreen text="Unknown game phase" />;
  }

  return (
    <RolesProvider customRoles={view.game.customRoles} themeId={view.game.themeId}>
      <main className="nf-page" data-testid="game-page" data-phase={view.game.phase}>
        <GameHeader roomCode={view.game.roomCode} phase={view.game.phase} connection={conn.connection} onRetry={conn.retry} />
        {body}
      </main>
    </RolesProvider>
  );
}
