import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoleId } from '@nightfall/game-rules';
import { followSuggestion } from './quickSetup';

const storageKey = (gameId: string) => `nightfall.suggestedRoles.${gameId}`;

function readFlag(gameId: string): boolean {
  try {
    return window.sessionStorage.getItem(storageKey(gameId)) === '1';
  } catch {
    return false;
  }
}

function writeFlag(gameId: string, on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(storageKey(gameId), '1');
    else window.sessionStorage.removeItem(storageKey(gameId));
  } catch {
    /* storage unavailable: the flag lives as long as the page */
  }
}

/**
 * Whether the host keeps the suggested roles (docs/architecture.md "Table experience"): on after 'Suggest
 * roles', off after any manual toggle; kept per game in sessionStorage so a reload does not forget it. While it
 * is on and the host is connected, a change of the player count (a join, a bot, a leave) sends the suggestion
 * for the new count through `send` once per (count, selection) seen.
 * @param active the page is the host's lobby (the hook does nothing otherwise)
 * @param send sends `update_role_selection` with the roles; false when the socket is not open
 * @returns [keeping, setKeeping]
 */
export function useKeepSuggestion(
  gameId: string,
  active: boolean,
  selected: readonly RoleId[],
  playerCount: number,
  send: (roles: RoleId[]) => boolean,
): [boolean, (on: boolean) => void] {
  const [keeping, setKeepingState] = useState(() => readFlag(gameId));
  const lastSent = useRef<string | null>(null);
  const setKeeping = useCallback(
    (on: boolean) => {
      writeFlag(gameId, on);
      setKeepingState(on);
    },
    [gameId],
  );

  useEffect(() => {
    if (!active || !keeping) return;
    const next = followSuggestion(selected, playerCount);
    if (!next) return;
    const key = `${playerCount}|${[...selected].sort().join(',')}`;
    if (lastSent.current === key) return;
    if (send(next)) lastSent.current = key;
  }, [active, keeping, selected, playerCount, send]);

  return [keeping, setKeeping];
}
