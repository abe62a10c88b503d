/**
 * react-query hooks over the pack store: the pack list, the storage stats (polled every 2 s, spec 001
 * section 9), and a refresh of both after an install, a delete or a clear.
 */
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listPacks, storageStats } from './store/packStore';

/** Query keys (the lead's theme selectors may share the pack list). */
export const THEME_PACKS_KEY = ['themePacks'] as const;
export const THEME_STORAGE_STATS_KEY = ['themeStorageStats'] as const;

/** Storage panel refresh: every 2 s (spec 001 section 4). */
export const STORAGE_POLL_MS = 2000;

/** The packs of this browser, newest first. */
export function useThemePacks() {
  return useQuery({ queryKey: THEME_PACKS_KEY, queryFn: listPacks, staleTime: 0 });
}

/** Storage usage, refreshed every 2 s. */
export function useStorageStats() {
  return useQuery({ queryKey: THEME_STORAGE_STATS_KEY, queryFn: storageStats, staleTime: 0, refetchInterval: STORAGE_POLL_MS });
}

/** Refetches the pack list and the storage stats. */
export function useRefreshThemePacks(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([client.invalidateQueries({ queryKey: THEME_PACKS_KEY }), client.invalidateQueries({ queryKey: THEME_STORAGE_STATS_KEY })]);
  }, [client]);
}
