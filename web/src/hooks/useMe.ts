import { useCallback, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CommonErrorCode, ERROR_TITLE, type ErrorBody, type MeResponse } from '@nightfall/protocol';
import { ApiRequestError, accountApi, isMagicLinkResponse, isUnauthenticated, type AuthResponse, type Credentials } from '../lib/api';

export const ME_KEY = ['me'] as const;

/**
 * GET /api/me; resolves to null when there is no session (401), or when the session's user is gone
 * (403/404). Any other failure (a 503 above all) is thrown: it is not "signed out".
 */
export async function fetchMe(): Promise<MeResponse | null> {
  try {
    return await accountApi.me();
  } catch (err) {
    if (isUnauthenticated(err) || (err instanceof ApiRequestError && (err.status === 403 || err.status === 404))) return null;
    throw err;
  }
}

/** Fetches /api/me now (ignoring the never-stale cache) and stores it; resolves to the fresh user. */
export function refetchMe(client: QueryClient): Promise<MeResponse | null> {
  return client.fetchQuery({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: 0 });
}

/** What {@link useMe} returns. */
export interface MeState {
  me: MeResponse | null;
  /** False for guests, when signed out, and while `error` is set. */
  signedIn: boolean;
  isLoading: boolean;
  /** Why /api/me failed (e.g. SERVICE_UNAVAILABLE): shown as its title and message, never as "signed out". */
  error: ErrorBody | null;
  /** Asks /api/me again (after an error). */
  retry: () => void;
}

/** The current user (guest sessions included; `signedIn` is false for guests and when signed out). */
export function useMe(): MeState {
  const query = useQuery({ queryKey: ME_KEY, queryFn: fetchMe, retry: false, staleTime: Infinity });
  const me = query.data ?? null;
  const failure = query.error;
  const error = useMemo<ErrorBody | null>(() => {
    if (!failure) return null;
    if (failure instanceof ApiRequestError) return failure.body;
    return { code: CommonErrorCode.INTERNAL, title: ERROR_TITLE, message: failure.message };
  }, [failure]);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { me, signedIn: !!me && !me.isGuest, isLoading: query.isLoading, error: me ? null : error, retry };
}

/** Result of a login or signup: a magic link was sent (`magicLink`), or the user is logged in. */
export interface AuthOutcome {
  magicLink: boolean;
  message: string;
  user: MeResponse | null;
}

/**
 * After an auth answer (spec 001 section 4): `status: 'magic_link_sent'` means nobody is logged in yet;
 * `signed_in` carries the user, who is stored and refetched.
 */
async function settle(client: QueryClient, res: AuthResponse): Promise<AuthOutcome> {
  if (isMagicLinkResponse(res)) return { magicLink: true, message: res.message, user: null };
  client.setQueryData(ME_KEY, res.user);
  const user = await refetchMe(client).catch(() => res.user);
  return { magicLink: false, message: res.message, user: user ?? res.user };
}

/** Login, signup (password or magic link), magic-link callback, logout and profile mutations that keep the cached user in step. */
export function useAuthActions() {
  const client = useQueryClient();
  const login = useMutation({
    mutationFn: async (body: Credentials) => settle(client, await accountApi.login(body)),
  });
  const signup = useMutation({
    mutationFn: async (body: Credentials) => settle(client, await accountApi.signup(body)),
  });
  const callback = useMutation({
    mutationFn: async (token: string) => settle(client, await accountApi.callback(token)),
  });
  const logout = useMutation({
    mutationFn: () => accountApi.logout(),
    onSettled: () => client.setQueryData(ME_KEY, null),
  });
  const updateProfile = useMutation({
    mutationFn: (displayName: string) => accountApi.updateProfile(displayName),
    onSuccess: async (user) => {
      if (user && typeof user === 'object' && 'id' in user) client.setQueryData(ME_KEY, user);
      await client.invalidateQueries({ queryKey: ME_KEY });
    },
  });
  return { login, signup, callback, logout, updateProfile };
}
