import { z } from 'zod';
import { GatewayErrorCode } from '../gateway-error-code.js';
import { ApiException } from './errors.filter.js';

/**
 * zod's own messages ('Invalid input: expected string, received undefined') name no field, so a refusal would
 * not say what is wrong (docs/architecture.md "Errors"): they get the field's path in front ('email: ...'), or
 * 'Request body: ' for the body itself. The schemas' own messages (the spec's texts, e.g. 'Please enter a room
 * code') stay as they are: zod asks this map only for issues that have none.
 */
const namingField: z.core.$ZodErrorMap = (issue) => {
  const own = z.config().localeError?.(issue);
  const text = typeof own === 'string' ? own : own?.message;
  if (!text) return undefined;
  return `${issue.path?.length ? issue.path.join('.') : 'Request body'}: ${text}`;
};

/**
 * Validates a request body with a zod schema (validation at the edge, docs/architecture.md "Guarantees").
 * @throws ApiException 400 INVALID_INPUT with the first issue's message (the spec's text where the schema carries
 *   it, else zod's with the field's path)
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body ?? {}, { error: namingField });
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ApiException(400, GatewayErrorCode.INVALID_INPUT, issue ? issue.message : 'Invalid request');
  }
  return r.data;
}
