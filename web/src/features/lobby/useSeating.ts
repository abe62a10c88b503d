import { useState } from 'react';
import type { PublicPlayer } from '@nightfall/game-rules';
import type { GameSnapshot } from '@nightfall/protocol';
import { apiFetch } from '../../lib/api';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n/t';

/** Moves a player one seat up or down through POST /api/games/{id}/seating. */
export function useSeating(gameId: string, userId: string, players: PublicPlayer[], onSnapshot: (s: GameSnapshot) => void) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  const move = async (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= players.length) return;
    const order = players.map((p) => p.userId);
    const moved = order[index] as string;
    order[index] = order[target] as string;
    order[target] = moved;
    setBusy(true);
    try {
      const snapshot = await apiFetch<GameSnapshot>(`/api/games/${encodeURIComponent(gameId)}/seating`, {
        method: 'POST',
        body: { userId, newSeatingOrder: order },
      });
      if (snapshot && typeof snapshot === 'object' && 'view' in snapshot) onSnapshot(snapshot);
      toast.success(t('lobby.seating.updated.title'), t('lobby.seating.updated'));
    } catch {
      toast.error(t('lobby.seating.failed.title'), t('lobby.seating.failed'));
    } finally {
      setBusy(false);
    }
  };

  return { move, busy };
}
