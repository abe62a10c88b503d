import { useEffect, useMemo, useState } from 'react';
import { App } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { CommonErrorCode, ERROR_TITLE, type ErrorBody, type MeResponse } from '@nightfall/protocol';
import { ME_KEY, fetchMe, refetchMe } from '../../hooks/useMe';
import { ApiRequestError } from '../../lib/api';
import { decideAccess, type AccessDecision, type AdminGate } from './access';
import { failureText } from './adminApi';

/** Toasts of the console: one at a time (the app's single 'toast' key), 5 s unless told (users page: 2 s). */
export interface AdminToast {
  success(title: string, message?: string, seconds?: number): void;
  error(title: string, message?: string): void;
}

export function useAdminToast(): AdminToast {
  const { notification } = App.useApp();
  return useMemo<AdminToast>(
    () => ({
      success: (title, message, seconds = 5) => notification.success({ key: 'toast', title, description: message, duration: seconds }),
      error: (title, message) => notification.error({ key: 'toast', title, description: message, duration: 5 }),
    }),
    [notification],
  );
}

/** `value`, once it has not changed for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The current time (epoch ms), refreshed every `ms` (time left of passes in the tables). */
export function useClock(ms = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/** What {@link useAdminAccess} returns. */
export interface AdminAccess {
  decision: AccessDecision;
  me: MeResponse | null;
  /** Why /api/me failed (decision 'error'). */
  error: ErrorBody | null;
}

/**
 * The access decision of `gate` from the cached /api/me (isAdmin / isSuperAdmin, for display only: the
 * server enforces every admin call), and its redirects: to /auth or home with the decision's toast. A
 * cleared /api/me (Hard Refresh) counts as "checking" until it is fetched again.
 */
export function useAdminAccess(gate: AdminGate): AdminAccess {
  const query = useQuery({ queryKey: ME_KEY, queryFn: fetchMe, retry: false, staleTime: Infinity });
  const me = query.data ?? null;
  const decision = decideAccess(gate, { me, pending: query.isPending || (query.data === undefined && query.isFetching), failed: query.isError });
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const redirect = decision.kind === 'sign-in' || decision.kind === 'denied' ? decision.redirect : null;
  const toast = decision.kind === 'sign-in' || decision.kind === 'denied' ? decision.toast : null;

  useEffect(() => {
    if (!redirect) return;
    if (toast) notification.error({ key: 'toast', title: toast.title, description: toast.message, duration: 5 });
    navigate(redirect, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one redirect per decision
  }, [redirect, toast?.title, toast?.message]);

  const failure = query.error;
  const error = useMemo<ErrorBody | null>(() => {
    if (!failure) return null;
    if (failure instanceof ApiRequestError) return failure.body;
    return { code: CommonErrorCode.INTERNAL, title: ERROR_TITLE, message: failure.message };
  }, [failure]);
  return { decision, me, error };
}

/**
 * Shows `title` with the server's message when a list query fails (once per failure), and asks /api/me
 * again on 401/403 so the access gate follows the server (a session that ended, admin rights removed).
 */
export function useQueryFailure(error: unknown, errorUpdatedAt: number, title: string): void {
  const toast = useAdminToast();
  const client = useQueryClient();
  useEffect(() => {
    if (!error) return;
    toast.error(title, failureText(error));
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) void refetchMe(client).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure
  }, [errorUpdatedAt]);
}
