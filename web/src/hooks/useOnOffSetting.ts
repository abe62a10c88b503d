import { useCallback, useEffect, useState } from 'react';
import type { OnOffSetting } from '../lib/settings';

/**
 * An on-by-default device setting for React (docs/architecture.md "Table experience": vibration, narration):
 * [on, set], kept in localStorage and in step with other tabs through the storage event.
 */
export function useOnOffSetting(setting: OnOffSetting): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => setting.enabled());
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === setting.key || e.key === null) setOn(setting.enabled());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [setting]);
  const set = useCallback(
    (next: boolean) => {
      setting.set(next);
      setOn(next);
    },
    [setting],
  );
  return [on, set];
}
