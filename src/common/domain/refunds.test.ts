import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../money';
import { businessDaysBetween, cancellationOutcome, depositRefundKind, type CancellationInput, type DepositRefundKind } from './refunds';

// RULES.md 2.4. March 2026: Sun 1, Mon 2, Tue 3, Wed 4, Thu 5, Fri 6, Sat 7, Sun 8, Mon 9, Tue 10, Wed 11, Thu 12, Fri 13.
const RUNS = { numRuns: 500 };
const DAY = 86_400_000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;
const at = (isoDateTime: string) => new Date(isoDateTime);

it('the calendar of these tables is right', () => {
  expect(new Date(day('2026-03-02') * DAY).getUTCDay()).toBe(1); // Monday
  expect(new Date(day('2026-03-07') * DAY).getUTCDay()).toBe(6); // Saturday
});

describe('businessDaysBetween (Mon–Fri strictly between)', () => {
  it.each([
    ['2026-03-02', '2026-03-02', 0], // same day
    ['2026-03-02', '2026-03-03', 0], // next day: nothing in between
    ['2026-03-02', '2026-03-06', 3], // Mon → Fri: Tue, Wed, Thu
    ['2026-03-02', '2026-03-09', 4], // Mon → Mon
    ['2026-03-06', '2026-03-09', 0], // Fri → Mon: only the weekend
    ['2026-03-06', '2026-03-11', 2], // Fri → Wed: Mon, Tue
    ['2026-03-06', '2026-03-12', 3], // Fri → Thu: exactly 3 across a weekend
    ['2026-03-05', '2026-03-11', 3], // Thu → Wed: Fri, Mon, Tue
    ['2026-03-05', '2026-03-10', 2], // Thu → Tue: Fri, Mon
    ['2026-03-07', '2026-03-08', 0], // Sat → Sun
    ['2026-03-07', '2026-03-12', 3], // Sat → Thu: Mon, Tue, Wed
    ['2026-03-09', '2026-03-02', 0], // target in the past
    ['2026-03-02', '2026-03-30', 19],
  ])('%s → %s: %i', (today, target, expected) => {
    expect(businessDaysBetween(day(today), day(target))).toBe(expected);
  });
});

describe('depositRefundKind, lawyer cancelling after a mediator was selected', () => {
  const selected = (now: string, preferredDate: string | null, depositPaidAt: string | null = '2026-01-05T10:00:00Z') =>
    depositRefundKind({ mediatorSelected: true, preferredDate, depositPaidAt: depositPaidAt ? at(depositPaidAt) : null, now: at(now) }).kind;

  it.each<[string, string, string, DepositRefundKind]>([
    // [now, preferredDate, why, expected]
    ['2026-03-06T00:00:00Z', '2026-03-13', 'exactly 7 days away', 'full'],
    ['2026-03-06T23:59:59Z', '2026-03-13', '7 days, late in the UTC day', 'full'],
    ['2026-03-06T12:00:00Z', '2026-04-30', 'weeks away', 'full'],
    ['2026-03-06T12:00:00Z', '2026-03-12', 'Fri → Thu: 6 days, exactly 3 business days across a weekend', 'partial'],
    ['2026-03-06T12:00:00Z', '2026-03-11', 'Fri → Wed: 2 business days', 'none'],
    ['2026-03-06T12:00:00Z', '2026-03-09', 'Fri → Mon: 0 business days', 'none'],
    ['2026-03-02T12:00:00Z', '2026-03-08', 'Mon → Sun: 6 days, 4 business days', 'partial'],
    ['2026-03-02T12:00:00Z', '2026-03-06', 'Mon → Fri: exactly 3 business days', 'partial'],
    ['2026-03-02T12:00:00Z', '2026-03-05', 'Mon → Thu: 2 business days', 'none'],
    ['2026-03-04T12:00:00Z', '2026-03-10', 'Wed → Tue: 6 days, 3 business days', 'partial'],
    ['2026-03-04T12:00:00Z', '2026-03-09', 'Wed → Mon: 2 business days', 'none'],
    ['2026-03-07T12:00:00Z', '2026-03-13', 'Sat → Fri: 6 days, 4 business days', 'partial'],
    ['2026-03-06T12:00:00Z', '2026-03-07', 'tomorrow', 'none'],
    ['2026-03-06T12:00:00Z', '2026-03-06', 'today', 'none'],
    ['2026-03-06T12:00:00Z', '2026-03-01', 'in the past', 'none'],
    // dates are UTC calendar dates: 23:30 in New York on Friday is already Saturday in UTC
    ['2026-03-06T23:30:00-05:00', '2026-03-13', 'Sat (UTC) → Fri: 6 days', 'partial'],
    ['2026-03-05T23:30:00-05:00', '2026-03-13', 'Fri (UTC) → Fri: 7 days', 'full'],
  ])('now %s, preferred %s (%s) → %s', (now, preferredDate, _why, expected) => {
    expect(selected(now, preferredDate)).toBe(expected);
  });

  it.each<[string, string | null, DepositRefundKind]>([
    // no preferred date: full within 7 days of paying the deposit, half after
    ['2026-03-06T12:00:00Z', '2026-03-06T11:00:00Z', 'full'],
    ['2026-03-06T12:00:00Z', '2026-02-27T12:00:00Z', 'full'], // exactly 7 days
    ['2026-03-06T12:00:00Z', '2026-02-27T11:59:59Z', 'partial'], // 7 days and a second
    ['2026-03-06T12:00:00Z', '2026-01-05T10:00:00Z', 'partial'],
    ['2026-03-06T12:00:00Z', null, 'full'], // no payment time known: treated as just paid
  ])('no preferred date, now %s, deposit paid %s → %s', (now, paidAt, expected) => {
    expect(selected(now, null, paidAt)).toBe(expected);
  });

  it('before selection everything is refunded whatever the dates', () => {
    const r = depositRefundKind({
      mediatorSelected: false,
      preferredDate: '2026-03-01',
      depositPaidAt: at('2025-01-01T00:00:00Z'),
      now: at('2026-03-06T12:00:00Z'),
    });
    expect(r.kind).toBe('full');
    expect(r.reason).toMatch(/before a mediator was selected/);
  });
});

const base: CancellationInput = {
  depositHeld: 25_000,
  balanceHeld: 75_000,
  mediatorSelected: true,
  preferredDate: null,
  depositPaidAt: at('2026-03-01T10:00:00Z'),
  commissionPercentage: '10.00',
  now: at('2026-03-06T12:00:00Z'),
};
const held = (i: CancellationInput) => i.depositHeld + i.balanceHeld;
const accounted = (o: ReturnType<typeof cancellationOutcome>) => o.depositRefund + o.balanceRefund + o.platformFee + o.cancellationFee;

describe('cancellationOutcome', () => {
  type Row = [
    string,
    Partial<CancellationInput>,
    DepositRefundKind | undefined,
    { kind: DepositRefundKind; depositRefund: number; balanceRefund: number; platformFee: number; cancellationFee: number; paymentStatus: string | null },
  ];
  it.each<Row>([
    [
      'before selection: everything refunded',
      { mediatorSelected: false, balanceHeld: 0, preferredDate: '2026-03-07' },
      undefined,
      { kind: 'full', depositRefund: 25_000, balanceRefund: 0, platformFee: 0, cancellationFee: 0, paymentStatus: 'refunded_full' },
    ],
    [
      'selected, 7+ days before',
      { preferredDate: '2026-03-13' },
      undefined,
      { kind: 'full', depositRefund: 25_000, balanceRefund: 75_000, platformFee: 0, cancellationFee: 0, paymentStatus: 'refunded_full' },
    ],
    [
      'selected, 3 business days before: half the deposit',
      { preferredDate: '2026-03-12' },
      undefined,
      { kind: 'partial', depositRefund: 12_500, balanceRefund: 75_000, platformFee: 1_250, cancellationFee: 11_250, paymentStatus: 'refunded_partial' },
    ],
    [
      'selected, late: deposit kept, balance refunded',
      { preferredDate: '2026-03-11' },
      undefined,
      { kind: 'none', depositRefund: 0, balanceRefund: 75_000, platformFee: 2_500, cancellationFee: 22_500, paymentStatus: 'refunded_partial' },
    ],
    [
      'odd-cent deposit, half: the odd cent goes to the lawyer',
      { depositHeld: 25_001, preferredDate: '2026-03-12' },
      undefined,
      { kind: 'partial', depositRefund: 12_501, balanceRefund: 75_000, platformFee: 1_250, cancellationFee: 11_250, paymentStatus: 'refunded_partial' },
    ],
    [
      'odd-cent deposit, half, commission rounds half-up',
      { depositHeld: 33_333, balanceHeld: 0, preferredDate: '2026-03-12' },
      undefined,
      { kind: 'partial', depositRefund: 16_667, balanceRefund: 0, platformFee: 1_667, cancellationFee: 14_999, paymentStatus: 'refunded_partial' },
    ],
    [
      'one-cent deposit, half: the cent goes back',
      { depositHeld: 1, balanceHeld: 0, preferredDate: '2026-03-12' },
      undefined,
      { kind: 'partial', depositRefund: 1, balanceRefund: 0, platformFee: 0, cancellationFee: 0, paymentStatus: 'refunded_full' },
    ],
    [
      'late, commission 12.5 %',
      { preferredDate: '2026-03-06', commissionPercentage: '12.50' },
      undefined,
      { kind: 'none', depositRefund: 0, balanceRefund: 75_000, platformFee: 3_125, cancellationFee: 21_875, paymentStatus: 'refunded_partial' },
    ],
    [
      'no preferred date, paid more than 7 days ago: half',
      { depositPaidAt: at('2026-02-01T00:00:00Z') },
      undefined,
      { kind: 'partial', depositRefund: 12_500, balanceRefund: 75_000, platformFee: 1_250, cancellationFee: 11_250, paymentStatus: 'refunded_partial' },
    ],
    [
      'draft: nothing charged, nothing to refund',
      { depositHeld: 0, balanceHeld: 0, mediatorSelected: false, depositPaidAt: null },
      undefined,
      { kind: 'full', depositRefund: 0, balanceRefund: 0, platformFee: 0, cancellationFee: 0, paymentStatus: null },
    ],
    [
      'draft cancelled by an admin choosing no refund: still nothing',
      { depositHeld: 0, balanceHeld: 0, mediatorSelected: false },
      'none',
      { kind: 'full', depositRefund: 0, balanceRefund: 0, platformFee: 0, cancellationFee: 0, paymentStatus: null },
    ],
    [
      'admin full, even the day before',
      { preferredDate: '2026-03-07' },
      'full',
      { kind: 'full', depositRefund: 25_000, balanceRefund: 75_000, platformFee: 0, cancellationFee: 0, paymentStatus: 'refunded_full' },
    ],
    [
      'admin partial, even 30 days before',
      { preferredDate: '2026-04-05' },
      'partial',
      { kind: 'partial', depositRefund: 12_500, balanceRefund: 75_000, platformFee: 1_250, cancellationFee: 11_250, paymentStatus: 'refunded_partial' },
    ],
    [
      'admin none, even 30 days before',
      { preferredDate: '2026-04-05' },
      'none',
      { kind: 'none', depositRefund: 0, balanceRefund: 75_000, platformFee: 2_500, cancellationFee: 22_500, paymentStatus: 'refunded_partial' },
    ],
    [
      'admin partial before selection: the kept half stays with the platform',
      { mediatorSelected: false, balanceHeld: 0 },
      'partial',
      { kind: 'partial', depositRefund: 12_500, balanceRefund: 0, platformFee: 12_500, cancellationFee: 0, paymentStatus: 'refunded_partial' },
    ],
    [
      'admin none before selection',
      { mediatorSelected: false, balanceHeld: 0 },
      'none',
      { kind: 'none', depositRefund: 0, balanceRefund: 0, platformFee: 25_000, cancellationFee: 0, paymentStatus: 'refunded_partial' },
    ],
  ])('%s', (_name, overrides, kindOverride, expected) => {
    const input = { ...base, ...overrides };
    const outcome = cancellationOutcome(input, kindOverride);
    expect(outcome).toMatchObject(expected);
    expect(accounted(outcome)).toBe(held(input)); // charged = refunded + platform fee + mediator cancellation fee
    if (kindOverride && held(input) > 0) expect(outcome.reason).toMatch(/admin/i);
  });
});

describe('cancellation properties', () => {
  const DAY0 = day('2026-01-01');
  const isoOf = (d: number) => new Date(d * DAY).toISOString().slice(0, 10);
  const amount = fc.integer({ min: 0, max: 10_000_000 });
  const input = fc.record({
    depositHeld: amount,
    balanceHeld: amount,
    mediatorSelected: fc.boolean(),
    preferredDate: fc.option(fc.integer({ min: DAY0 - 30, max: DAY0 + 60 }).map(isoOf)),
    depositPaidAt: fc.option(fc.integer({ min: (DAY0 - 40) * DAY, max: DAY0 * DAY }).map((t) => new Date(t))),
    commissionPercentage: fc.integer({ min: 0, max: 10_000 }).map(formatCents),
    now: fc.integer({ min: DAY0 * DAY, max: (DAY0 + 30) * DAY }).map((t) => new Date(t)),
  });
  const override = fc.option(fc.constantFrom<DepositRefundKind>('full', 'partial', 'none'), { nil: undefined });

  it('never refunds more than was held, and charged = refunded + platform fee + mediator fee', () => {
    fc.assert(
      fc.property(input, override, (i, k) => {
        const o = cancellationOutcome(i, k);
        for (const v of [o.depositRefund, o.balanceRefund, o.platformFee, o.cancellationFee]) {
          expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        }
        expect(o.depositRefund).toBeLessThanOrEqual(i.depositHeld);
        expect(o.balanceRefund).toBe(i.balanceHeld); // the balance always goes back
        expect(accounted(o)).toBe(held(i));
        if (!i.mediatorSelected) expect(o.cancellationFee).toBe(0);
        if (!i.mediatorSelected && !k) expect(o.depositRefund).toBe(i.depositHeld);
        expect(o.paymentStatus === null).toBe(held(i) === 0);
        if (held(i) > 0) {
          const expected = o.kind === 'full' ? i.depositHeld : o.kind === 'partial' ? Math.ceil(i.depositHeld / 2) : 0;
          expect(o.depositRefund).toBe(expected);
          expect(o.paymentStatus).toBe(o.depositRefund === i.depositHeld ? 'refunded_full' : 'refunded_partial');
        }
      }),
      RUNS,
    );
  });

  it('cancelling earlier never refunds less (same request, earlier clock)', () => {
    const rank = { none: 0, partial: 1, full: 2 } as const;
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 20 * DAY }), (i, earlierBy) => {
        const sooner = { ...i, now: new Date(i.now.getTime() - earlierBy) };
        expect(rank[depositRefundKind(sooner).kind]).toBeGreaterThanOrEqual(rank[depositRefundKind(i).kind]);
      }),
      RUNS,
    );
  });

  it('any k whole weeks hold exactly 5k business days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 20 }), (today, k) => {
        expect(businessDaysBetween(today, today + 7 * k + 1)).toBe(5 * k);
      }),
      RUNS,
    );
  });
});
