import Stripe from 'stripe';
import type { Cents } from '../../../common/money';
import { assertOutsideTransaction } from '../../db/client';
import type { Env } from '../../env';
import type { PaymentIntent, PaymentProvider, PayoutAccountStatus, SavedCardCharge } from './provider';
import { SAVED_CARD_CHARGE, toIntent } from './stripe-intent';
import { plainRequirements, UNDER_REVIEW } from './stripe-requirements';

const CURRENCY = 'usd';

/** The SDK retries a call whose answer was lost (with the same idempotency key) this many times before failing. */
export const STRIPE_NETWORK_RETRIES = 2;

/**
 * Stripe (RULES.md 3): PaymentIntents that save the card for the balance, off-session charges to the saved card,
 * refunds against the charge, Connect Express accounts for mediators and "separate charges and transfers" payouts
 * (one transfer per source charge, grouped by our payment id). Every money call carries the app's idempotency key;
 * refunds and transfers also record it in their metadata and are looked up by it first, so a retry long after
 * Stripe forgot the key (24 hours) still moves no money twice. Never called inside one of our transactions.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
  ) {}

  private get api(): Stripe {
    assertOutsideTransaction('The payment provider');
    return this.stripe;
  }

  async createIntent(input: { amount: Cents; idempotencyKey: string; metadata: Record<string, string> }): Promise<PaymentIntent> {
    const customer = input.metadata.userId ? await this.customerFor(input.metadata.userId) : undefined;
    const created = await this.api.paymentIntents.create(
      {
        amount: input.amount,
        currency: CURRENCY,
        customer,
        // Saved with the deposit so the balance can be charged at selection without the lawyer (RULES.md 2.2).
        setup_future_usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    // A repeated key answers the first response, a snapshot from then: the caller needs the intent as it is now.
    const replayed = created.lastResponse?.headers?.['idempotent-replayed'] === 'true';
    return toIntent(replayed ? await this.api.paymentIntents.retrieve(created.id) : created);
  }

  async findIntentBySecret(clientSecret: string): Promise<PaymentIntent | null> {
    const intent = await this.retrieveIntent(clientSecret.split('_secret_')[0]);
    return intent && intent.clientSecret === clientSecret ? intent : null;
  }

  async retrieveIntent(intentId: string): Promise<PaymentIntent | null> {
    try {
      return toIntent(await this.api.paymentIntents.retrieve(intentId));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async cancelIntent(intentId: string): Promise<void> {
    try {
      await this.api.paymentIntents.cancel(intentId);
    } catch (error) {
      // As with `local`: only an intent still waiting can be cancelled; a paid (or already closed) one stays as it is.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') return;
      throw error;
    }
  }

  /** An off-session PaymentIntent confirmed at once on the card saved with an earlier payment, for its customer. */
  async chargeSavedCard(input: { amount: Cents; paymentMethodId: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<SavedCardCharge> {
    const method = await this.api.paymentMethods.retrieve(input.paymentMethodId);
    const customer = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? undefined);
    try {
      const pi = await this.api.paymentIntents.create(
        {
          amount: input.amount,
          currency: CURRENCY,
          customer,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: { ...input.metadata, [SAVED_CARD_CHARGE]: 'true' },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const intent = toIntent(pi);
      if (intent.status === 'succeeded' && intent.chargeId) return { ok: true, chargeId: intent.chargeId };
      return { ok: false, message: intent.failureMessage ?? 'Your card needs to be confirmed by you. Please pay with your card.' };
    } catch (error) {
      // A decline (the same key replays the same decline); anything else is an outage the caller retries.
      if (error instanceof Stripe.errors.StripeCardError) return { ok: false, message: error.message };
      throw error;
    }
  }

  async refund(input: { chargeId: string; amount: Cents; idempotencyKey: string }): Promise<{ refundId: string }> {
    const earlier = await this.api.refunds.list({ charge: input.chargeId, limit: 100 });
    const done = earlier.data.find((r) => r.metadata?.idempotencyKey === input.idempotencyKey);
    if (done) return { refundId: done.id };
    const refund = await this.api.refunds.create(
      { charge: input.chargeId, amount: input.amount, metadata: { idempotencyKey: input.idempotencyKey } },
      { idempotencyKey: input.idempotencyKey },
    );
    return { refundId: refund.id };
  }

  /** An Express account, made once per mediator (the key is theirs); the caller stores its id. */
  async ensurePayoutAccount(userId: string, existing: string | null): Promise<string> {
    if (existing) return existing;
    const account = await this.api.accounts.create(
      { type: 'express', capabilities: { transfers: { requested: true } }, metadata: { userId } },
      { idempotencyKey: `payout-account:${userId}` },
    );
    return account.id;
  }

  async payoutAccountStatus(accountId: string): Promise<PayoutAccountStatus> {
    const account = await this.api.accounts.retrieve(accountId);
    const transfers = account.capabilities?.transfers ?? 'active';
    if (account.payouts_enabled && transfers === 'active') return { ready: true, requirements: [] };
    const due = [...(account.requirements?.past_due ?? []), ...(account.requirements?.currently_due ?? [])];
    return { ready: false, requirements: due.length ? plainRequirements(due) : [UNDER_REVIEW] };
  }

  async onboardingLink(accountId: string, returnUrl: string): Promise<string | null> {
    const link = await this.api.accountLinks.create({ account: accountId, refresh_url: returnUrl, return_url: returnUrl, type: 'account_onboarding' });
    return link.url;
  }

  /** One transfer per source charge, in the payment's transfer group, funded by that charge (`source_transaction`). */
  async transfer(input: {
    accountId: string;
    amount: Cents;
    idempotencyKey: string;
    sourceChargeId: string;
    transferGroup?: string;
  }): Promise<{ transferId: string }> {
    if (input.transferGroup) {
      const earlier = await this.api.transfers.list({ transfer_group: input.transferGroup, limit: 100 });
      const done = earlier.data.find((t) => t.metadata?.idempotencyKey === input.idempotencyKey);
      if (done) return { transferId: done.id };
    }
    const transfer = await this.api.transfers.create(
      {
        amount: input.amount,
        currency: CURRENCY,
        destination: input.accountId,
        source_transaction: input.sourceChargeId,
        transfer_group: input.transferGroup,
        metadata: { idempotencyKey: input.idempotencyKey },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { transferId: transfer.id };
  }

  /** A webhook's event once its signature over the raw body checks out; throws SignatureVerificationError if not. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
  }

  /** How much of a charge has been refunded, as Stripe sees it (a `charge.refunded` event is checked against ours). */
  async chargeRefunded(chargeId: string): Promise<Cents> {
    return (await this.api.charges.retrieve(chargeId)).amount_refunded;
  }

  /** The lawyer's customer: found by our user id, or made once (the key covers the search's indexing delay). */
  private async customerFor(userId: string): Promise<string> {
    const found = await this.api.customers.search({ query: `metadata['userId']:'${userId.replace(/[^\w-]/g, '')}'`, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const created = await this.api.customers.create({ metadata: { userId } }, { idempotencyKey: `customer:${userId}` });
    return created.id;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

/** The SDK, pointed at Stripe or, with STRIPE_API_BASE (tests, a local fake), at another base URL. */
export function createStripeProvider(env: Env): StripePaymentProvider {
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const stripe = new Stripe(env.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
  return new StripePaymentProvider(stripe, env.STRIPE_WEBHOOK_SECRET!);
}
