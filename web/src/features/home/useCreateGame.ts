import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RoomResponse } from '@nightfall/protocol';
import { ApiRequestError, apiFetch, isUnauthenticated, serverMessage, serverTitle } from '../../lib/api';
import { t } from '../../i18n/t';
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
        toast.error(t('home.create.locked.title'), t('home.create.locked.message'));
      } else if (isUnauthenticated(err)) {
        navigate('/auth');
      } else {
        toast.error(serverTitle(err, t('home.create.failed.title')), serverMessage(err, t('home.create.failed')));
      }
    }
  };

  return { create, busy };
}
