// Money has one format everywhere (issue 8, decision 019): "$1,075" for whole dollars, "$1,075.50" otherwise. Use these,
// never toFixed or Intl.NumberFormat on amounts.
export { displayCents, displayMoney } from '../../common/money';

// Dates in the spec's formats ('Jan 05, 2025', 'Jan 05, 3:20 PM'), in the user's locale and time zone.

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  // Calendar dates ("2025-01-05") are days, not instants: show them as written, whatever the time zone.
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(undefined, { month: 'short', day: '2-digit', year: 'numeric' });
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = date.toLocaleDateString(undefined, { month: 'short', day: '2-digit' });
  const time = date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return `${day}, ${time}`;
}

export function formatRating(rating: string | null | undefined, reviewCount?: number): string {
  if (!rating || (reviewCount !== undefined && reviewCount === 0)) return 'N/A';
  const n = Number(rating);
  return Number.isFinite(n) && n > 0 ? n.toFixed(1) : 'N/A';
}
