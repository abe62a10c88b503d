/**
 * The one error body of Nightfall: every REST error, every socket `error` message and every gRPC
 * error detail carries it (docs/architecture.md "Errors"). Zod-free: safe for the browser bundle.
 *
 * - `code` is stable and machine-readable: each service owns an enum of its codes next to its module
 *   (for example `GatewayErrorCode`, `IdentityErrorCode`); the rules engine owns `RulesErrorCode`.
 * - `title` and `message` are what the player sees, with the spec's texts where the spec gives them
 *   (spec 000 section 8, spec 001 section 8).
 * - `details` carries structured extras (for example `{retryAfterSeconds: 30}`), never prose to parse.
 */
export interface ErrorBody<C extends string = string> {
  code: C;
  title: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * Codes every service may answer with, whatever its own enum says:
 * - `INVALID_INPUT`: the request failed validation at the edge (HTTP 400), nothing changed.
 * - `UNAUTHENTICATED`: no live session (HTTP 401). Only ever for a missing, forged, expired or revoked
 *   session, never for an infrastructure failure.
 * - `FORBIDDEN`: the caller may not do this (HTTP 403).
 * - `NOT_FOUND`: unknown route or resource (HTTP 404).
 * - `RATE_LIMITED`: too many requests (HTTP 429), `details.retryAfterSeconds`.
 * - `SERVICE_UNAVAILABLE`: a service the call needs is down or too slow (HTTP 503); try again.
 * - `INTERNAL`: a bug (HTTP 500), logged on the server.
 */
export const CommonErrorCode = {
  INVALID_INPUT: 'INVALID_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type CommonErrorCode = (typeof CommonErrorCode)[keyof typeof CommonErrorCode];

/** The generic toast title the spec uses for most errors (spec 000 section 8). */
export const ERROR_TITLE = 'Error';

/** The text of a SERVICE_UNAVAILABLE error (HTTP 503). */
export const SERVICE_UNAVAILABLE_BODY: ErrorBody<'SERVICE_UNAVAILABLE'> = {
  code: 'SERVICE_UNAVAILABLE',
  title: 'Service Unavailable',
  message: 'The service is temporarily unavailable. Please try again in a moment.',
};

/** True when `value` has the shape of an {@link ErrorBody} (string code, title and message). */
export function isErrorBody(value: unknown): value is ErrorBody {
  const v = value as Partial<ErrorBody> | null;
  return typeof v === 'object' && v !== null && typeof v.code === 'string' && typeof v.title === 'string' && typeof v.message === 'string';
}
