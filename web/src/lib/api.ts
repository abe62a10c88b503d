import type { ApiError } from '@nightfall/protocol';

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
