// Exact money (RULES.md 1): integer cents in code, two-decimal strings on the wire, numeric(10,2) in the database.
// Shared by client and server; no floating-point arithmetic on amounts anywhere.

export type Cents = number;

export const MAX_CENTS: Cents = 9_999_999_999; // 99,999,999.99

const MONEY_PATTERN = /^(\d{1,8})(?:\.(\d{1,2}))?$/;

/** Parse a user/API amount (number or string, ≤ 2 decimals) into cents, or null when malformed. */
export function parseCents(input: unknown): Cents | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // A JS number like 12.5 prints exactly as "12.5"; anything with more than 2 decimals is refused below.
    text = String(input);
    if (/e/i.test(text)) return null;
  } else if (typeof input === 'string') {
    text = input.trim().replace(/^\$/, '');
    // Commas are thousands separators only ("1,250.00"); "1,25" or "1,2,3" is refused rather than read as 125 / 123.
    if (text.includes(',')) {
      if (!/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(text)) return null;
      text = text.replace(/,/g, '');
    }
  } else {
    return null;
  }
  const match = MONEY_PATTERN.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return cents > MAX_CENTS ? null : cents;
}

/** Cents → "1250.00" (the API and database form). */
export function formatCents(cents: Cents): string {
  assertIntegerCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Cents → "$1,250" or "$1,250.50" for people: whole dollars without cents, as the product's own texts quote amounts
 * ("Your $250 deposit has been processed"), any other amount with two decimals (docs/decisions/019).
 */
export function displayCents(cents: Cents): string {
  assertIntegerCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = abs % 100;
  return rest === 0 ? `${sign}$${whole}` : `${sign}$${whole}.${String(rest).padStart(2, '0')}`;
}

/** "1250.00" (or any amount string) → "$1,250"; "1250.50" → "$1,250.50"; empty for null. */
export function displayMoney(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const cents = parseCents(amount);
  return cents === null ? String(amount) : displayCents(cents);
}

/** Percentage of an amount, rounded half-up to the cent. `percent` is itself a two-decimal amount ("10.00"). */
export function percentOf(cents: Cents, percentCents: Cents): Cents {
  // cents × (percentCents / 100) / 100 = cents × percentCents / 10_000, half-up, in integers.
  const numerator = cents * percentCents;
  if (!Number.isSafeInteger(numerator)) return Number((BigInt(cents) * BigInt(percentCents) + 5_000n) / 10_000n);
  return Math.floor((numerator + 5_000) / 10_000);
}

function assertIntegerCents(cents: Cents): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${cents}`);
}

/** A numeric column's text ("4.5", "350") with exactly two places ("4.50", "350.00"), as the API shows amounts and ratings. */
export function twoDecimals(value: string | number | null): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
