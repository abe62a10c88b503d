import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';

/** Signing secret of the test webhooks. */
export const WEBHOOK_SECRET = 'whsec_test_nightfall';

/** A request the Stripe stand-in received. */
export interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/** A running stand-in: its base URL (STRIPE_API_BASE), the requests seen, and a failure switch. */
export interface StripeStandIn {
  server: Server;
  base: string;
  seen: Seen[];
  setFail(v: boolean): void;
}

/**
 * A local stand-in of the Stripe API (Stripe itself is unreachable here): answers
 * POST /v1/checkout/sessions with a Checkout Session object, or 500 while `fail` is set.
 */
export function stripeStandIn(): Promise<StripeStandIn> {
  const seen: Seen[] = [];
  let fail = false;
  let n = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      res.setHeader('content-type', 'application/json');
      if (fail) {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in failure' } }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `no route ${req.url}` } }));
        return;
      }
      const id = `cs_test_standin_${++n}`;
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
          payment_status: 'unpaid',
          status: 'open',
          client_reference_id: form.get('client_reference_id'),
          metadata: { userId: form.get('metadata[userId]'), tier: form.get('metadata[tier]'), checkoutId: form.get('metadata[checkoutId]') },
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]') ?? 0),
          currency: 'usd',
        }),
      );
    });
  });
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () => r({ server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen, setFail: (v) => (fail = v) })),
  );
}

/**
 * A Stripe event JSON for a Checkout Session (payment_status 'paid' unless overridden), and its
 * Stripe-Signature header made with `secret` (see {@link signedStripeEvent}).
 */
export function signedEvent(
  eventId: string,
  session: { id: string; payment_status?: string; payment_intent?: string; metadata?: Record<string, string>; client_reference_id?: string },
  secret = WEBHOOK_SECRET,
  type = 'checkout.session.completed',
): { payload: Buffer; signature: string } {
  return signedStripeEvent(eventId, type, { object: 'checkout.session', payment_status: 'paid', ...session }, secret);
}

/**
 * A Stripe event JSON of any type with `object` as its `data.object`, and its Stripe-Signature header
 * made with `secret` by the Stripe SDK's `webhooks.generateTestHeaderString` (`t=<unix s>,v1=<hex
 * HMAC-SHA256 of "<t>.<payload>">`, as Stripe signs webhooks).
 */
export function signedStripeEvent(eventId: string, type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET): { payload: Buffer; signature: string } {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return { payload: Buffer.from(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** A `charge` object of `charge.refunded` events: fully refunded unless `amountRefunded` is below `amount`. */
export function refundedCharge(paymentIntent: string, o: { id?: string; amount?: number; amountRefunded?: number } = {}): Record<string, unknown> {
  const amount = o.amount ?? 999;
  const refunded = o.amountRefunded ?? amount;
  return { id: o.id ?? `ch_${paymentIntent}`, object: 'charge', amount, amount_refunded: refunded, refunded: refunded >= amount, payment_intent: paymentIntent, currency: 'usd' };
}

/** A `dispute` object of `charge.dispute.created` events. */
export function createdDispute(paymentIntent: string, chargeId = `ch_${paymentIntent}`): Record<string, unknown> {
  return { id: `dp_${paymentIntent}`, object: 'dispute', amount: 999, charge: chargeId, payment_intent: paymentIntent, reason: 'fraudulent', status: 'needs_response', currency: 'usd' };
}
