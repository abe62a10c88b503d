import { useEffect, useState } from 'react';
import type { RoleName } from '@nightfall/game-rules';

const key = (roles: readonly RoleName[]) => [...roles].sort().join('|');

/**
 * Role selection shown to the host: the last list the host sent until the server's list matches it (or
 * 3 s pass, e.g. when the server rejected it), so quick taps build on each other instead of on a stale list.
 */
export function useOptimisticRoles(serverRoles: RoleName[]): [RoleName[], (roles: RoleName[]) => void] {
  const [pending, setPending] = useState<RoleName[] | null>(null);

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
