import { useEffect, useRef, useState } from 'react';

/**
 * Milliseconds left until `endAt` (epoch ms), refreshed 4 times a second; calls `onExpire` once when it
 * reaches zero. Returns null when there is no deadline.
 */
export function useCountdown(endAt: number | null, onExpire?: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  const fired = useRef<number | null>(null);
  const expireRef = useRef(onExpire);
  expireRef.current = onExpire;

  useEffect(() => {
    if (endAt === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [endAt]);

  const remaining = endAt === null ? null : Math.max(0, endAt - now);

  useEffect(() => {
    if (endAt === null || remaining === null || remaining > 0) return;
    if (fired.current === endAt) return;
    fired.current = endAt;
    expireRef.current?.();
  }, [endAt, remaining]);

  return remaining;
}
