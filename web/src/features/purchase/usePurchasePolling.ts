import { useCallback, useEffect, useRef, useState } from 'react';
import { PURCHASE_POLL } from './offers';

export type PollState = 'checking' | 'active' | 'slow';

/**
 * Calls `check` at once and then every 3 s until it resolves true ('active'), for at most 60 s or 20
 * attempts ('slow'). `restart` starts a new round (the Refresh button). A failing check counts as an
 * attempt; the last error is kept for display.
 */
export function usePurchasePolling(check: () => Promise<boolean>): { state: PollState; attempt: number; restart: () => void } {
  const [round, setRound] = useState(0);
  const [attempt, setAttempt] = useState(1);
  const [state, setState] = useState<PollState>('checking');
  const checkRef = useRef(check);
  checkRef.current = check;

  useEffect(() => {
    let cancelled = false;
    let timer: number | null = null;
    const startedAt = Date.now();
    let n = 0;

    const tick = async () => {
      n += 1;
      setAttempt(n);
      let ok: boolean;
      try {
        ok = await checkRef.current();
      } catch {
        ok = false;
      }
      if (cancelled) return;
      if (ok) {
        setState('active');
        return;
      }
      const elapsed = Date.now() - startedAt;
      if (n >= PURCHASE_POLL.maxAttempts || elapsed + PURCHASE_POLL.intervalMs > PURCHASE_POLL.timeoutMs) {
        setState('slow');
        return;
      }
      timer = window.setTimeout(() => void tick(), PURCHASE_POLL.intervalMs);
    };

    setState('checking');
    void tick();
    return () => {
      cancelled = true;
      if (timer !== null) window.clearTimeout(timer);
    };
  }, [round]);

  const restart = useCallback(() => setRound((r) => r + 1), []);
  return { state, attempt, restart };
}
