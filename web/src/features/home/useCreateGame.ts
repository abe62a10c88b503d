import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RoomResponse } from '@nightfall/protocol';
import { ApiRequestError, apiFetch, isUnauthenticated, serverMessage, serverTitle } from '../../lib/api';
import { rememberRoom } from '../../lib/storage';
import { useToast } from '../../hooks/useToast';

/** POST /api/rooms/create then go to the lobby; HOST_REQUIRED becomes the 'Hosting is locked' toast. */
export function useCreateGame(): { create: () => Promise<void>; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();

  const create = async () => {
    setBusy(true);
    try {
      const room = await apiFetch<RoomResponse>('/api/rooms/create', { method: 'POST', body: {} });
      rememberRoom(room);
      navigate(`/lobby/${room.gameId}`);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiRequestError && err.code === 'HOST_REQUIRED') {
        toast.error('Hosting is locked', 'You need a host entitlement to create rooms. This feature will be available soon.');
      } else if (isUnauthenticated(err)) {
        navigate('/auth');
      } else {
        toast.error(serverTitle(err, 'Error'), serverMessage(err, 'Failed to create game'));
      }
    }
  };

  return { create, busy };
}
