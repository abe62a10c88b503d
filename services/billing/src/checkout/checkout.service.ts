import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { CommonErrorCode } from '@nightfall/protocol';
import { CLOCK, GrpcStatus, isUuid, publicBaseUrl, type Clock } from '@nightfall/server-kit';
import type { billingV1 } from '@nightfall/contracts';
import { billingError, BillingErrorCode, CHECKOUT_FAILED_TITLE, checkoutFailed } from '../billing-error-code.js';
import { EntitlementsService } from '../entitlements/entitlements.service.js';
import { BILLING_ENV, type BillingEnv } from '../env.js';
import { PAYMENT_PROVIDER, PaymentProviderError, type CheckoutCompletedEvent, type HostedCheckout, type PaymentMode, type PaymentProvider } from '../payments/payment-provider.js';
import { CheckoutSessionEntity } from './checkout-session.entity.js';
import { PRODUCTS } from './products.js';

const createSchema = z.object({
  userId: z.string().uuid(),
  userEmail: z.string().max(255),
  tier: z.enum(['permanent', 'pass_48h']),
  baseUrl: z.string(),
});

const purchaseMetadata = z.object({ userId: z.string().uuid(), tier: z.enum(['permanent', 'pass_48h']) });

/** NOT_FOUND `CHECKOUT_NOT_FOUND` 'Checkout session not found'. */
function checkoutNotFound() {
  return billingError(GrpcStatus.NOT_FOUND, BillingErrorCode.CHECKOUT_NOT_FOUND, 'Checkout session not found');
}

/**
 * Checkout and fulfilment (docs/architecture.md "Feature modules"; spec 001 section 4 "Purchase").
 * Checkouts are opened through the {@link PaymentProvider} port. One fulfilment path for the payment
 * webhook and the development test checkout: {@link fulfill} locks the checkout row, grants the
 * entitlement once and marks the checkout completed, so replays and concurrent deliveries grant nothing twice.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Checkout');

  constructor(
    @InjectRepository(CheckoutSessionEntity) private readonly checkouts: Repository<CheckoutSessionEntity>,
    private readonly dataSource: DataSource,
    private readonly entitlements: EntitlementsService,
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    @Inject(BILLING_ENV) private readonly env: BillingEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** 'stripe' with STRIPE_SECRET_KEY; else 'test' outside production; else 'disabled'. */
  get mode(): PaymentMode {
    return this.payments.mode;
  }

  /** Wire form of a checkout row (ISO-8601 dates, '' when unset). */
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
   * Starts a checkout for the host unlock or the 48-hour pass and stores it (status `open`). Stripe
   * mode: a hosted Checkout Session returning to `<base>/purchase/success` or `<base>/purchase/cancel`
   * (see StripePaymentProvider.createCheckout). Test mode: a local checkout whose url is
   * `/dev/checkout?session=<id>`.
   * @param req.baseUrl public URL of the site ('' = PUBLIC_URL)
   * @throws INVALID_ARGUMENT `INVALID_INPUT` malformed request, `CHECKOUT_FAILED` 'Invalid public URL';
   *   FAILED_PRECONDITION `CHECKOUT_FAILED` payments disabled or permanent access already owned;
   *   UNAVAILABLE `CHECKOUT_FAILED` when the payment provider fails (nothing is stored). Every title
   *   is 'Failed to start checkout' (spec 001 section 8).
   */
  async create(req: billingV1.CreateCheckoutSessionRequest): Promise<billingV1.CheckoutSession> {
    const parsed = createSchema.safeParse(req);
    if (!parsed.success) throw billingError(GrpcStatus.INVALID_ARGUMENT, CommonErrorCode.INVALID_INPUT, 'Invalid checkout request', CHECKOUT_FAILED_TITLE);
    const { userId, userEmail, tier } = parsed.data;
    const base = returnBase(parsed.data.baseUrl || this.env.PUBLIC_URL);
    const mode = this.mode;
    if (mode === 'disabled') throw checkoutFailed(GrpcStatus.FAILED_PRECONDITION, 'Payments are not configured. Please try again later.');
    const access = await this.entitlements.hostAccess(userId);
    if (access.entitlement?.tier === 'permanent') throw checkoutFailed(GrpcStatus.FAILED_PRECONDITION, 'You already have permanent host access');
    const product = PRODUCTS[tier];
    const id = randomUUID();
    let hosted: HostedCheckout;
    try {
      hosted = await this.payments.createCheckout({
        checkoutId: id,
        userId,
        userEmail,
        tier,
        product,
        successUrl: `${base}/purchase/success`,
        cancelUrl: `${base}/purchase/cancel`,
      });
    } catch (err) {
      if (err instanceof PaymentProviderError) {
        throw checkoutFailed(GrpcStatus.UNAVAILABLE, 'The payment provider could not be reached. Please try again later.');
      }
      throw err;
    }
    if (!hosted.url) throw checkoutFailed(GrpcStatus.UNAVAILABLE, 'Please try again later');
    const row = this.checkouts.create({
      id,
      userId,
      userEmail,
      tier,
      mode,
      status: 'open',
      amountCents: product.amountCents,
      currency: product.currency,
      stripeSessionId: hosted.providerSessionId,
      checkoutUrl: hosted.url,
      paymentIntent: null,
      entitlementId: null,
      createdAt: new Date(this.clock()),
      completedAt: null,
    });
    await this.checkouts.insert(row);
    return this.toDto(row);
  }

  /** A checkout by our id or by its Stripe session id (cs_...). @throws NOT_FOUND `CHECKOUT_NOT_FOUND` */
  async get(id: string): Promise<billingV1.CheckoutSession> {
    const row = isUuid(id) ? await this.checkouts.findOneBy({ id }) : id ? await this.checkouts.findOneBy({ stripeSessionId: id }) : null;
    if (!row) throw checkoutNotFound();
    return this.toDto(row);
  }

  /**
   * Grants the host entitlement of a checkout once, inside a transaction holding the checkout row lock
   * (SELECT ... FOR UPDATE): the same path for the payment webhook (source `stripe`) and the test
   * checkout (source `test`). An already completed checkout returns its entitlement with `granted` false.
   * Without `manager`, a granted entitlement is announced (`billing.entitlement.granted`) after the
   * commit; with it, the caller announces it after its own commit ({@link announce}).
   * @param manager the caller's transaction (the webhook's); else a new one
   * @throws NOT_FOUND `CHECKOUT_NOT_FOUND` when the checkout does not exist
   */
  async fulfill(checkoutId: string, source: 'stripe' | 'test', paymentIntent: string | null, manager?: EntityManager): Promise<billingV1.FulfillmentResponse> {
    const run = async (m: EntityManager): Promise<billingV1.FulfillmentResponse> => {
      const repo = m.getRepository(CheckoutSessionEntity);
      const checkout = await repo.findOne({ where: { id: checkoutId }, lock: { mode: 'pessimistic_write' } });
      if (!checkout) throw checkoutNotFound();
      if (checkout.status === 'completed') {
        const existing = checkout.entitlementId ? await this.entitlements.findRow(checkout.entitlementId, m) : null;
        return { granted: false, entitlement: existing ? this.entitlements.toDto(existing) : undefined, checkout: this.toDto(checkout) };
      }
      const entitlement = await this.entitlements.grantRow(
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
      return { granted: true, entitlement: this.entitlements.toDto(entitlement), checkout: this.toDto(checkout) };
    };
    if (manager) return run(manager);
    const done = await this.dataSource.transaction(run);
    this.announce(done);
    return done;
  }

  /** Publishes `billing.entitlement.granted` for a fulfilment that granted, once its transaction committed. */
  announce(fulfilment: billingV1.FulfillmentResponse): void {
    if (fulfilment.granted && fulfilment.entitlement) this.entitlements.announce('granted', fulfilment.entitlement);
  }

  /**
   * Completes a local test checkout (development mode only) for its own user: grants a `test`
   * entitlement through {@link fulfill}, like a paid webhook would.
   * @throws NOT_FOUND `CHECKOUT_NOT_FOUND`; PERMISSION_DENIED `FORBIDDEN` 'Access Denied' (another user's
   *   checkout); FAILED_PRECONDITION `NOT_A_TEST_CHECKOUT` (a Stripe checkout, or Stripe/production mode)
   */
  async completeTest(id: string, userId: string): Promise<billingV1.FulfillmentResponse> {
    const checkout = await this.get(id);
    if (checkout.mode !== 'test' || this.mode !== 'test') {
      throw billingError(GrpcStatus.FAILED_PRECONDITION, BillingErrorCode.NOT_A_TEST_CHECKOUT, 'Test payments are only available in development mode');
    }
    if (checkout.userId !== userId) {
      throw billingError(GrpcStatus.PERMISSION_DENIED, CommonErrorCode.FORBIDDEN, 'This checkout belongs to another account', 'Access Denied');
    }
    return this.fulfill(checkout.id, 'test', null);
  }

  /**
   * The stored checkout of a paid provider session, inside the webhook's transaction. When none is
   * stored (a session opened elsewhere), one is recorded from the event's userId and tier (amount and
   * currency from the event, else the product's); null when those are missing or invalid.
   */
  async checkoutForPayment(event: CheckoutCompletedEvent, m: EntityManager): Promise<CheckoutSessionEntity | null> {
    const repo = m.getRepository(CheckoutSessionEntity);
    const found = await repo.findOneBy({ stripeSessionId: event.providerSessionId });
    if (found) return found;
    const meta = purchaseMetadata.safeParse({ userId: event.userId, tier: event.tier });
    if (!meta.success) return null;
    const product = PRODUCTS[meta.data.tier];
    const row = repo.create({
      id: randomUUID(),
      userId: meta.data.userId,
      userEmail: event.customerEmail,
      tier: meta.data.tier,
      mode: 'stripe',
      status: 'open',
      amountCents: event.amountCents ?? product.amountCents,
      currency: event.currency ?? product.currency,
      stripeSessionId: event.providerSessionId,
      checkoutUrl: event.checkoutUrl,
      paymentIntent: null,
      entitlementId: null,
      createdAt: new Date(this.clock()),
      completedAt: null,
    });
    await repo.insert(row);
    return row;
  }
}

/**
 * The base URL the buyer returns to: `publicBaseUrl` (docs/architecture.md "Plumbing") with its TypeError mapped.
 * @throws INVALID_ARGUMENT `CHECKOUT_FAILED` 'Invalid public URL'
 */
function returnBase(raw: string): string {
  try {
    return publicBaseUrl(raw);
  } catch {
    throw checkoutFailed(GrpcStatus.INVALID_ARGUMENT, 'Invalid public URL');
  }
}
