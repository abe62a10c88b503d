import { useCallback, useEffect, useRef, useState } from 'react';
import { PHASE_VIBRATION_MS, VIBRATION_KEY, canVibrate, setVibrationEnabled, shouldBuzz, vibrationEnabled } from '../lib/vibration';

/**
 * The vibration setting (docs/architecture.md "Table experience"): [on, set]. Kept in localStorage, and in step
 * with other tabs through the storage event.
 */
export function useVibrationSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => vibrationEnabled());
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === VIBRATION_KEY || e.key === null) setOn(vibrationEnabled());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const set = useCallback((next: boolean) => {
    setVibrationEnabled(next);
    setOn(next);
  }, []);
  return [on, set];
}

/**
 * A short vibration (`navigator.vibrate(50)`) when `phase` changes, where the device supports it and the
 * setting is on; not for the first phase a page shows (a reload or an arrival does not buzz).
 */
export function usePhaseVibration(phase: string | undefined, enabled: boolean): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (phase === undefined) return;
    if (shouldBuzz(previous.current, phase, enabled) && canVibrate(navigator)) navigator.vibrate(PHASE_VIBRATION_MS);
    previous.current = phase;
  }, [phase, enabled]);
}
