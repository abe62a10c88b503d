import type { z } from 'zod';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from './errors.filter.js';

/**
 * Validates a request body with a zod schema (validation at the edge, docs/architecture.md "Guarantees").
 * @throws ApiException 400 INVALID_INPUT with the first issue's message (the spec's text where the schema carries it)
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body ?? {});
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ApiException(400, GatewayErrorCode.INVALID_INPUT, issue ? issue.message : 'Invalid request');
  }
  return r.data;
}
