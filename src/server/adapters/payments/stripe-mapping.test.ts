import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { toIntent } from './stripe-intent';
import { plainRequirements } from './stripe-requirements';

const pi = (fields: Partial<Stripe.PaymentIntent>) =>
  ({
    id: 'pi_1',
    client_secret: 'pi_1_secret_x',
    amount: 25000,
    metadata: {},
    payment_method: null,
    latest_charge: null,
    last_payment_error: null,
    ...fields,
  }) as Stripe.PaymentIntent;
const declined = { message: 'Your card was declined.', type: 'card_error' } as Stripe.PaymentIntent.LastPaymentError;

describe('Stripe PaymentIntent → the interface', () => {
  it.each([
    ['requires_payment_method', null, 'requires_payment'],
    ['requires_payment_method', declined, 'failed'],
    ['requires_confirmation', null, 'requires_payment'],
    ['requires_action', null, 'requires_payment'],
    ['processing', null, 'requires_payment'],
    ['requires_capture', null, 'requires_payment'],
    ['succeeded', null, 'succeeded'],
    ['canceled', null, 'canceled'],
    ['canceled', declined, 'canceled'],
  ] as const)('%s (error: %s) → %s', (status, error, expected) => {
    expect(toIntent(pi({ status, last_payment_error: error })).status).toBe(expected);
  });

  it('names the charge only once succeeded, and the saved payment method whether expanded or not', () => {
    expect(toIntent(pi({ status: 'succeeded', latest_charge: 'ch_1', payment_method: 'pm_1' }))).toMatchObject({ chargeId: 'ch_1', paymentMethodId: 'pm_1' });
    expect(
      toIntent(pi({ status: 'succeeded', latest_charge: { id: 'ch_2' } as Stripe.Charge, payment_method: { id: 'pm_2' } as Stripe.PaymentMethod })),
    ).toMatchObject({
      chargeId: 'ch_2',
      paymentMethodId: 'pm_2',
    });
    expect(toIntent(pi({ status: 'requires_payment_method', last_payment_error: declined, latest_charge: 'ch_failed' }))).toMatchObject({
      chargeId: null,
      failureMessage: 'Your card was declined.',
    });
  });
});

describe("Stripe's requirements in plain words", () => {
  it.each([
    [[], []],
    [['external_account'], ['A bank account to receive your payouts']],
    [['individual.dob.day', 'individual.dob.month', 'individual.dob.year'], ['Your date of birth']],
    [
      ['individual.first_name', 'individual.last_name', 'tos_acceptance.date', 'tos_acceptance.ip'],
      ['Your legal name', "Acceptance of Stripe's services agreement"],
    ],
    [
      ['business_profile.url', 'individual.address.city', 'individual.ssn_last_4'],
      ['A short description of your mediation practice (website or description)', 'Your home address', 'The last 4 digits of your Social Security number'],
    ],
    [
      ['individual.verification.document', 'something.new'],
      ['A photo of your ID document', 'Other details Stripe asks for in onboarding'],
    ],
    // A prefix matches whole segments only.
    [['individual.dobby'], ['Other details Stripe asks for in onboarding']],
  ])('%j → %j', (due, items) => {
    expect(plainRequirements(due)).toEqual(items);
  });
});
