import { useEffect, useRef, useState } from 'react';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ME_KEY } from '../../hooks/useMe';
import { passBannerText } from './hostAccess';
import { useNow } from './useNow';

/** Countdown refresh of the home banner (spec 001 section 9). */
export const PASS_COUNTDOWN_REFRESH_MS = 60_000;

/**
 * 'Host Pass expires in: {h}h {m}m' for a non-permanent pass ending at `expiresAt` (epoch ms), refreshed
 * every 60 s; 'Expired' at zero (one extra tick lands exactly then), when the cached user is refetched so
 * the home actions follow the server.
 */
export function HostPassBanner({ expiresAt }: { expiresAt: number }) {
  const ticked = useNow(PASS_COUNTDOWN_REFRESH_MS);
  const [endReached, setEndReached] = useState(false);
  const now = endReached ? Math.max(ticked, expiresAt) : ticked;
  const left = expiresAt - now;
  const expired = left <= 0;
  const client = useQueryClient();
  const refetched = useRef(false);

  useEffect(() => {
    setEndReached(false);
    refetched.current = false;
    const wait = expiresAt - Date.now();
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = window.setTimeout(() => setEndReached(true), wait);
    return () => window.clearTimeout(timer);
  }, [expiresAt]);

  useEffect(() => {
    if (!expired || refetched.current) return;
    refetched.current = true;
    void client.invalidateQueries({ queryKey: ME_KEY });
  }, [expired, client]);

  return (
    <div className={`nf-pass-banner${expired ? ' expired' : ''}`} role="status" data-testid="host-pass-banner">
      <ClockCircleOutlined aria-hidden />
      <span>{passBannerText(left)}</span>
    </div>
  );
}
