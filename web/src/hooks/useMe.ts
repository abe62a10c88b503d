import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@nightfall/protocol';
import { ApiRequestError, apiFetch } from '../lib/api';

export const ME_KEY = ['me'] as const;

/** GET /api/me; resolves to null when there is no session (401). */
async function fetchMe(): Promise<MeResponse | null> {
  try {
    return await apiFetch<MeResponse>('/api/me');
  } catch (err) {
    if (err instanceof ApiRequestError && (err.status === 401 || err.status === 403 || err.status === 404)) return null;
    throw err;
  }
}

/** The current user (guest sessions included; `signedIn` is false for guests and when signed out). */
export function useMe(): { me: MeResponse | null; signedIn: boolean; isLoading: boolean } {
  const query = useQuery({ queryKey: ME_KEY, queryFn: fetchMe, retry: false, staleTime: Infinity });
  const me = query.data ?? null;
  return { me, signedIn: !!me && !me.isGuest, isLoading: query.isLoading };
}

interface AuthResponse {
  message: string;
  user: MeResponse;
}

/** Password login, signup and logout mutations that keep the cached user in step. */
export function useAuthActions() {
  const client = useQueryClient();
  const login = useMutation({
    mutationFn: (body: { email: string; password: string }) => apiFetch<AuthResponse>('/api/auth/login', { method: 'POST', body }),
    onSuccess: (res) => client.setQueryData(ME_KEY, res.user),
  });
  const signup = useMutation({
    mutationFn: (body: { email: string; password: string; displayName?: string }) =>
      apiFetch<AuthResponse>('/api/auth/signup', { method: 'POST', body }),
    onSuccess: (res) => client.setQueryData(ME_KEY, res.user),
  });
  const logout = useMutation({
    mutationFn: () => apiFetch<unknown>('/api/auth/logout', { method: 'POST' }),
    onSettled: () => client.setQueryData(ME_KEY, null),
  });
  return { login, signup, logout };
}
