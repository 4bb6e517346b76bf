// Why a session ended without its user signing out (RULES.md 6: a suspended user's sessions end at once; RULES.md 7:
// a password change or reset ends other sessions). The server tells the browser in the 401 that follows, and the
// sign-in page says so (docs/decisions/038).

/**
 * `suspended`: the account is suspended; `password_changed`: a password change or reset ended the session;
 * `expired`: it ran out of time (a week idle, or 30 days after sign-in); `ended`: the server ended it for another
 * reason (the account was deleted, an impersonation lapsed) or no longer knows why.
 */
export const SESSION_END_REASONS = ['suspended', 'password_changed', 'expired', 'ended'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** What the 401 says, and what the sign-in page shows. */
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  suspended: 'Your account has been suspended. Contact support if you believe this is a mistake.',
  password_changed: 'Your password was changed, so you were signed out here. Please sign in with your new password.',
  expired: 'Your session has ended. Please sign in again.',
  ended: 'Your session has ended. Please sign in again.',
};

export const isSessionEndReason = (value: unknown): value is SessionEndReason =>
  typeof value === 'string' && (SESSION_END_REASONS as readonly string[]).includes(value);
