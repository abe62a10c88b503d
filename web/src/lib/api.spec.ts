import { jest } from '@jest/globals';
import { SERVICE_UNAVAILABLE_BODY, type AuthResponse, type MeResponse } from '@nightfall/protocol';
import { ApiRequestError, apiFetch, isMagicLinkResponse, isUnauthenticated, isUnavailable, serverMessage, serverTitle } from './api';

const user: MeResponse = { id: 'u1', email: 'a@b.c', displayName: 'Ava', isGuest: false, createdAt: '', lastLoginAt: null, entitlements: [], hostEntitlement: null, hasHostRights: false, hostStatus: 'none', displayedHostEntitlement: null, isAdmin: false, isSuperAdmin: false };

describe('isMagicLinkResponse (AuthResponse.status)', () => {
  it('is true for status magic_link_sent, whatever the message', () => {
    expect(isMagicLinkResponse({ status: 'magic_link_sent', purpose: 'signin', message: 'Check your email for the sign-in link' })).toBe(true);
    expect(isMagicLinkResponse({ status: 'magic_link_sent', purpose: 'signup', message: 'any text' })).toBe(true);
  });
  it('is false for a completed login, whatever the message', () => {
    expect(isMagicLinkResponse({ status: 'signed_in', message: 'Check your email for the sign-in link', user })).toBe(false);
    expect(isMagicLinkResponse({ status: 'signed_in', message: 'Logged in successfully', user })).toBe(false);
    expect(isMagicLinkResponse(null)).toBe(false);
    expect(isMagicLinkResponse({ message: 'Check your email to complete signup' } as unknown as AuthResponse)).toBe(false);
  });
});

describe('apiFetch errors (ErrorBody)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const answer = (status: number, body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    globalThis.fetch = jest.fn(async () => new Response(text, { status })) as unknown as typeof fetch;
  };
  const failure = async (path = '/api/me'): Promise<ApiRequestError> => {
    try {
      await apiFetch(path);
    } catch (err) {
      return err as ApiRequestError;
    }
    throw new Error('apiFetch did not throw');
  };

  it("carries the server's ErrorBody (code, title, message, details)", async () => {
    answer(429, { code: 'RATE_LIMITED', title: 'Too Many Requests', message: 'Slow down', details: { retryAfterSeconds: 30 } });
    const err = await failure();
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err.body).toEqual({ code: 'RATE_LIMITED', title: 'Too Many Requests', message: 'Slow down', details: { retryAfterSeconds: 30 } });
    expect(err.fromServer).toBe(true);
    expect(serverTitle(err, 'Error')).toBe('Too Many Requests');
    expect(serverMessage(err, 'fallback')).toBe('Slow down');
  });

  it("shows a 503 as its body's title and message, never as 'sign in'", async () => {
    answer(503, SERVICE_UNAVAILABLE_BODY);
    const err = await failure();
    expect(isUnavailable(err)).toBe(true);
    expect(isUnauthenticated(err)).toBe(false);
    expect(serverTitle(err, 'Error')).toBe(SERVICE_UNAVAILABLE_BODY.title);
    expect(serverMessage(err, 'Failed to create game')).toBe(SERVICE_UNAVAILABLE_BODY.message);
  });

  it('reads a 502/503/504 without an ErrorBody (a proxy page) and a network failure as SERVICE_UNAVAILABLE', async () => {
    answer(502, '<html>Bad Gateway</html>');
    expect((await failure()).body).toEqual(SERVICE_UNAVAILABLE_BODY);
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const err = await failure();
    expect(err.status).toBe(0);
    expect(isUnavailable(err)).toBe(true);
  });

  it('only a 401 means "no session"', async () => {
    answer(401, { code: 'UNAUTHENTICATED', title: 'Error', message: 'Please sign in.' });
    expect(isUnauthenticated(await failure())).toBe(true);
    answer(403, { code: 'HOST_REQUIRED', title: 'Hosting is locked', message: 'No host rights' });
    const forbidden = await failure();
    expect(isUnauthenticated(forbidden)).toBe(false);
    expect(forbidden.code).toBe('HOST_REQUIRED');
  });

  it('uses the fallback text for a body that is not an ErrorBody', async () => {
    answer(400, { message: 'only a message' });
    const err = await failure();
    expect(err.fromServer).toBe(false);
    expect(err.code).toBe('HTTP_400');
    expect(serverMessage(err, 'Failed to join game')).toBe('Failed to join game');
    expect(serverTitle(err, 'Error')).toBe('Error');
    expect(serverMessage(new Error('x'), 'fallback')).toBe('fallback');
  });

  it('returns the parsed body of a success', async () => {
    answer(200, { status: 'signed_in', message: 'Logged in successfully', user });
    await expect(apiFetch<AuthResponse>('/api/auth/login', { method: 'POST', body: {} })).resolves.toMatchObject({ status: 'signed_in' });
  });
});
