import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@nightfall/protocol';
import { ApiRequestError, accountApi, isMagicLinkResponse, type AuthResponse, type Credentials } from '../lib/api';

export const ME_KEY = ['me'] as const;

/** GET /api/me; resolves to null when there is no session (401). */
export async function fetchMe(): Promise<MeResponse | null> {
  try {
    return await accountApi.me();
  } catch (err) {
    if (err instanceof ApiRequestError && (err.status === 401 || err.status === 403 || err.status === 404)) return null;
    throw err;
  }
}

/** Fetches /api/me now (ignoring the never-stale cache) and stores it; resolves to the fresh user. */
export function refetchMe(client: QueryClient): Promise<MeResponse | null> {
  return client.fetchQuery({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: 0 });
}

/** The current user (guest sessions included; `signedIn` is false for guests and when signed out). */
export function useMe(): { me: MeResponse | null; signedIn: boolean; isLoading: boolean } {
  const query = useQuery({ queryKey: ME_KEY, queryFn: fetchMe, retry: false, staleTime: Infinity });
  const me = query.data ?? null;
  return { me, signedIn: !!me && !me.isGuest, isLoading: query.isLoading };
}

/** Result of a login or signup: a magic link was sent (`magicLink`), or the user is logged in. */
export interface AuthOutcome {
  magicLink: boolean;
  message: string;
  user: MeResponse | null;
}

/**
 * After an auth answer (spec 001 section 4): a magic-link message means nobody is logged in yet; otherwise
 * the user is logged in, stored and refetched.
 */
async function settle(client: QueryClient, res: AuthResponse): Promise<AuthOutcome> {
  if (isMagicLinkResponse(res)) return { magicLink: true, message: res.message, user: null };
  if (res.user) client.setQueryData(ME_KEY, res.user);
  const user = await refetchMe(client).catch(() => res.user ?? null);
  return { magicLink: false, message: res.message, user: user ?? res.user ?? null };
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
