import { HISTORY_PATH, historyReplayPath, type GameReplayDto, type HistoryPageDto } from '@nightfall/protocol';
import { apiFetch } from '../../lib/api';

/** REST calls of the history (docs/architecture.md "History and replay"). */
export const historyApi = {
  /** GET /api/history: a page of the signed-in user's finished rounds, newest first. */
  page: (cursor: string | null, signal?: AbortSignal) => apiFetch<HistoryPageDto>(cursor ? `${HISTORY_PATH}?cursor=${encodeURIComponent(cursor)}` : HISTORY_PATH, { signal }),
  /** GET /api/history/{gameId}/{round}: the round's entry and the user's results view of it. */
  replay: (gameId: string, round: number, signal?: AbortSignal) => apiFetch<GameReplayDto>(historyReplayPath(gameId, round), { signal }),
};

/** A finished round's date and time in the browser's locale ('23 Nov 2025, 17:09'). */
export function formatFinishedAt(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
