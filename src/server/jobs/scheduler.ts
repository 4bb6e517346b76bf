/** Background work that must survive restarts (DESIGN 1): run once, at or after `runAt`, across instances. */
export const JOB_NAMES = [
  'request.free-head-start',
  'request.open-to-all',
  'payment.payout',
  // Notification e-mails (issue 7): one notify() call's, a new-request fan-out's, a new message still unread later.
  'notification.email',
  'notification.email-fan-out',
  'message.email-if-unread',
  // Subscriptions (issue 8): renew or end a paid period at its end; give back a charge that could not be used.
  'subscription.renewal',
  'subscription.refund',
  // A two-sided case's reviews revealed 14 days after completion, if not all were in before (issue 23, decision 048).
  'review.reveal',
  // Each side pays its share (issue 24, decision 051): a reminder before a share's deadline, and the unfunded outcome.
  'share.reminder',
  'share.deadline',
  // Scheduling the session (issue 25, decision 054): a session's reminders, and a proposed date standing when the
  // mediator stays silent.
  'session.reminder',
  'poll.auto-confirm',
  // The signed outcome (issue 26, decision 055): an envelope whose last signature is in is sealed, once.
  'signing.seal',
  // People's own data (issue 28, decision 061): a user's archive built, and removed when its download expires.
  'account.export',
  'account.export-expiry',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobScheduler {
  schedule(name: JobName, data: Record<string, unknown>, runAt: Date, singletonKey: string): Promise<void>;
}

/** Tests (and tools) record jobs instead of running pg-boss; `due()` hands back those whose time has come. */
export class RecordingScheduler implements JobScheduler {
  readonly jobs: { name: JobName; data: Record<string, unknown>; runAt: Date; key: string; done: boolean }[] = [];

  async schedule(name: JobName, data: Record<string, unknown>, runAt: Date, singletonKey: string): Promise<void> {
    if (this.jobs.some((j) => j.key === singletonKey)) return;
    this.jobs.push({ name, data, runAt, key: singletonKey, done: false });
  }

  due(now: Date) {
    return this.jobs.filter((j) => !j.done && j.runAt <= now);
  }
}
