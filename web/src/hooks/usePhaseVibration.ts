import { useEffect, useRef } from 'react';
import { PHASE_VIBRATION_MS, VIBRATION, canVibrate, shouldBuzz } from '../lib/vibration';
import { useOnOffSetting } from './useOnOffSetting';

/** The vibration setting (docs/architecture.md "Table experience"): [on, set]. */
export function useVibrationSetting(): [boolean, (on: boolean) => void] {
  return useOnOffSetting(VIBRATION);
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
