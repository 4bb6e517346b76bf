import type { AppContext } from '../context';
import { announceToEveryone, announceToFreeTier } from '../modules/requests/request-notices';
import { releasePayout } from '../modules/payments/payout.service';
import { emailFanOut, emailNotifications, emailUnreadMessages } from '../modules/notifications/notifications.service';
import { revealDueReviews } from '../modules/reviews/reveal.service';
import { closeUnfunded, remindShareDue } from '../modules/requests/share-deadline.service';
import { refundSubscriptionCharge, renewSubscription } from '../modules/subscriptions/renewal.service';
import type { RefundJob } from '../modules/subscriptions/subscriptions.service';
import { autoConfirmPoll } from '../modules/scheduling/polls.service';
import { sendSessionReminder } from '../modules/scheduling/sessions.service';
import type { ReminderKind } from '../../common/domain/scheduling';
import { sealEnvelope } from '../modules/signing/sealing.service';
import { buildExport, expireExport } from '../modules/account-data/data-export.service';
import type { JobName } from './scheduler';

/** What each durable job does. Handlers are idempotent: a retry or a second run changes nothing more. */
export async function runJob(ctx: AppContext, name: JobName, data: Record<string, unknown>): Promise<void> {
  const requestId = String(data.requestId ?? '');
  switch (name) {
    case 'request.free-head-start':
      return announceToFreeTier(ctx, requestId);
    case 'request.open-to-all':
      return announceToEveryone(ctx, requestId);
    case 'payment.payout':
      return releasePayout(ctx, requestId);
    case 'notification.email':
      return emailNotifications(ctx, Array.isArray(data.ids) ? data.ids.map(String) : []);
    case 'notification.email-fan-out':
      return emailFanOut(ctx, String(data.linkUrl ?? ''));
    case 'message.email-if-unread':
      return emailUnreadMessages(ctx, String(data.notificationId ?? ''));
    case 'subscription.renewal':
      return renewSubscription(ctx, String(data.subscriptionId ?? ''));
    case 'subscription.refund':
      return refundSubscriptionCharge(ctx, data as unknown as RefundJob);
    case 'review.reveal':
      return revealDueReviews(ctx, requestId);
    case 'share.reminder':
      return remindShareDue(ctx, requestId, String(data.dueBy ?? ''));
    case 'share.deadline':
      return closeUnfunded(ctx, requestId, String(data.dueBy ?? ''));
    case 'session.reminder':
      return sendSessionReminder(ctx, {
        requestId,
        sessionId: String(data.sessionId ?? ''),
        kind: data.kind as ReminderKind,
        startsAt: String(data.startsAt ?? ''),
      });
    case 'poll.auto-confirm':
      return autoConfirmPoll(ctx, { requestId, pollId: String(data.pollId ?? ''), candidateId: String(data.candidateId ?? '') });
    case 'signing.seal':
      return sealEnvelope(ctx, String(data.envelopeId ?? ''));
    case 'account.export':
      return buildExport(ctx, String(data.exportId ?? ''));
    case 'account.export-expiry':
      return expireExport(ctx, String(data.exportId ?? ''));
  }
}
