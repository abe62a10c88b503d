import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import Stripe from 'stripe';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { GrpcStatus, rpcError } from '@nightfall/server-kit';
import type { billingV1 } from '@nightfall/contracts';
import { BillingService, CLOCK, type Clock } from './billing.service.js';
import { CheckoutSessionEntity, type CheckoutMode } from './checkout-session.entity.js';
import { BILLING_ENV, type BillingEnv } from './env.js';
import type { EntitlementTier } from './entitlement.entity.js';
import { StripeEventEntity } from './stripe-event.entity.js';

/** What can be bought (spec 001 sections 1 and 9): the permanent host unlock and the 48-hour pass. */
export const PRODUCTS: Record<EntitlementTier, { name: string; amountCents: number; currency: string }> = {
  permanent: { name: 'Nightfall Host Unlock (Permanent)', amountCents: 999, currency: 'usd' },
  pass_48h: { name: 'Nightfall 48-Hour Host Pass', amountCents: 199, currency: 'usd' },
};

/** How checkout runs: Stripe with a secret key; the local test checkout without one (never in production). */
export type BillingMode = CheckoutMode | 'disabled';

/** Error body of a checkout that could not start (spec 001 section 8: 'Failed to start checkout'). */
const CHECKOUT_FAILED = (message: string) => ({ code: 'CHECKOUT_FAILED', title: 'Failed to start checkout', message });

const createSchema = z.object({
  userId: z.string().uuid(),
  userEmail: z.string().max(255),
  tier: z.enum(['permanent', 'pass_48h']),
  baseUrl: z.string(),
});

/** Stripe SDK options from STRIPE_API_BASE (host, port, protocol), for stripe-mock or a test stand-in. */
export function stripeConfig(apiBase: string): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = { timeout: 4000, maxNetworkRetries: 0, appInfo: { name: 'Nightfall' } };
  if (!apiBase) return config;
  const u = new URL(apiBase);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { ...config, host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** The payment intent id of a Checkout Session (expanded or not). */
function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const pi = session.payment_intent;
  if (!pi) return null;
  return typeof pi === 'string' ? pi : pi.id;
}

/**
 * Checkout and fulfilment (spec 001 section 4 "Purchase"). One fulfilment path for the Stripe webhook
 * and the development test checkout: `fulfill` locks the checkout row, grants the entitlement once and
 * marks the checkout completed, so replays and concurrent deliveries grant nothing twice.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Checkout');
  private readonly stripe: Stripe | null;

  constructor(
    @InjectRepository(CheckoutSessionEntity) private readonly checkouts: Repository<CheckoutSessionEntity>,
    private readonly dataSource: DataSource,
    private readonly billing: BillingService,
    @Inject(BILLING_ENV) private readonly env: BillingEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.stripe = env.STRIPE_SECRET_KEY ? new Stripe(env.STRIPE_SECRET_KEY, stripeConfig(env.STRIPE_API_BASE)) : null;
    if (!this.stripe) {
      this.logger.warn(
        env.NODE_ENV === 'production'
          ? 'STRIPE_SECRET_KEY is not set and NODE_ENV=production: checkout is disabled'
          : 'STRIPE_SECRET_KEY is not set: development mode, checkout goes to the local test payment page /dev/checkout',
      );
    }
  }

  /** 'stripe' with STRIPE_SECRET_KEY; else 'test' outside production; else 'disabled'. */
  get mode(): BillingMode {
    if (this.stripe) return 'stripe';
    return this.env.NODE_ENV === 'production' ? 'disabled' : 'test';
  }

  /** Whether Stripe webhooks are accepted (STRIPE_WEBHOOK_SECRET set). */
  get webhooksEnabled(): boolean {
    return Boolean(this.env.STRIPE_WEBHOOK_SECRET);
  }

  /** Wire form of a checkout row. */
  toDto(c: CheckoutSessionEntity): billingV1.CheckoutSession {
    return {
      id: c.id,
      checkoutUrl: c.checkoutUrl,
      mode: c.mode,
      userId: c.userId,
      tier: c.tier,
      amountCents: c.amountCents,
      currency: c.currency,
      productName: PRODUCTS[c.tier].name,
      status: c.status,
      stripeSessionId: c.stripeSessionId ?? '',
      createdAt: c.createdAt.toISOString(),
      completedAt: c.completedAt?.toISOString() ?? '',
      entitlementId: c.entitlementId ?? '',
    };
  }

  /**
   * Starts a checkout. Stripe mode: a Checkout Session (mode payment; STRIPE_PRICE_HOST /
   * STRIPE_PRICE_HOST_PASS or price_data $9.99 / $1.99; success_url
   * `<base>/purchase/success?session_id={CHECKOUT_SESSION_ID}`, cancel_url `<base>/purchase/cancel`;
   * client_reference_id = user id; metadata {userId, tier, checkoutId}). Test mode: a local checkout
   * whose url is `/dev/checkout?session=<id>`.
   * @throws INVALID_ARGUMENT bad user/tier/URL; FAILED_PRECONDITION payments disabled or permanent access
   *   already owned; UNAVAILABLE when Stripe fails (title 'Failed to start checkout')
   */
  async create(req: billingV1.CreateCheckoutSessionRequest): Promise<billingV1.CheckoutSession> {
    const parsed = createSchema.safeParse(req);
    if (!parsed.success) throw rpcError(GrpcStatus.INVALID_ARGUMENT, CHECKOUT_FAILED('Invalid checkout request'));
    const { userId, userEmail, tier } = parsed.data;
    const base = cleanBaseUrl(parsed.data.baseUrl || this.env.PUBLIC_URL);
    const mode = this.mode;
    if (mode === 'disabled') throw rpcError(GrpcStatus.FAILED_PRECONDITION, CHECKOUT_FAILED('Payments are not configured. Please try again later.'));
    const access = await this.billing.hostAccess(userId);
    if (access.entitlement?.tier === 'permanent') {
      throw rpcError(GrpcStatus.FAILED_PRECONDITION, CHECKOUT_FAILED('You already have permanent host access'));
    }
    const product = PRODUCTS[tier];
    const id = randomUUID();
    const row = this.checkouts.create({
      id,
      userId,
      userEmail,
      tier,
      mode,
      status: 'open',
      amountCents: product.amountCents,
      currency: product.currency,
      stripeSessionId: null,
      checkoutUrl: `/dev/checkout?session=${id}`,
      paymentIntent: null,
      entitlementId: null,
      createdAt: new Date(this.clock()),
      completedAt: null,
    });
    if (mode === 'stripe') {
      const price = tier === 'permanent' ? this.env.STRIPE_PRICE_HOST : this.env.STRIPE_PRICE_HOST_PASS;
      let session: Stripe.Checkout.Session;
      try {
        session = await this.stripe!.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              price
                ? { price, quantity: 1 }
                : { price_data: { currency: product.currency, unit_amount: product.amountCents, product_data: { name: product.name } }, quantity: 1 },
            ],
            success_url: `${base}/purchase/success?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${base}/purchase/cancel`,
            client_reference_id: userId,
            ...(userEmail ? { customer_email: userEmail } : {}),
            metadata: { userId, tier, checkoutId: id },
            payment_intent_data: { metadata: { userId, tier, checkoutId: id } },
          },
          { idempotencyKey: `checkout-${id}` },
        );
      } catch (err) {
        this.logger.error(`Stripe checkout.sessions.create failed: ${err instanceof Error ? err.message : String(err)}`);
        throw rpcError(GrpcStatus.UNAVAILABLE, CHECKOUT_FAILED('The payment provider could not be reached. Please try again later.'));
      }
      if (!session.url) throw rpcError(GrpcStatus.UNAVAILABLE, CHECKOUT_FAILED('Please try again later'));
      row.stripeSessionId = session.id;
      row.checkoutUrl = session.url;
    }
    await this.checkouts.insert(row);
    return this.toDto(row);
  }

  /** A checkout by our id or by its Stripe session id (cs_...). @throws NOT_FOUND */
  async get(id: string): Promise<billingV1.CheckoutSession> {
    const row = z.string().uuid().safeParse(id).success
      ? await this.checkouts.findOneBy({ id })
      : id
        ? await this.checkouts.findOneBy({ stripeSessionId: id })
        : null;
    if (!row) throw rpcError(GrpcStatus.NOT_FOUND, { code: 'CHECKOUT_NOT_FOUND', title: 'Error', message: 'Checkout session not found' });
    return this.toDto(row);
  }

  /**
   * Grants the entitlement of a checkout once, inside a transaction holding the checkout row lock:
   * the same path for the Stripe webhook (source `stripe`) and the test checkout (source `test`).
   * An already completed checkout returns its entitlement with `granted` false.
   * @throws NOT_FOUND when the checkout does not exist
   */
  async fulfill(checkoutId: string, source: 'stripe' | 'test', paymentIntent: string | null, manager?: EntityManager): Promise<billingV1.FulfillmentResponse> {
    const run = async (m: EntityManager): Promise<billingV1.FulfillmentResponse> => {
      const repo = m.getRepository(CheckoutSessionEntity);
      const checkout = await repo.findOne({ where: { id: checkoutId }, lock: { mode: 'pessimistic_write' } });
      if (!checkout) throw rpcError(GrpcStatus.NOT_FOUND, { code: 'CHECKOUT_NOT_FOUND', title: 'Error', message: 'Checkout session not found' });
      if (checkout.status === 'completed') {
        const existing = checkout.entitlementId ? await this.billing.findRow(checkout.entitlementId, m) : null;
        return { granted: false, entitlement: existing ? this.billing.toDto(existing) : undefined, checkout: this.toDto(checkout) };
      }
      const entitlement = await this.billing.grantRow(
        { userId: checkout.userId, userEmail: checkout.userEmail, type: 'host', tier: checkout.tier, source },
        { paymentIntent, metadata: { checkoutSessionId: checkout.id, stripeSessionId: checkout.stripeSessionId, amountCents: checkout.amountCents, currency: checkout.currency } },
        m,
      );
      checkout.status = 'completed';
      checkout.completedAt = new Date(this.clock());
      checkout.entitlementId = entitlement.id;
      checkout.paymentIntent = paymentIntent;
      await repo.update({ id: checkout.id }, { status: 'completed', completedAt: checkout.completedAt, entitlementId: entitlement.id, paymentIntent });
      this.logger.log(`checkout ${checkout.id} fulfilled: ${checkout.tier} host entitlement ${entitlement.id} (${source}) for user ${checkout.userId}`);
      return { granted: true, entitlement: this.billing.toDto(entitlement), checkout: this.toDto(checkout) };
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }

  /**
   * Completes a local test checkout (development mode only) for its own user: grants a `test`
   * entitlement through `fulfill`, like a paid Stripe webhook would.
   * @throws NOT_FOUND; PERMISSION_DENIED another user's checkout; FAILED_PRECONDITION not a test checkout
   *   or Stripe/production mode
   */
  async completeTest(id: string, userId: string): Promise<billingV1.FulfillmentResponse> {
    const checkout = await this.get(id);
    if (checkout.mode !== 'test' || this.mode !== 'test') {
      throw rpcError(GrpcStatus.FAILED_PRECONDITION, { code: 'NOT_A_TEST_CHECKOUT', title: 'Error', message: 'Test payments are only available in development mode' });
    }
    if (checkout.userId !== userId) {
      throw rpcError(GrpcStatus.PERMISSION_DENIED, { code: 'FORBIDDEN', title: 'Access Denied', message: 'This checkout belongs to another account' });
    }
    return this.fulfill(checkout.id, 'test', null);
  }

  /**
   * Verifies a Stripe webhook (`stripe.webhooks.constructEvent` with STRIPE_WEBHOOK_SECRET) and applies
   * it once per event id: the event row (stripe_events, primary key event_id) and the grant commit in
   * one transaction, so a replay or a concurrent duplicate does nothing. `checkout.session.completed`
   * and `checkout.session.async_payment_succeeded` with payment_status `paid` fulfil the checkout
   * (tier from the stored checkout, else from metadata {userId, tier}); other events are recorded and ignored.
   * @throws FAILED_PRECONDITION when STRIPE_WEBHOOK_SECRET is unset; INVALID_ARGUMENT bad or missing signature
   */
  async handleWebhook(payload: Uint8Array, signature: string): Promise<billingV1.HandleStripeWebhookResponse> {
    if (!this.env.STRIPE_WEBHOOK_SECRET) {
      throw rpcError(GrpcStatus.FAILED_PRECONDITION, { code: 'WEBHOOKS_DISABLED', title: 'Error', message: 'Stripe webhooks are not configured' });
    }
    let event: Stripe.Event;
    try {
      const webhooks = this.stripe?.webhooks ?? Stripe.webhooks;
      event = webhooks.constructEvent(Buffer.from(payload), signature, this.env.STRIPE_WEBHOOK_SECRET);
    } catch (err) {
      this.logger.warn(`rejected a Stripe webhook: ${err instanceof Error ? err.message : String(err)}`);
      throw rpcError(GrpcStatus.INVALID_ARGUMENT, { code: 'INVALID_SIGNATURE', title: 'Error', message: 'Invalid webhook signature' });
    }
    return this.dataSource.transaction(async (m) => {
      const inserted = await m
        .createQueryBuilder()
        .insert()
        .into(StripeEventEntity)
        .values({ eventId: event.id, type: event.type, livemode: Boolean(event.livemode), result: 'ignored', checkoutSessionId: null, receivedAt: new Date(this.clock()) })
        .orIgnore()
        .returning('event_id')
        .execute();
      const base = { eventId: event.id, eventType: event.type };
      if ((inserted.raw as unknown[]).length === 0) return { ...base, duplicate: true, granted: false };
      if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
        return { ...base, duplicate: false, granted: false };
      }
      const session = event.data.object;
      if (session.payment_status !== 'paid') return { ...base, duplicate: false, granted: false };
      const checkout = await this.checkoutForStripeSession(m, session);
      if (!checkout) {
        this.logger.warn(`Stripe event ${event.id}: session ${session.id} has no checkout and no usable metadata; ignored`);
        return { ...base, duplicate: false, granted: false };
      }
      const r = await this.fulfill(checkout.id, 'stripe', paymentIntentOf(session), m);
      await m.getRepository(StripeEventEntity).update({ eventId: event.id }, { result: r.granted ? 'granted' : 'already_fulfilled', checkoutSessionId: checkout.id });
      return { ...base, duplicate: false, granted: r.granted };
    });
  }

  /** The stored checkout of a Stripe session; one is recorded from metadata {userId, tier} if missing. */
  private async checkoutForStripeSession(m: EntityManager, session: Stripe.Checkout.Session): Promise<CheckoutSessionEntity | null> {
    const repo = m.getRepository(CheckoutSessionEntity);
    const found = await repo.findOneBy({ stripeSessionId: session.id });
    if (found) return found;
    const meta = z
      .object({ userId: z.string().uuid(), tier: z.enum(['permanent', 'pass_48h']) })
      .safeParse({ userId: session.metadata?.userId ?? session.client_reference_id, tier: session.metadata?.tier });
    if (!meta.success) return null;
    const row = repo.create({
      id: randomUUID(),
      userId: meta.data.userId,
      userEmail: session.customer_details?.email ?? session.customer_email ?? '',
      tier: meta.data.tier,
      mode: 'stripe',
      status: 'open',
      amountCents: session.amount_total ?? PRODUCTS[meta.data.tier].amountCents,
      currency: session.currency ?? PRODUCTS[meta.data.tier].currency,
      stripeSessionId: session.id,
      checkoutUrl: session.url ?? '',
      paymentIntent: null,
      entitlementId: null,
      createdAt: new Date(this.clock()),
      completedAt: null,
    });
    await repo.insert(row);
    return row;
  }
}

/** Checks the public base URL (http or https, no trailing slash). @throws INVALID_ARGUMENT */
function cleanBaseUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    return u.toString().replace(/\/+$/, '');
  } catch {
    throw rpcError(GrpcStatus.INVALID_ARGUMENT, CHECKOUT_FAILED('Invalid public URL'));
  }
}
