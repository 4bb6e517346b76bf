import { randomBytes } from 'node:crypto';
import type { Card } from '../../../common/schemas/payments';
import { formatCents, parseCents, type Cents } from '../../../common/money';
import type { Clock } from '../../clock';
import { assertOutsideTransaction, type Db } from '../../db/client';
import { findChargeById, findChargeByKey, findChargeBySecret, insertChargeOnce, updateCharge, type ChargeRow } from './local-provider.repo';
import type { PaymentIntent, PaymentProvider, PayoutAccountStatus, SavedCardCharge } from './provider';

/** The networks' public test numbers (RULES.md 3). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  declinesLater: '4000000000000341',
} as const;

export const DECLINE_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
} as const;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type Row = ChargeRow;

/**
 * A provider that needs nothing outside the machine: intents, charges, refunds and transfers are rows in
 * `provider_charges`, recorded as a real provider would report them. Idempotency keys are unique there. Its state is
 * kept apart from ours, as a remote provider's would be: it writes in statements of its own, never inside one of our
 * transactions, and refuses to be called from inside one (DESIGN 4: no network call under a lock).
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly rootDb: Db,
    private readonly clock: Clock,
  ) {}

  private get db(): Db {
    assertOutsideTransaction('The payment provider');
    return this.rootDb;
  }

  async createIntent(input: { amount: Cents; idempotencyKey: string; metadata: Record<string, string> }): Promise<PaymentIntent> {
    const existing = await this.byKey(input.idempotencyKey);
    if (existing) return toIntent(existing);
    const row = await insertChargeOnce(this.db, {
      id: id('pi'),
      kind: 'intent',
      amount: formatCents(input.amount),
      status: 'requires_payment',
      idempotencyKey: input.idempotencyKey,
      clientSecret: `${id('pi')}_secret_${randomBytes(16).toString('hex')}`,
      metadata: JSON.stringify(input.metadata),
      createdAt: this.clock.now(),
    });
    return toIntent(row);
  }

  async findIntentBySecret(clientSecret: string): Promise<PaymentIntent | null> {
    const row = await findChargeBySecret(this.db, clientSecret);
    return row && row.kind === 'intent' ? toIntent(row) : null;
  }

  async retrieveIntent(intentId: string): Promise<PaymentIntent | null> {
    const row = await findChargeById(this.db, intentId);
    return row && row.kind === 'intent' ? toIntent(row) : null;
  }

  async cancelIntent(intentId: string): Promise<void> {
    // Like a real provider: only an intent still waiting for payment can be cancelled; a paid one stays paid.
    await updateCharge(this.db, intentId, { status: 'canceled' }, 'requires_payment');
  }

  /**
   * The built-in card form's confirm (the browser's card element in a real provider). Declines follow the test
   * numbers; any other valid card succeeds. A succeeded intent saves the card for later charges.
   */
  async confirmIntent(intent: PaymentIntent, card: Card): Promise<PaymentIntent> {
    if (intent.status !== 'requires_payment') return intent;
    const now = this.clock.now();
    const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
    const failure = expired
      ? DECLINE_MESSAGES.expired
      : card.number === TEST_CARDS.declined
        ? DECLINE_MESSAGES.declined
        : card.number === TEST_CARDS.insufficientFunds
          ? DECLINE_MESSAGES.insufficientFunds
          : null;
    if (failure) {
      // A decline closes this intent; a retry asks for a new one (RULES.md 2.6: "a retry makes a new intent").
      await updateCharge(this.db, intent.id, { status: 'failed', failureMessage: failure }, 'requires_payment');
      return (await this.retrieveIntent(intent.id))!;
    }
    const behaviour = card.number === TEST_CARDS.declinesLater ? 'declines_later' : 'ok';
    const paymentMethodId = `pm_local_${behaviour}_${card.number.slice(-4)}_${randomBytes(6).toString('hex')}`;
    const chargeId = id('ch');
    // Only the first of concurrent confirmations moves the intent (as a real provider confirms once); the others read
    // its outcome, so every caller names the same charge.
    await updateCharge(
      this.db,
      intent.id,
      { status: 'succeeded', paymentMethodId, failureMessage: null, metadata: JSON.stringify({ ...intent.metadata, chargeId }) },
      'requires_payment',
    );
    return (await this.retrieveIntent(intent.id))!;
  }

  async chargeSavedCard(input: { amount: Cents; paymentMethodId: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<SavedCardCharge> {
    const existing = await this.byKey(input.idempotencyKey);
    if (existing)
      return existing.status === 'succeeded'
        ? { ok: true, chargeId: existing.id }
        : { ok: false, message: existing.failureMessage ?? DECLINE_MESSAGES.declined };
    const declines = input.paymentMethodId.startsWith('pm_local_declines_later');
    const chargeId = id('ch');
    const row = await insertChargeOnce(this.db, {
      id: chargeId,
      kind: 'charge',
      amount: formatCents(input.amount),
      status: declines ? 'failed' : 'succeeded',
      idempotencyKey: input.idempotencyKey,
      paymentMethodId: input.paymentMethodId,
      failureMessage: declines ? DECLINE_MESSAGES.declined : null,
      metadata: JSON.stringify(input.metadata),
      createdAt: this.clock.now(),
    });
    return row.status === 'succeeded' ? { ok: true, chargeId: row.id } : { ok: false, message: row.failureMessage ?? DECLINE_MESSAGES.declined };
  }

  async refund(input: { chargeId: string; amount: Cents; idempotencyKey: string }): Promise<{ refundId: string }> {
    return { refundId: await this.record('refund', input.amount, input.idempotencyKey, { chargeId: input.chargeId }) };
  }

  async ensurePayoutAccount(userId: string, existing: string | null): Promise<string> {
    return existing ?? `acct_local_${userId.replace(/-/g, '').slice(0, 16)}`;
  }

  /** Local payout accounts need no onboarding: created on demand and ready at once (RULES.md 3). */
  async payoutAccountStatus(): Promise<PayoutAccountStatus> {
    return { ready: true, requirements: [] };
  }

  async onboardingLink(): Promise<string | null> {
    return null;
  }

  async transfer(input: { accountId: string; amount: Cents; idempotencyKey: string; sourceChargeId: string }): Promise<{ transferId: string }> {
    return {
      transferId: await this.record('transfer', input.amount, input.idempotencyKey, { accountId: input.accountId, sourceChargeId: input.sourceChargeId }),
    };
  }

  private async record(kind: string, amount: Cents, idempotencyKey: string, metadata: Record<string, string>): Promise<string> {
    const existing = await this.byKey(idempotencyKey);
    if (existing) return existing.id;
    const row = await insertChargeOnce(this.db, {
      id: id(kind === 'refund' ? 're' : 'tr'),
      kind,
      amount: formatCents(amount),
      status: 'succeeded',
      idempotencyKey,
      metadata: JSON.stringify(metadata),
      createdAt: this.clock.now(),
    });
    return row.id;
  }

  private async byKey(key: string): Promise<Row | undefined> {
    return findChargeByKey(this.db, key);
  }
}

function toIntent(row: Row): PaymentIntent {
  const metadata = row.metadata ? (JSON.parse(row.metadata) as Record<string, string>) : {};
  return {
    id: row.id,
    clientSecret: row.clientSecret ?? '',
    amount: parseCents(row.amount) ?? 0,
    status: row.status as PaymentIntent['status'],
    paymentMethodId: row.paymentMethodId,
    chargeId: metadata.chargeId ?? null,
    failureMessage: row.failureMessage,
    metadata,
  };
}
