/**
 * Machine-readable error codes carried beside the message in every error body (`{ message, code, fieldErrors? }`),
 * so the client decides what to do from the code and never by matching text. A status has a default code; a few
 * refusals the client must tell apart have their own.
 */
export const ERROR_CODES = [
  'bad_request',
  'unauthenticated',
  'payment_declined',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_type',
  'rate_limited',
  'internal',
  'unavailable',
  // specific refusals
  'invalid_credentials',
  'email_not_verified',
  'account_suspended',
  'cross_site',
  'monthly_cap',
  'free_tier_counteroffer',
  'payment_in_progress',
  // A counsel who has not signed the case's agreement to mediate (issue 26, decision 055).
  'agreement_required',
  // A signing link past its date (410).
  'link_expired',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code an error of this status carries when nothing more specific is said. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthenticated';
    case 402:
      return 'payment_declined';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 410:
      return 'link_expired';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_type';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}
