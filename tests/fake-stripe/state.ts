import { randomBytes } from 'node:crypto';
import { BEHAVIOURS, declineFor, type CardBehaviour } from './cards';

/** An error answered the way Stripe answers it: `{ error: { type, code, message, … } }` with its HTTP status. */
export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, extra: Record<string, unknown> = {}) => new FakeStripeError(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string) =>
  new FakeStripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` });

type Obj = Record<string, unknown> & { id: string };
type Params = Record<string, unknown>;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const metadataOf = (params: Params) => ({ ...((params.metadata as Record<string, string>) ?? {}) });
const cents = (value: unknown, name: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw invalid(`Invalid integer: ${name}`, { param: name });
  return n;
};

/** The requirements a new Express account has to complete in hosted onboarding (a subset of what Stripe asks). */
export const NEW_ACCOUNT_REQUIREMENTS = ['business_profile.url', 'external_account', 'individual.dob.day', 'individual.ssn_last_4', 'tos_acceptance.date'];

/**
 * What the fake Stripe account holds: customers, payment methods, intents, charges, refunds, Express accounts and
 * transfers, and the events their changes produce. Amounts are integer cents, as in Stripe's API.
 */
export class FakeStripeState {
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj & { behaviour: CardBehaviour }>();
  readonly intents = new Map<string, Obj>();
  readonly charges = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly accounts = new Map<string, Obj>();
  readonly transfers = new Map<string, Obj>();
  readonly events: Obj[] = [];

  private now = () => Math.floor(Date.now() / 1000);

  private emit(type: string, object: Obj): void {
    // A snapshot, as Stripe sends it: later changes to the object do not change the event.
    this.events.push({
      id: newId('evt'),
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: this.now(),
      livemode: false,
      pending_webhooks: 1,
      data: { object: structuredClone(object) },
    });
  }

  createCustomer(params: Params): Obj {
    const customer = { id: newId('cus'), object: 'customer', created: this.now(), metadata: metadataOf(params) };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** `metadata['key']:'value'` only: the one search query the provider makes. */
  searchCustomers(query: string): Obj {
    const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.trim());
    if (!match) throw invalid(`Unsupported search query: ${query}`);
    const data = [...this.customers.values()].filter((c) => (c.metadata as Record<string, string>)[match[1]] === match[2]);
    return { id: 'search', object: 'search_result', data, has_more: false, url: '/v1/customers/search' } as Obj;
  }

  paymentMethod(id: string): Obj {
    const pm = this.paymentMethods.get(id);
    if (!pm) throw missing('payment_method', id);
    const { behaviour: _behaviour, ...visible } = pm;
    return visible as Obj;
  }

  createIntent(params: Params): Obj {
    const customer = params.customer as string | undefined;
    if (customer && !this.customers.has(customer)) throw missing('customer', customer);
    const id = newId('pi');
    const intent: Obj = {
      id,
      object: 'payment_intent',
      amount: cents(params.amount, 'amount'),
      currency: String(params.currency ?? 'usd'),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer: customer ?? null,
      payment_method: null,
      latest_charge: null,
      last_payment_error: null,
      setup_future_usage: params.setup_future_usage ?? null,
      metadata: metadataOf(params),
      created: this.now(),
    };
    this.intents.set(id, intent);
    this.emit('payment_intent.created', intent);
    if (params.confirm === 'true') return this.confirmIntent(id, { payment_method: params.payment_method, off_session: params.off_session });
    return intent;
  }

  intent(id: string): Obj {
    const intent = this.intents.get(id);
    if (!intent) throw missing('payment_intent', id);
    return intent;
  }

  /**
   * The browser's confirm (the card element) or a server-side `confirm: true`. A decline leaves the intent waiting for
   * another payment method with `last_payment_error` and answers 402, as Stripe does; success charges the card and,
   * when asked to save it, attaches a new payment method to the customer.
   */
  confirmIntent(id: string, params: Params): Obj {
    const intent = this.intent(id);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation')
      throw invalid(`This PaymentIntent's status is ${intent.status}.`, { code: 'payment_intent_unexpected_state', payment_intent: intent });
    const pmId = String(params.payment_method ?? intent.payment_method ?? '');
    const behaviour = BEHAVIOURS[pmId] ?? this.paymentMethods.get(pmId)?.behaviour;
    if (!behaviour) throw missing('payment_method', pmId);
    const offSession = params.off_session === 'true';
    const saved = this.paymentMethods.get(pmId);
    // Stripe reuses a card only through the customer it was saved to (setup_future_usage on the first payment).
    if (saved && (!saved.customer || saved.customer !== intent.customer))
      throw invalid(`The provided PaymentMethod ${pmId} is not attached to customer ${String(intent.customer)}.`, { param: 'payment_method' });
    const decline = declineFor(behaviour, offSession);
    const charge: Obj = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      currency: intent.currency,
      payment_intent: id,
      status: decline ? 'failed' : 'succeeded',
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      created: this.now(),
    };
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    if (decline) {
      Object.assign(intent, {
        status: 'requires_payment_method',
        payment_method: null,
        last_payment_error: { type: 'card_error', ...decline, charge: charge.id },
      });
      this.emit('payment_intent.payment_failed', intent);
      throw new FakeStripeError(402, { type: 'card_error', ...decline, charge: charge.id, payment_intent: structuredClone(intent) });
    }
    Object.assign(intent, { status: 'succeeded', payment_method: this.savedMethod(pmId, behaviour, intent), last_payment_error: null });
    this.emit('charge.succeeded', charge);
    this.emit('payment_intent.succeeded', intent);
    return intent;
  }

  /** A test card id stands for a new card each time; a saved one is itself. Saving attaches it to the customer. */
  private savedMethod(pmId: string, behaviour: CardBehaviour, intent: Obj): string {
    const existing = this.paymentMethods.get(pmId);
    if (existing) return existing.id;
    const pm = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242' },
      customer: intent.setup_future_usage && intent.customer ? intent.customer : null,
      created: this.now(),
      behaviour,
    };
    this.paymentMethods.set(pm.id, pm);
    return pm.id;
  }

  cancelIntent(id: string): Obj {
    const intent = this.intent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw invalid(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, {
        code: 'payment_intent_unexpected_state',
        payment_intent: intent,
      });
    intent.status = 'canceled';
    this.emit('payment_intent.canceled', intent);
    return intent;
  }

  charge(id: string): Obj {
    const charge = this.charges.get(id);
    if (!charge) throw missing('charge', id);
    return charge;
  }

  createRefund(params: Params): Obj {
    const charge = this.charge(String(params.charge));
    const available = (charge.amount as number) - (charge.amount_refunded as number);
    const amount = params.amount === undefined ? available : cents(params.amount, 'amount');
    if (charge.status !== 'succeeded') throw invalid(`Charge ${charge.id} has not succeeded.`);
    if (amount > available)
      throw invalid(`Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${available / 100})`, { code: 'amount_too_large' });
    const refund: Obj = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      metadata: metadataOf(params),
      created: this.now(),
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('charge.refunded', charge);
    return refund;
  }

  listRefunds(chargeId: string): Obj {
    const data = [...this.refunds.values()].filter((r) => r.charge === chargeId);
    return { id: 'list', object: 'list', data, has_more: false, url: '/v1/refunds' } as Obj;
  }

  createAccount(params: Params): Obj {
    if (params.type !== 'express') throw invalid('The fake only makes Express accounts', { param: 'type' });
    const account: Obj = {
      id: newId('acct'),
      object: 'account',
      type: 'express',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { transfers: 'inactive' },
      requirements: { currently_due: [...NEW_ACCOUNT_REQUIREMENTS], past_due: [], disabled_reason: 'requirements.past_due' },
      metadata: metadataOf(params),
      created: this.now(),
    };
    this.accounts.set(account.id, account);
    return account;
  }

  account(id: string): Obj {
    const account = this.accounts.get(id);
    if (!account) throw missing('account', id);
    return account;
  }

  createAccountLink(params: Params, baseUrl: string): Obj {
    const account = this.account(String(params.account));
    if (params.type !== 'account_onboarding') throw invalid('Unsupported account link type', { param: 'type' });
    return {
      id: 'link',
      object: 'account_link',
      url: `${baseUrl}/fake/onboarding/${account.id}?return_url=${encodeURIComponent(String(params.return_url))}`,
      created: this.now(),
      expires_at: this.now() + 300,
    };
  }

  /** What the mediator finishing hosted onboarding does: the account can receive transfers, and says so. */
  completeOnboarding(id: string): void {
    const account = this.account(id);
    Object.assign(account, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { transfers: 'active' },
      requirements: { currently_due: [], past_due: [], disabled_reason: null },
    });
    this.emit('account.updated', account);
  }

  /**
   * A transfer to a connected account from the platform's balance, tied to the charge that funded it. Refused, as
   * Stripe refuses it, to an account that cannot receive transfers yet, or beyond what the source charge still has.
   */
  createTransfer(params: Params): Obj {
    const destination = this.account(String(params.destination));
    if (destination.payouts_enabled !== true)
      throw invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments');
    const amount = cents(params.amount, 'amount');
    const source = params.source_transaction ? this.charge(String(params.source_transaction)) : null;
    if (source) {
      const transferred = [...this.transfers.values()].filter((t) => t.source_transaction === source.id).reduce((sum, t) => sum + (t.amount as number), 0);
      const left = (source.amount as number) - (source.amount_refunded as number) - transferred;
      if (source.status !== 'succeeded' || amount > left)
        throw invalid(`Insufficient funds: the source transaction ${source.id} has ${left} cents available to transfer`, { code: 'balance_insufficient' });
    }
    const transfer: Obj = {
      id: newId('tr'),
      object: 'transfer',
      amount,
      currency: String(params.currency ?? 'usd'),
      destination: destination.id,
      source_transaction: source?.id ?? null,
      transfer_group: params.transfer_group ?? null,
      metadata: metadataOf(params),
      created: this.now(),
    };
    this.transfers.set(transfer.id, transfer);
    this.emit('transfer.created', transfer);
    return transfer;
  }

  listTransfers(transferGroup: string | null): Obj {
    const data = [...this.transfers.values()].filter((t) => transferGroup === null || t.transfer_group === transferGroup);
    return { id: 'list', object: 'list', data, has_more: false, url: '/v1/transfers' } as Obj;
  }

  /** The last event of a type about an object, for tests that deliver it. */
  lastEvent(type: string, objectId: string): Obj {
    const event = [...this.events].reverse().find((e) => e.type === type && (e.data as { object: Obj }).object.id === objectId);
    if (!event) throw new Error(`The fake sent no ${type} for ${objectId}`);
    return event;
  }
}
