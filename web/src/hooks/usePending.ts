import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Guards a button against double sends: `run(fn)` calls fn once and reports pending until `resetKey`
 * changes (the server's answer arrived) or `timeoutMs` passes (the answer was lost or rejected).
 */
export function usePending(resetKey: unknown, timeoutMs = 4000): { pending: boolean; run: (fn: () => boolean | void) => void } {
  const [pending, setPending] = useState(false);
  const timer = useRef<number | null>(null);

  useEffect(() => {
    setPending(false);
    if (timer.current) window.clearTimeout(timer.current);
    timer.current = null;
  }, [resetKey]);

  useEffect(() => () => {
    if (timer.current) window.clearTimeout(timer.current);
  }, []);

  const run = useCallback(
    (fn: () => boolean | void) => {
      if (pending) return;
      const sent = fn();
      if (sent === false) return;
      setPending(true);
      if (timer.current) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setPending(false), timeoutMs);
    },
    [pending, timeoutMs],
  );

  return { pending, run };
}
