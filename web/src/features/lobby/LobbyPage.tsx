import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Typography, type ButtonProps } from 'antd';
import { LogoutOutlined, PlayCircleOutlined, RobotOutlined, SwapOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { checkCanStart, isRulesError, type RoleId } from '@nightfall/game-rules';
import { RolesProvider } from '../../components/RolesContext';
import { ErrorScreen, RemovedScreen, StatusScreen } from '../../components/StatusScreen';
import { useGameConnection } from '../../hooks/useGameConnection';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/t';
import { resolveUserId } from '../../lib/storage';
import { SaveThisTheme } from '../theme-offer/ThemeOffer';
import { isAdminView } from './adminRole';
import { InviteCard } from './InviteCard';
import { SpectatorBanner, SpectatorCount } from '../spectate/SpectatorBanner';
import { LobbyHeader } from './LobbyHeader';
import { PlayerList } from './PlayerList';
import { RoleSelection } from './RoleSelection';
import { SettingsPanel } from './SettingsPanel';
import { suggestionFor } from './quickSetup';
import { useKeepSuggestion } from './useKeepSuggestion';
import { useOptimisticRoles } from './useOptimisticRoles';
import { useSeating } from './useSeating';

/** The super admin's panel: loaded only for admin views, so players do not download it (docs/architecture.md). */
const AdminRolePanel = lazy(() => import('./AdminRolePanel').then((m) => ({ default: m.AdminRolePanel })));

const EMPTY_ROLES: RoleId[] = [];

/**
 * Lobby (/lobby/:gameId): players, roles (the catalogue's and the game's custom roles), host controls, the
 * super admin's role panel when the view is an admin view; leaves for /game/:gameId when the game starts.
 */
export default function LobbyPage() {
  const { gameId } = useParams();
  const [userId] = useState(() => (gameId ? resolveUserId(gameId) : null));
  const conn = useGameConnection(gameId, userId);
  const navigate = useNavigate();
  const toast = useToast();
  const [arranging, setArranging] = useState(false);
  const view = conn.snapshot?.view ?? null;
  const players = view?.players ?? [];
  const seating = useSeating(gameId ?? '', userId ?? '', players, conn.offerSnapshot);
  const [shownRoles, setShownRoles, rolesSaving] = useOptimisticRoles(view?.game.selectedRoles ?? EMPTY_ROLES, conn.onServerError);

  const phase = view?.game.phase;
  const { send } = conn;
  const sendRoles = useCallback(
    (roles: RoleId[]) => {
      if (!send({ action: 'update_role_selection', data: { roles } })) return false;
      setShownRoles(roles);
      return true;
    },
    [send, setShownRoles],
  );
  // Quick setup: the host's suggested selection follows the player count (docs/architecture.md "Table experience").
  const hostLobby = !!view?.me?.isHost && phase === 'lobby' && conn.connected;
  const [keepSuggestion, setKeepSuggestion] = useKeepSuggestion(gameId ?? '', hostLobby, shownRoles, players.length, sendRoles);

  useEffect(() => {
    if (gameId && phase && phase !== 'lobby' && !conn.removed) navigate(`/game/${gameId}`, { replace: true });
  }, [phase, gameId, navigate, conn.removed]);
  // the lobby's notices ('Bot Added', 'Seating Updated'...) leave with it: on a phone a toast would cover the
  // header of the first night phase for the rest of its 5 s
  useEffect(() => () => toast.dismiss(), [toast]);
  // a player who left goes home (docs/rules.md "Kick and leave")
  useEffect(() => {
    if (conn.removed === 'left') navigate('/', { replace: true });
  }, [conn.removed, navigate]);

  if (!gameId) return <StatusScreen text={t('game.status.no_game_id')} homeLink />;
  if (conn.removed) return <RemovedScreen reason={conn.removed} />;
  if (!userId) return <StatusScreen text={t('game.status.no_user_id')} homeLink />;
  if (conn.loadError === 'not_found') return <StatusScreen text={t('game.status.not_found')} homeLink />;
  if (conn.loadError === 'not_player') return <StatusScreen text={t('game.status.player_not_found')} homeLink />;
  if (conn.loadError === 'unavailable' && conn.loadErrorBody) return <ErrorScreen error={conn.loadErrorBody} />;
  if (conn.loadError === 'error') return <StatusScreen text={t('game.status.load_error')} homeLink />;
  if (!view) return <StatusScreen text={t('game.status.loading')} loading />;
  if (phase !== 'lobby') return <StatusScreen text={t('game.status.loading')} loading />;
  if (!view.me && view.spectating) {
    // a spectator's lobby (docs/rules.md "Spectators"): read only
    const host = players.find((p) => p.isHost)?.displayName ?? t('lobby.host_fallback');
    return (
      <RolesProvider customRoles={view.game.customRoles} themeId={view.game.themeId}>
        <main className="nf-page" data-testid="phase-lobby" data-spectating="true">
          <LobbyHeader roomCode={view.game.roomCode} hostName={host} connection={conn.connection} onRetry={conn.retry} />
          <SpectatorBanner connected={conn.connected} onStop={() => conn.send({ action: 'leave_game', data: {} })} />
          <PlayerList players={players} meId="" isHost={false} arranging={false} connected={conn.connected} seatingBusy={false} onMove={() => undefined} onRemoveBot={() => undefined} onKick={() => undefined} extra={<SpectatorCount count={view.game.spectatorCount} />} />
          <RoleSelection selected={view.game.selectedRoles} requiredCount={view.game.requiredRoleCount} isHost={false} connected={conn.connected} onChange={() => undefined} />
          <Card size="small" data-testid="waiting-for-host">
            <div className="nf-center">{t('spectate.waiting_host')}</div>
          </Card>
        </main>
      </RolesProvider>
    );
  }
  if (!view.me) return <StatusScreen text={t('game.status.player_not_found')} homeLink />;

  const me = view.me;
  const isHost = me.isHost;
  const { game } = view;
  const hostName = players.find((p) => p.userId === game.hostId)?.displayName ?? players.find((p) => p.isHost)?.displayName ?? t('lobby.host_fallback');
  const required = game.requiredRoleCount;
  const connected = conn.connected;

  const startGame = () => {
    try {
      // The engine's own start check ('Cannot start game' / 'Need exactly {n} roles for {m} players').
      checkCanStart(players.length, game.selectedRoles);
    } catch (err) {
      if (!isRulesError(err)) throw err;
      toast.error(err.title, err.message);
      return;
    }
    conn.send({ action: 'start_game', data: {} });
  };

  const setRoles = (roles: RoleId[]) => {
    setKeepSuggestion(false);
    sendRoles(roles);
  };

  // 'Suggest roles': the engine's balanced selection for this table (docs/rules.md "Suggested roles").
  const suggestion = suggestionFor(players.length);
  const suggest = () => {
    if (suggestion && sendRoles(suggestion)) setKeepSuggestion(true);
  };
  const wrongCount = shownRoles.length !== required;
  const suggestButton = (testId: string, primary: boolean) =>
    suggestion ? (
      <Button type={primary ? 'primary' : 'default'} icon={<ThunderboltOutlined />} disabled={!connected} onClick={suggest} data-testid={testId}>
        {t('suggest.button')}
      </Button>
    ) : null;

  return (
    <RolesProvider customRoles={game.customRoles} themeId={game.themeId}>
      <main className="nf-page" data-testid="phase-lobby">
        <LobbyHeader roomCode={game.roomCode} hostName={hostName} connection={conn.connection} onRetry={conn.retry} />

        <InviteCard roomCode={game.roomCode} />

        <PlayerList
          players={players}
          meId={me.userId}
          isHost={isHost}
          arranging={arranging}
          connected={connected}
          seatingBusy={seating.busy}
          onMove={(i, d) => void seating.move(i, d)}
          onRemoveBot={(botUserId) => conn.send({ action: 'remove_bot', data: { botUserId } })}
          onKick={(targetUserId) => conn.send({ action: 'kick_player', data: { targetUserId } })}
          extra={
            isHost ? (
              <span className="nf-row-wrap" style={{ gap: 8, alignItems: 'center' }}>
                <SpectatorCount count={game.spectatorCount} />
                <Button size="small" type="link" icon={<SwapOutlined rotate={90} />} onClick={() => setArranging((a) => !a)} data-testid="arrange-seating">
                  {arranging ? t('lobby.seating.hide') : t('lobby.seating.show')}
                </Button>
              </span>
            ) : (
              <SpectatorCount count={game.spectatorCount} />
            )
          }
        />

        {isHost ? (
          <Button size="large" block icon={<RobotOutlined />} disabled={!connected} onClick={() => conn.send({ action: 'add_bot', data: {} })} data-testid="add-bot">
            {t('lobby.add_bot')}
          </Button>
        ) : null}

        <RoleSelection
          selected={isHost ? shownRoles : game.selectedRoles}
          requiredCount={required}
          isHost={isHost}
          connected={connected}
          onChange={setRoles}
          toolbar={
            isHost ? (
              <div className="nf-row-wrap" data-testid="quick-setup">
                {suggestButton('suggest-roles', false)}
                {keepSuggestion ? (
                  <span className="nf-muted nf-small" data-testid="suggest-kept">
                    {t('suggest.auto', { players: players.length })}
                  </span>
                ) : null}
              </div>
            ) : null
          }
        />

        {isAdminView(view) ? (
          <Suspense fallback={null}>
            <AdminRolePanel view={view} />
          </Suspense>
        ) : null}

        <SaveThisTheme view={view} />

        {isHost ? (
          <SettingsPanel
            discussionTime={game.settings.discussionTime}
            connected={connected}
            onChange={(discussionTime) => conn.send({ action: 'update_game_settings', data: { discussionTime } })}
          />
        ) : null}

        {isHost ? (
          <div className="nf-sticky-actions">
            {wrongCount ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 8 }}
                title={t('suggest.need_exactly', { n: required, m: players.length })}
                action={suggestButton('suggest-roles-fix', true)}
                data-testid="role-count-warning"
              />
            ) : null}
            {/* a role change still on its way: Start waits for it, or the server (and the check below) would judge the old list */}
            <Button type="primary" size="large" block icon={<PlayCircleOutlined />} disabled={!connected || rolesSaving} onClick={startGame} data-testid="start-game">
              {t('lobby.start_game')}
            </Button>
            <div className="nf-center nf-muted nf-small" style={{ marginTop: 6 }}>
              {t('lobby.start.summary', { selected: game.selectedRoles.length, required, players: players.length })}
            </div>
          </div>
        ) : (
          <Card size="small" data-testid="waiting-for-host">
            <div className="nf-center" style={{ flexDirection: 'column', gap: 4 }}>
              <Typography.Text strong>{t('lobby.waiting.title')}</Typography.Text>
              <Typography.Text type="secondary">
                {t('lobby.waiting.summary', { players: players.length, selected: game.selectedRoles.length })}
              </Typography.Text>
            </div>
          </Card>
        )}

        <Popconfirm
          title={t('leave.confirm.title')}
          description={isHost && players.some((p) => !p.isBot && p.userId !== me.userId) ? t('leave.confirm.host') : undefined}
          okText={t('leave.confirm.ok')}
          cancelText={t('kick.confirm.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'leave-room-confirm' } as ButtonProps}
          onConfirm={() => conn.send({ action: 'leave_game', data: {} })}
        >
          <Button block type="text" danger icon={<LogoutOutlined />} disabled={!connected} data-testid="leave-room">
            {t('leave.button')}
          </Button>
        </Popconfirm>
      </main>
    </RolesProvider>
  );
}
