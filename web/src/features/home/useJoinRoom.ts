import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { RoomResponse } from '@nightfall/protocol';
import { t } from '../../i18n/t';
import { apiFetch, serverMessage, serverTitle } from '../../lib/api';
import { rememberRoom } from '../../lib/storage';
import { useToast } from '../../hooks/useToast';
import { ME_KEY } from '../../hooks/useMe';

/** Body of POST /api/rooms/join: the room code, and a display name for a visitor without a session. */
export interface JoinRoomBody {
  roomCode: string;
  displayName?: string;
  /** Watch without a seat (docs/rules.md "Spectators"). */
  spectator?: boolean;
}

/**
 * The join flow of spec 000 section 4 ("join, then go to the lobby"), shared by the home page's join form and
 * /join/{code}: POST /api/rooms/join, remember the room (session memory), refresh /api/me (a guest session
 * may have been created), go to /lobby/{gameId}. A failure is shown as the server's toast ('Error' / 'Failed to
 * join game' when it says nothing) and resolves to false; success resolves to true.
 */
export function useJoinRoom(): (body: JoinRoomBody) => Promise<boolean> {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useCallback(
    async (body: JoinRoomBody) => {
      try {
        const room = await apiFetch<RoomResponse>('/api/rooms/join', { method: 'POST', body });
        rememberRoom(room);
        void queryClient.invalidateQueries({ queryKey: ME_KEY });
        navigate(`/lobby/${room.gameId}`);
        return true;
      } catch (err) {
        toast.error(serverTitle(err, t('home.join.failed.title')), serverMessage(err, t('home.join.failed')));
        return false;
      }
    },
    [navigate, toast, queryClient],
  );
}
