import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (the game page; docs/architecture.md "Table experience") with the Screen
 * Wake Lock API: requested when the page is visible, requested again when the page becomes visible after being
 * hidden (the browser releases the lock when the page is hidden), released when `active` turns false or the
 * page unmounts. Where the API is missing or refuses (battery saver, no user activation), nothing happens.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const request = () => {
      if (stopped || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      navigator.wakeLock.request('screen').then(
        (lock) => {
          if (stopped) void lock.release().catch(() => undefined);
          else sentinel = lock;
        },
        () => undefined,
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release().catch(() => undefined);
      sentinel = null;
    };
  }, [active]);
}
