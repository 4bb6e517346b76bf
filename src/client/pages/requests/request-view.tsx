import { Clock, CreditCard } from 'lucide-react';
import { useState } from 'react';
import type { RequestDto, UserDto } from '../../../common/api-types';
import { BackLink } from '../../components/back-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { StatusBadge } from '../../components/ui/status-badge';
import { toastError } from '../../components/ui/use-toast';
import { AcceptCard } from '../../features/requests/accept-card';
import { CasePartiesCard } from '../../features/requests/case-parties-card';
import { useWithdraw } from '../../features/requests/api';
import { CancellationSummary, CancelRequestButton } from '../../features/requests/cancel-request';
import { PaymentFiguresCard } from '../../features/requests/payment-figures-card';
import { RequestDetailsCard } from '../../features/requests/request-details-card';
import { CaseDocumentsCard } from '../../features/requests/case-documents-card';
import { displayMoney } from '../../lib/format';
import { ProposalPanel } from '../../features/case-sides/proposal-panel';
import { FeeSplitCard } from '../../features/case-sides/fee-split-card';
import { SidesCard } from '../../features/case-sides/sides-card';
import { SessionCard } from '../../features/scheduling/session-card';
import { AgreementCard } from '../../features/signing/agreement-card';
import { TermSheetCard } from '../../features/signing/term-sheet-card';
import { DepositPaymentDialog } from './deposit-payment-dialog';
import { SharePaymentButton } from './share-payment-button';
import { isAfterMatch, LawyerAfterMatch, MediatorAfterMatch } from './after-match-panel';
import { SelectionStep } from './selection-step';

// A request's page once its request is loaded (request-detail-page.tsx loads this module alongside the request).

const CANCELLABLE = ['draft', 'pending_mediators', 'awaiting_selection', 'matched'];

function OwnerPanel({ request, user }: { request: RequestDto; user: UserDto }) {
  const [paying, setPaying] = useState(false);
  if (request.status === 'draft') {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="size-5 text-primary" aria-hidden="true" />
            Deposit not paid yet
          </CardTitle>
          <CardDescription>Pay the {displayMoney(request.depositAmount)} deposit to send this request to matching mediators.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => setPaying(true)}>Complete Payment</Button>
          <DepositPaymentDialog requestId={request.id} deposit={request.depositAmount ?? '250.00'} open={paying} onOpenChange={setPaying} />
        </CardContent>
      </Card>
    );
  }
  if (request.status === 'pending_mediators') {
    return (
      <Alert tone="info">
        <Clock aria-hidden="true" />
        <p>Your request is live. Matching mediators have been notified; if nobody accepts within the match window it opens to all mediators.</p>
      </Alert>
    );
  }
  if (request.status === 'awaiting_selection') return <SelectionStep request={request} />;
  if (isAfterMatch(request)) return <LawyerAfterMatch request={request} user={user} />;
  return null;
}

function MediatorPanel({ request, user }: { request: RequestDto; user: UserDto }) {
  const withdraw = useWithdraw(request.id);
  const mine = request.myAcceptance;
  if (request.selectedMediatorId === user.id && isAfterMatch(request)) return <MediatorAfterMatch request={request} user={user} />;
  if (mine?.status === 'pending') {
    return (
      <Card>
        <CardHeader>
          <CardTitle>You accepted this request</CardTitle>
          <CardDescription>
            {mine.proposedRate ? `You proposed ${displayMoney(mine.proposedRate)}/hour. ` : ''}The lawyer will choose among the mediators who accepted.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" disabled={withdraw.isPending} onClick={() => withdraw.mutateAsync().catch((e) => toastError('Error', e))}>
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw acceptance'}
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (mine?.status === 'rejected')
    return (
      <Alert tone="warning">
        <p>The lawyer selected another mediator for this request.</p>
      </Alert>
    );
  if (request.status === 'pending_mediators' || request.status === 'awaiting_selection') {
    return <AcceptCard request={request} tier={user.mediatorProfile?.subscriptionTier ?? 'free'} />;
  }
  return null;
}

/** The request, its state's panels and its cards, for `user`. */
export function RequestView({ request, user }: { request: RequestDto; user: UserDto }) {
  const isOwner = request.lawyerId === user.id;
  const seat = request.sides?.mySeat;
  const feeSplitCard = (
    <FeeSplitCard
      request={request}
      payButton={(side, due) =>
        seat === 'first' || seat === 'second' ? <SharePaymentButton requestId={request.id} side={side} mySide={seat} due={due} /> : null
      }
    />
  );
  // An approved selection waiting for the sides' shares (decision 050): paying them is the next step, so the card
  // moves up beside the proposal.
  const shareWaiting = !!request.sides?.feeSplit?.waitingSelection;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <BackLink to="/requests" label="Back to Requests" />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="font-serif text-3xl font-semibold wrap-anywhere">{request.caseName}</h1>
            <p className="mt-1 text-muted-foreground wrap-anywhere">Case #{request.caseNumber}</p>
          </div>
          <div className="flex items-center gap-3">
            <StatusBadge status={request.status} />
            {isOwner && CANCELLABLE.includes(request.status) ? <CancelRequestButton request={request} /> : null}
          </div>
        </div>
      </div>
      {request.status === 'cancelled' ? <CancellationSummary request={request} isOwner={isOwner} isSecondSide={request.opposingLawyerId === user.id} /> : null}
      <ProposalPanel request={request} />
      {shareWaiting ? feeSplitCard : null}
      {isOwner || user.role === 'admin' ? (
        <OwnerPanel request={request} user={user} />
      ) : user.role === 'mediator' ? (
        <MediatorPanel request={request} user={user} />
      ) : request.opposingLawyerId === user.id && isAfterMatch(request) ? (
        <LawyerAfterMatch request={request} user={user} />
      ) : null}
      <AgreementCard request={request} user={user} />
      <SessionCard request={request} user={user} />
      <TermSheetCard request={request} user={user} />
      <RequestDetailsCard request={request} isMediator={user.role === 'mediator'} viewerId={user.id} />
      <CaseDocumentsCard request={request} userId={user.id} />
      <SidesCard request={request} />
      {shareWaiting ? null : feeSplitCard}
      <CasePartiesCard request={request} />
      <PaymentFiguresCard request={request} reader={isOwner ? 'lawyer' : user.role === 'admin' ? 'admin' : 'mediator'} />
    </div>
  );
}
