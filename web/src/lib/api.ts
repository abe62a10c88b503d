import type { ApiError, MeResponse } from '@nightfall/protocol';

/** Error thrown by {@link apiFetch} for every non-OK response; carries the server's `{code, title, message}`. */
export class ApiRequestError extends Error implements ApiError {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  /** True when the server sent a message of its own (not a fallback built from the status). */
  readonly fromServer: boolean;

  constructor(status: number, body: Partial<ApiError> | null, fallbackText: string) {
    const fromServer = typeof body?.message === 'string' && body.message.length > 0;
    super(fromServer ? (body?.message as string) : `${status}: ${fallbackText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = body?.code ?? `HTTP_${status}`;
    this.title = body?.title ?? 'Error';
    this.fromServer = fromServer;
  }
}

/** Returns the server's message of an error when it has one, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.fromServer ? error.message : fallback;
  return fallback;
}

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Same-origin JSON call with the session cookie. JSON content type and body are sent only when a body is
 * given. Throws {@link ApiRequestError} on non-OK responses (and a 0-status one on network failure).
 */
export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'include', signal: options.signal };
  if (options.body !== undefined) {
    init.headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    init.body = JSON.stringify(options.body);
  } else {
    init.headers = { Accept: 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiRequestError(0, null, 'Network error');
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) {
    const body = parsed && typeof parsed === 'object' ? (parsed as Partial<ApiError>) : null;
    throw new ApiRequestError(response.status, body, text || response.statusText);
  }
  return parsed as T;
}

/** Returns the server's title of an error when it sent a body, else `fallback`. */
export function serverTitle(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.fromServer && error.title) return error.title;
  return fallback;
}

/* ---------- Account and purchase calls (spec 001 section 7) ---------- */

/** Answer of POST /api/auth/login, /signup and /callback: a message and, once logged in, the user. */
export interface AuthResponse {
  message: string;
  user?: MeResponse | null;
}

/** Messages of the server meaning "a magic link was e-mailed, nobody is logged in yet". */
export const MAGIC_LINK_MESSAGES = {
  signIn: 'Check your email for the sign-in link',
  signUp: 'Check your email to complete signup',
} as const;

/** True when an auth answer means a magic link was sent (no login yet) rather than a completed login. */
export function isMagicLinkResponse(res: AuthResponse | null | undefined): boolean {
  return !!res && (res.message === MAGIC_LINK_MESSAGES.signIn || res.message === MAGIC_LINK_MESSAGES.signUp);
}

export interface Credentials {
  email: string;
  /** Omitted for the magic-link method. */
  password?: string;
  displayName?: string;
}

/** The two host products: permanent unlock ($9.99) and the 48-hour pass ($1.99). */
export type HostProduct = 'host' | 'host-pass-48h';

export const accountApi = {
  /** GET /api/me (401 when signed out). */
  me: (signal?: AbortSignal) => apiFetch<MeResponse>('/api/me', { signal }),
  /** POST /api/auth/login {email, password?}. */
  login: (body: Credentials) => apiFetch<AuthResponse>('/api/auth/login', { method: 'POST', body }),
  /** POST /api/auth/signup {email, password?, displayName?}. */
  signup: (body: Credentials) => apiFetch<AuthResponse>('/api/auth/signup', { method: 'POST', body }),
  /** POST /api/auth/callback {token}: completes a magic-link login. */
  callback: (token: string) => apiFetch<AuthResponse>('/api/auth/callback', { method: 'POST', body: { token } }),
  /** POST /api/auth/logout. */
  logout: () => apiFetch<unknown>('/api/auth/logout', { method: 'POST' }),
  /** PUT /api/profile {displayName} -> the updated user. */
  updateProfile: (displayName: string) => apiFetch<MeResponse | null>('/api/profile', { method: 'PUT', body: { displayName } }),
  /** POST /api/checkout/host or /api/checkout/host-pass-48h -> {checkoutUrl}. */
  checkout: (product: HostProduct) => apiFetch<{ checkoutUrl: string }>(`/api/checkout/${product}`, { method: 'POST' }),
  /** POST /api/debug/grant-host-manual: the payment page's manual fallback. */
  grantHostManual: () => apiFetch<unknown>('/api/debug/grant-host-manual', { method: 'POST' }),
  /** GET /api/debug/user-status: diagnostic JSON. */
  userStatus: () => apiFetch<unknown>('/api/debug/user-status'),
};
