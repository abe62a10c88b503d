import { useCallback, useEffect, useState } from 'react';
import type { RoleId } from '@nightfall/game-rules';
import { PENDING_FALLBACK_MS, pendingAfter } from './optimisticRoles';

/**
 * Role selection shown to the host (see optimisticRoles.ts): the last list the host sent until the server's list
 * matches it, the server refuses an action (`onRefused` subscribes to the connection's errors), or
 * PENDING_FALLBACK_MS pass, so quick taps build on each other instead of on a stale list.
 * @returns [the selection to show, the (stable) setter to call with each selection sent, whether a sent selection
 *   still waits for the server's confirmation (the Start button waits with it: the server starts with its own list)]
 */
export function useOptimisticRoles(serverRoles: RoleId[], onRefused: (listener: () => void) => () => void): [RoleId[], (roles: RoleId[]) => void, boolean] {
  const [pending, setPending] = useState<RoleId[] | null>(null);

  useEffect(() => {
    if (pending) setPending((p) => pendingAfter(p, { kind: 'server', roles: serverRoles }));
  }, [serverRoles, pending]);

  useEffect(() => onRefused(() => setPending((p) => pendingAfter(p, { kind: 'refused' }))), [onRefused]);

  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => setPending((p) => pendingAfter(p, { kind: 'expired' })), PENDING_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);

  const sent = useCallback((roles: RoleId[]) => setPending((p) => pendingAfter(p, { kind: 'sent', roles })), []);
  return [pending ?? serverRoles, sent, pending !== null];
}
