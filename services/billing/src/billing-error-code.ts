import type { RpcException } from '@nestjs/microservices';
import { CommonErrorCode, ERROR_TITLE } from '@nightfall/protocol';
import { rpcError, type GrpcStatus } from '@nightfall/server-kit';

/**
 * Every error code the billing service answers with (docs/architecture.md "Errors"), besides
 * `CommonErrorCode.INVALID_INPUT` (a malformed checkout request) and `CommonErrorCode.FORBIDDEN`
 * (another user's checkout, title 'Access Denied'). The gateway forwards them unchanged.
 */
export const BillingErrorCode = {
  /** GrantEntitlement with an unknown user id, type, tier or source: 'Failed to grant entitlement' (INVALID_ARGUMENT). */
  INVALID_GRANT: 'INVALID_GRANT',
  /** RevokeEntitlement of an unknown id: 'Entitlement not found' (NOT_FOUND). */
  ENTITLEMENT_NOT_FOUND: 'ENTITLEMENT_NOT_FOUND',
  /**
   * A checkout could not start, title 'Failed to start checkout' (spec 001 section 8): invalid public
   * URL (INVALID_ARGUMENT), payments not configured or permanent access already owned
   * (FAILED_PRECONDITION), payment provider unreachable (UNAVAILABLE).
   */
  CHECKOUT_FAILED: 'CHECKOUT_FAILED',
  /** Unknown checkout id or provider session id: 'Checkout session not found' (NOT_FOUND). */
  CHECKOUT_NOT_FOUND: 'CHECKOUT_NOT_FOUND',
  /** CompleteTestCheckout of a paid checkout, or while Stripe or production mode is on (FAILED_PRECONDITION). */
  NOT_A_TEST_CHECKOUT: 'NOT_A_TEST_CHECKOUT',
  /** A Stripe webhook while STRIPE_WEBHOOK_SECRET is unset (FAILED_PRECONDITION). */
  WEBHOOKS_DISABLED: 'WEBHOOKS_DISABLED',
  /** A webhook whose signature does not verify (missing, forged, tampered, too old): INVALID_ARGUMENT. */
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
} as const;
export type BillingErrorCode = (typeof BillingErrorCode)[keyof typeof BillingErrorCode];

/** Title of every `CHECKOUT_FAILED` error (spec 001 section 8). */
export const CHECKOUT_FAILED_TITLE = 'Failed to start checkout';

/**
 * The RpcException of a billing error: gRPC status plus the `ErrorBody` JSON (docs/architecture.md "Errors").
 * @param title the toast title; the spec's generic 'Error' unless the spec names another one
 */
export function billingError(
  status: GrpcStatus,
  code: BillingErrorCode | CommonErrorCode,
  message: string,
  title: string = ERROR_TITLE,
): RpcException {
  return rpcError(status, { code, title, message });
}

/** A `CHECKOUT_FAILED` error with the spec's title 'Failed to start checkout'. */
export function checkoutFailed(status: GrpcStatus, message: string): RpcException {
  return billingError(status, BillingErrorCode.CHECKOUT_FAILED, message, CHECKOUT_FAILED_TITLE);
}
