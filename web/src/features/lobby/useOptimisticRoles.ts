import { useEffect, useState } from 'react';
import type { RoleId } from '@nightfall/game-rules';

const key = (roles: readonly RoleId[]) => [...roles].sort().join('|');

/**
 * Role selection shown to the host: the last list the host sent until the server's list matches it (or
 * 3 s pass, e.g. when the server rejected it), so quick taps build on each other instead of on a stale list.
 */
export function useOptimisticRoles(serverRoles: RoleId[]): [RoleId[], (roles: RoleId[]) => void] {
  const [pending, setPending] = useState<RoleId[] | null>(null);

  useEffect(() => {
    if (pending && key(pending) === key(serverRoles)) setPending(null);
  }, [serverRoles, pending]);

  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => setPending(null), 3000);
    return () => window.clearTimeout(timer);
  }, [pending]);

  return [pending ?? serverRoles, setPending];
}
