import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Handshake } from 'lucide-react';
import type { RequestDto, UserDto } from '../../../common/api-types';
import { afterMatch } from '../../features/requests/api';
import { CompleteCard } from '../../features/requests/complete-request';
import { CompletionSummary } from '../../features/requests/completion-summary';
import { CounterpartCard } from '../../features/requests/counterpart-card';
import { disputeOf, ReportProblem } from '../../features/requests/report-problem';
import { StartMediationCard } from '../../features/requests/start-mediation';
import { RequestReviews, type CounselToReview } from '../../features/reviews/request-reviews';
import { displayMoney } from '../../lib/format';

const AFTER_MATCH = ['matched', 'in_progress', 'completed'];

export const isAfterMatch = (request: RequestDto) => AFTER_MATCH.includes(request.status) && !!request.selectedMediatorId;

/** A two-sided case's counsel, each by name, whose reviews are revealed together (decision 048); nothing one-sided. */
function reviewsTogether(request: RequestDto): { counsel?: CounselToReview[]; completedAt?: string | null } {
  if (!request.opposingLawyerId) return {};
  const named = (c: { id: string; firstName: string; lastName: string } | null | undefined, fallback: string, id: string) => ({
    id,
    name: c ? `${c.firstName} ${c.lastName}` : fallback,
  });
  return {
    counsel: [named(request.sides?.first, 'the first counsel', request.lawyerId), named(request.sides?.second, 'opposing counsel', request.opposingLawyerId)],
    completedAt: request.completedAt,
  };
}

/** The selected mediator's name for a viewer the server sends no counterpart to (an admin, or an older server). */
function useMediatorName(request: RequestDto, enabled: boolean): string {
  const { data } = useQuery<{ firstName: string; lastName: string }>({
    queryKey: ['/api/mediators', request.selectedMediatorId],
    enabled: enabled && !!request.selectedMediatorId,
    staleTime: 60_000,
  });
  return data ? `${data.firstName} ${data.lastName}` : 'the mediator';
}

/**
 * From matched on, for the owning lawyer (and an admin looking on): the selected mediator with their contact and the
 * thread, then the outcome and the reviews once completed (spec 2, RULES.md 6).
 */
export function LawyerAfterMatch({ request, user }: { request: RequestDto; user: UserDto }) {
  const { counterpart } = afterMatch(request);
  const fallbackName = useMediatorName(request, !counterpart);
  const name = counterpart ? `${counterpart.firstName} ${counterpart.lastName}` : fallbackName;
  const isOwner = request.lawyerId === user.id;
  // Opposing counsel who joined (issue 23) is counsel of the case too: the same panel.
  const isSecondSide = request.opposingLawyerId === user.id;
  const isCounsel = isOwner || isSecondSide;
  const icon = <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />;
  if (request.status !== 'completed') {
    return (
      <CounterpartCard
        requestId={request.id}
        counterpart={counterpart}
        fallbackName={fallbackName}
        icon={icon}
        messageLabel={isCounsel ? undefined : 'Open the message thread'}
        title="Mediator Selected"
        description={
          request.status === 'in_progress'
            ? `${name} has started the mediation. The full budget of ${displayMoney(request.budget)} is held securely until completion.`
            : // An admin looking on is not the one the mediator coordinates with.
              `${name} has been notified and will coordinate the mediation with ${isCounsel ? 'you' : 'the lawyer'}. The full budget of ${displayMoney(request.budget)} is held securely until completion.`
        }
      />
    );
  }
  return (
    <>
      <CompletionSummary request={request} showPayout={false} />
      {/* A problem with the payout is reported by those who paid toward it: either side's counsel (decision 049), each
          told its own part of a refund; an admin looking on reads it as an onlooker. */}
      <ReportProblem request={request} isOwner={isCounsel} reader={isCounsel ? 'lawyer' : 'admin'} />
      <RequestReviews
        requestId={request.id}
        viewerId={user.id}
        // Opposing counsel who joined reviews the mediator too (decision 048).
        reviewee={isCounsel ? 'mediator' : null}
        revieweeName={name}
        {...reviewsTogether(request)}
      />
      <CounterpartCard
        requestId={request.id}
        counterpart={counterpart}
        fallbackName={fallbackName}
        icon={icon}
        messageLabel={isCounsel ? undefined : 'Open the message thread'}
        title={isCounsel ? 'Your mediator' : 'Selected mediator'}
        // An admin gets no contact card (the counterpart is for the parties): the name at least.
        description={isCounsel ? undefined : `${name} mediated this case.`}
      />
    </>
  );
}

/**
 * From matched on, for the selected mediator: the lawyer's contact and the thread right beside the instruction to
 * coordinate the date (issue 7), Start Mediation while matched, Mark as Complete while matched or in progress, and
 * after completion the outcome, the payout's state and the reviews.
 */
export function MediatorAfterMatch({ request, user }: { request: RequestDto; user: UserDto }) {
  const { counterpart } = afterMatch(request);
  const name = counterpart ? `${counterpart.firstName} ${counterpart.lastName}` : 'the lawyer';
  const icon = <Handshake className="size-5 shrink-0 text-success" aria-hidden="true" />;
  if (request.status === 'completed') {
    return (
      <>
        {/* With a problem reported, the notice below says where the payout stands (paused, or what the resolution paid)
            instead of the schedule, so the same figures are not said twice. */}
        <CompletionSummary request={request} showPayout={!disputeOf(request)} />
        <ReportProblem request={request} isOwner={false} reader="mediator" />
        <RequestReviews requestId={request.id} viewerId={user.id} reviewee="lawyer" revieweeName={name} {...reviewsTogether(request)} />
        <CounterpartCard requestId={request.id} counterpart={counterpart} fallbackName="the lawyer" icon={icon} title="The lawyer" />
      </>
    );
  }
  return (
    <>
      <CounterpartCard
        requestId={request.id}
        counterpart={counterpart}
        fallbackName="the lawyer"
        icon={icon}
        title={request.status === 'matched' ? 'You were selected' : 'Mediation in progress'}
        description={
          request.status === 'matched'
            ? `Coordinate the date with ${name}. Your payout of ${displayMoney(request.mediatorPayout)} is released after completion.`
            : `Keep ${name} informed here. Your payout of ${displayMoney(request.mediatorPayout)} is released after completion.`
        }
      />
      {request.status === 'matched' ? <StartMediationCard request={request} /> : null}
      <CompleteCard request={request} />
    </>
  );
}
