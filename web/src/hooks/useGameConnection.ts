import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ErrorBody, GameSnapshot } from '@nightfall/protocol';
import type { RoleId } from '@nightfall/game-rules';
import { ApiRequestError, apiFetch, isUnavailable } from '../lib/api';
import {
  acquireRealtimeClient,
  releaseRealtimeClient,
  type ConnectionState,
  type GameAction,
  type RealtimeClient,
  type RealtimeState,
} from '../lib/realtime';
import { roleDisplay } from '../lib/roles';
import { touchSession } from '../lib/storage';
import { ruleText, type RuleText } from '../i18n/rules';
import { useActiveTheme } from '../theme/activeTheme';
import { useToast } from './useToast';

const EMPTY_STATE: RealtimeState = { connection: 'connecting', snapshot: null, attempt: 0 };
const noopSubscribe = () => () => undefined;
const emptyState = () => EMPTY_STATE;

/** Result of {@link useGameConnection}. */
export interface GameConnection {
  connection: ConnectionState;
  connected: boolean;
  snapshot: GameSnapshot | null;
  /** Sends a game action; false when offline (the buttons are disabled then anyway). */
  send: (action: GameAction) => boolean;
  /** Starts reconnecting again after 'Connection lost'. */
  retry: () => void;
  /**
   * REST load failure: 'not_found' (404), 'not_player' (403), 'unavailable' (SERVICE_UNAVAILABLE: show
   * `loadErrorBody`), 'error' (anything else), or null.
   */
  loadError: 'not_found' | 'not_player' | 'unavailable' | 'error' | null;
  /** The server's error body of a failed load. */
  loadErrorBody: ErrorBody | null;
  /** The REST snapshot replaced after a local change (e.g. the seating POST response). */
  offerSnapshot: (snapshot: GameSnapshot) => void;
  /** Why this player is no longer in the game (kicked by the host, or left), else null (docs/rules.md "Kick and leave"). */
  removed: 'kicked' | 'left' | null;
  /** Subscribes to the server's `error` answers on this connection (a refused action); returns the unsubscribe. */
  onServerError: (listener: () => void) => () => void;
}

/**
 * Loads a game (GET /api/games/{id}) and keeps it live over the shared WebSocket client: the newest snapshot
 * by version wins, server notices/errors become toasts, and the session memory is refreshed on activity.
 */
export function useGameConnection(gameId: string | undefined, userId: string | null): GameConnection {
  const toast = useToast();
  const [client, setClient] = useState<RealtimeClient | null>(null);

  useEffect(() => {
    if (!gameId || !userId) return;
    const c = acquireRealtimeClient(gameId, userId);
    setClient(c);
    return () => {
      releaseRealtimeClient(c);
      setClient(null);
    };
  }, [gameId, userId]);

  const state = useSyncExternalStore(client?.subscribe ?? noopSubscribe, client?.getState ?? emptyState);

  const query = useQuery({
    queryKey: ['game', gameId, userId],
    queryFn: ({ signal }) => apiFetch<GameSnapshot>(`/api/games/${encodeURIComponent(gameId ?? '')}`, { signal }),
    enabled: !!gameId && !!userId,
    retry: (count, err) => !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500) && count < 2,
    staleTime: 0,
  });

  useEffect(() => {
    if (client && query.data) client.offerSnapshot(query.data);
  }, [client, query.data]);

  // After a reconnect (not the first connect), fetch the view again in case the socket missed updates.
  const { refetch } = query;
  const wasConnected = useRef(false);
  useEffect(() => {
    if (state.connection !== 'connected' || !client) return;
    if (wasConnected.current) void refetch();
    wasConnected.current = true;
  }, [state.connection, client, refetch]);

  // Notices arrive as the rules' codes: worded with the active theme and the game's custom role titles.
  const { theme } = useActiveTheme();
  const snapshot = state.snapshot;
  const wording = useRef<RuleText>(ruleText({ theme, roleName: (r: RoleId) => r }));
  const customRoles = snapshot?.view.game.customRoles;
  const themeId = snapshot?.view.game.themeId;
  useEffect(() => {
    const source = { customRoles: customRoles ?? [], themeId: themeId ?? null, theme };
    wording.current = ruleText({ theme, roleName: (r: RoleId) => roleDisplay(source, r).title });
  }, [theme, customRoles, themeId]);

  useEffect(() => {
    if (!client) return;
    return client.onToast((t) => {
      if (t.kind === 'error') return toast.error(t.title, t.message);
      const { title, message } = wording.current.notice(t.notice);
      toast.success(title, message);
    });
  }, [client, toast]);

  const myName = snapshot?.view.players.find((p) => p.userId === userId)?.displayName ?? '';
  useEffect(() => {
    if (gameId && userId && snapshot?.view.me) touchSession(gameId, userId, myName);
  }, [gameId, userId, snapshot, myName]);

  const send = useCallback(
    (action: GameAction) => {
      if (!client) return false;
      const ok = client.sendAction(action);
      if (ok && gameId && userId) touchSession(gameId, userId, myName);
      return ok;
    },
    [client, gameId, userId, myName],
  );
  const retry = useCallback(() => client?.retryNow(), [client]);
  const offerSnapshot = useCallback((s: GameSnapshot) => client?.offerSnapshot(s), [client]);
  const onServerError = useCallback(
    (listener: () => void) =>
      client
        ? client.onToast((t) => {
            if (t.kind === 'error') listener();
          })
        : () => undefined,
    [client],
  );

  let loadError: GameConnection['loadError'] = null;
  let loadErrorBody: ErrorBody | null = null;
  if (query.error && !snapshot) {
    const status = query.error instanceof ApiRequestError ? query.error.status : 0;
    loadError = isUnavailable(query.error) ? 'unavailable' : status === 404 ? 'not_found' : status === 403 ? 'not_player' : 'error';
    loadErrorBody = query.error instanceof ApiRequestError ? query.error.body : null;
  }

  return { connection: state.connection, connected: state.connection === 'connected', snapshot, send, retry, loadError, loadErrorBody, offerSnapshot, removed: state.removed ?? null, onServerError };
}
