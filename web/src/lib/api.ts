import { CommonErrorCode, ERROR_TITLE, SERVICE_UNAVAILABLE_BODY, isErrorBody, type AuthResponse, type ErrorBody, type MeResponse } from '@nightfall/protocol';

/**
 * Statuses of an unreachable or overloaded backend (0: the request never got an answer): without an
 * {@link ErrorBody} they read as SERVICE_UNAVAILABLE.
 */
const UNAVAILABLE_STATUSES = new Set([0, 502, 503, 504]);

/**
 * Error thrown by {@link apiFetch} for every non-OK response. It is an {@link ErrorBody}: the server's own
 * body when it sent one (`fromServer`), SERVICE_UNAVAILABLE for a network failure or a 502/503/504 without
 * one, else a body built from the status.
 */
export class ApiRequestError extends Error implements ErrorBody {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly details?: Record<string, unknown>;
  /** True when the server answered with an {@link ErrorBody} of its own. */
  readonly fromServer: boolean;

  constructor(status: number, body: ErrorBody | null, fallbackText: string) {
    const shown = body ?? (UNAVAILABLE_STATUSES.has(status) ? SERVICE_UNAVAILABLE_BODY : null);
    super(shown ? shown.message : `${status}: ${fallbackText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = shown?.code ?? `HTTP_${status}`;
    this.title = shown?.title ?? ERROR_TITLE;
    if (shown?.details) this.details = shown.details;
    this.fromServer = body !== null;
  }

  /** True when the title and message are meant for the player (a server body, or the service-unavailable text). */
  get showable(): boolean {
    return this.fromServer || this.code === CommonErrorCode.SERVICE_UNAVAILABLE;
  }

  /** The error as a plain {@link ErrorBody}. */
  get body(): ErrorBody {
    return { code: this.code, title: this.title, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

/**
 * True when the call failed because there is no live session (HTTP 401: UNAUTHENTICATED or an account-only
 * call by a guest), the only error that means "sign in". A 503 never does.
 */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/** True when the backend (or a service it needs) is unavailable: show the body's title and message. */
export function isUnavailable(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.code === CommonErrorCode.SERVICE_UNAVAILABLE;
}

/** Returns the server's message of an error when it has one (or the service-unavailable text), else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.showable ? error.message : fallback;
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
  if (!response.ok) throw new ApiRequestError(response.status, isErrorBody(parsed) ? parsed : null, text || response.statusText);
  return parsed as T;
}

/** Returns the server's title of an error when it sent a body (or the service-unavailable title), else `fallback`. */
export function serverTitle(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.showable && error.title) return error.title;
  return fallback;
}

/* ---------- Account and purchase calls (spec 001 section 7) ---------- */

/** Answer of POST /api/auth/login, /signup and /callback (protocol `AuthResponse`): its state is in `status`. */
export type { AuthResponse };

/** True when an auth answer means a magic link was sent (no login yet) rather than a completed login. */
export function isMagicLinkResponse(res: AuthResponse | null | undefined): res is Extract<AuthResponse, { status: 'magic_link_sent' }> {
  return res?.status === 'magic_link_sent';
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
